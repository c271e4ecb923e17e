import StatecraftEngine

/// The running chart's clock, with its type erased: it reads the chart's own time line from a
/// `Clock`. The time line starts when the chart starts (at zero, or at a restored snapshot's
/// time); before that, the chart's time stands still.
@usableFromInline
package final class ChartClock: Sendable {
  /// The wrapped clock's time since a fixed reference instant.
  private let elapsed: @Sendable () -> Duration
  /// Sleeps until the wrapped clock is `duration` past the reference instant.
  private let sleepUntilElapsed: @Sendable (Duration) async throws -> Void
  /// The chart's time at the reference instant: set when the chart starts.
  private let offset = CriticalState<Duration?>(nil)
  /// The chart's time until it starts.
  private let initialTime: Duration

  package init<C: Clock>(_ clock: C, startingAt start: Duration) where C.Duration == Duration {
    let reference = clock.now
    elapsed = { reference.duration(to: clock.now) }
    sleepUntilElapsed = { elapsed in
      let deadline = reference.advanced(by: elapsed)
      guard clock.now < deadline else { return }
      try await clock.sleep(until: deadline, tolerance: nil)
    }
    initialTime = start
  }

  /// Starts the chart's time line at `time`, now. Later calls change nothing.
  package func start(at time: Duration) {
    let elapsed = elapsed()
    offset.withLock { offset in
      if offset == nil { offset = time - elapsed }
    }
  }

  /// The chart's time now: never past ``ChartSnapshot/maximumTime``, where it stops.
  @usableFromInline
  package func now() -> Duration {
    guard let offset = offset.withLock({ $0 }) else { return initialTime }
    return min(elapsed() + offset, Self.maximumTime)
  }

  /// Sleeps until the chart's time is `time`, or returns at once if it has come. A time more than
  /// ``longestSleep`` away is slept towards in steps of that: the clock's deadline must stay
  /// within what its instants can hold (a continuous clock's seconds are an `Int64`). The caller
  /// finds nothing due when it wakes early, and sleeps again.
  package func sleep(_ time: Duration) async throws {
    guard let offset = offset.withLock({ $0 }) else { return }
    try await sleepUntilElapsed(min(time - offset, elapsed() + Self.longestSleep))
  }

  /// The longest one sleep lasts: about 68 years.
  static let longestSleep = Duration.seconds(Int64(Int32.max))

  private static var maximumTime: Duration { .seconds(Int64.max) }
}
