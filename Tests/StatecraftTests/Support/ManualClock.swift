import Statecraft

/// A clock whose time moves only when a test sets it, and whose sleepers wake only when the test
/// says so: it can hold the moment "the deadline has passed, but the sleeper has not run yet".
final class ManualClock: Clock, Sendable {
  typealias Instant = SteppingClock.Instant

  private let time = CriticalState(Instant(offset: .zero))
  private let wake = Gate()

  var now: Instant { time.withLock { $0 } }
  var minimumResolution: Duration { .zero }

  /// Sets the time without waking anyone.
  func set(_ offset: Duration) { time.withLock { $0 = Instant(offset: offset) } }

  /// Wakes every sleeper, now and later.
  func wakeSleepers() { wake.open() }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    await wake.wait()
    try Task.checkCancellation()
  }
}
