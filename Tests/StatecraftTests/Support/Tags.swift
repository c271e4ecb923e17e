import Testing

extension Tag {
  /// Pins a defect of one of the libraries the seed documents describe, which Statecraft must not repeat.
  @Tag static var seedDefect: Self
}
