import Testing

extension Tag {
  /// Pins a defect of a library Statecraft replaces (SwiftTea, AsyncStateMachine, bpisano's
  /// StateMachine, async-state), which Statecraft must not repeat. The test's documentation says
  /// which.
  @Tag static var replacedLibraryDefect: Self
}
