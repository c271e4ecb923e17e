/// A point on the time line of a test clock (``InstantClock``, ``SettlingTestClock``): how far from
/// the clock's start.
///
/// ```swift
/// let clock = InstantClock()
/// try await clock.sleep(for: .seconds(5))
/// #expect(clock.now == TestInstant(offset: .seconds(5)))
/// ```
public struct TestInstant: InstantProtocol {
  /// How far from the clock's start.
  public let offset: Duration

  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }
}
