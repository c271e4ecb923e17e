import Testing

extension Tag {
  /// Pins a defect of a seed library (`SEED-APIS.md`) that Statecraft must not repeat.
  @Tag static var seedDefect: Self
}
