/// A clock with its type erased, for the timers the engine runs (throttle windows, delays), so that
/// effect values need no clock type parameter.
///
/// Timers work with absolute deadlines, fixed when an effect starts. A task that starts sleeping
/// late, after a test clock has already been advanced past its deadline, still wakes at once:
/// ``sleep(until:)`` returns without sleeping when the deadline has passed. So the engine's own
/// timers never race a test that advances its clock right after `send`.
@usableFromInline
package struct EffectClock: Sendable {
  /// A point in time of the wrapped clock. It works only with the clock that made it.
  @usableFromInline
  package struct Deadline: Sendable {
    fileprivate let instant: any Sendable
    fileprivate let advance: @Sendable (any Sendable, Duration) -> any Sendable

    /// The deadline `duration` after this one.
    package func advanced(by duration: Duration) -> Deadline {
      Deadline(instant: advance(instant, duration), advance: advance)
    }
  }

  private let nowAfter: @Sendable (Duration) -> Deadline
  private let hasPassed: @Sendable (Deadline) -> Bool
  private let sleepUntil: @Sendable (Deadline) async throws -> Void

  package init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let advance: @Sendable (any Sendable, Duration) -> any Sendable = { instant, duration in
      (instant as! C.Instant).advanced(by: duration)
    }
    nowAfter = { Deadline(instant: clock.now.advanced(by: $0), advance: advance) }
    hasPassed = { clock.now >= ($0.instant as! C.Instant) }
    sleepUntil = { try await clock.sleep(until: $0.instant as! C.Instant, tolerance: nil) }
  }

  /// The deadline `duration` from now.
  package func deadline(after duration: Duration) -> Deadline { nowAfter(duration) }

  /// Sleeps until `deadline`, or not at all if it has come. Throws `CancellationError` if the task
  /// is cancelled.
  package func sleep(until deadline: Deadline) async throws {
    try Task.checkCancellation()
    guard !hasPassed(deadline) else { return }
    try await sleepUntil(deadline)
  }
}
