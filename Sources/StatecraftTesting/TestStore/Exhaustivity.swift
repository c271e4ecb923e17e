/// How much a ``TestStore`` insists on: every state change, received action and effect, or only
/// what the test asserts.
///
/// ```swift
/// let store = TestStore(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///   count += step
///   return .none
/// }
/// store.exhaustivity = .off                                  // assert only what matters here
/// store.exhaustivity = .off(showSkippedAssertions: true)     // and list the rest as known issues
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every received action received, and every effect
  /// finished by the end of the test. The default.
  case on
  /// Only what the test asserts is checked. With `showSkippedAssertions`, what it skipped is
  /// reported as known issues (`withKnownIssue` in Swift Testing, `XCTExpectFailure` in XCTest),
  /// which do not fail the test.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without listing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
