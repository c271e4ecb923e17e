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

  /// The instant `offset` from the clock's start: the start itself by default.
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// The instant `duration` later, or earlier when `duration` is negative.
  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  /// How far `other` is from this instant: negative when `other` is earlier.
  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  /// An instant comes before another when its offset is smaller.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }
}
