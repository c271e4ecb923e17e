/// The running chart's clock, with its type erased: it reads the chart's own time line (zero when
/// the chart started, or a restored snapshot's time when it was restored) from a `Clock`.
@usableFromInline
struct ChartClock: Sendable {
  /// The chart's time now.
  @usableFromInline let now: @Sendable () -> Duration
  /// Sleeps until the chart's time is `time`, or returns at once if it has come.
  let sleep: @Sendable (_ until: Duration) async throws -> Void

  /// Maps the chart's time `start` to `clock`'s present.
  init<C: Clock>(_ clock: C, startingAt start: Duration) where C.Duration == Duration {
    let origin = clock.now.advanced(by: .zero - start)
    now = { origin.duration(to: clock.now) }
    sleep = { time in
      let deadline = origin.advanced(by: time)
      guard clock.now < deadline else { return }
      try await clock.sleep(until: deadline, tolerance: nil)
    }
  }
}
