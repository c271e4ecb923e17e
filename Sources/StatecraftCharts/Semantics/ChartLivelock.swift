/// A loop that the chart stopped: eventless transitions that kept enabling each other for
/// ``microsteps`` microsteps in one macrostep, or timers due at once that kept setting timers due
/// at once (``microsteps`` then counts the timers fired). The step reports it as an
/// `actionFailed` effect, and the running chart as a diagnostic.
///
/// ```swift
/// let pingPong = Statechart<String, String, EmptyChartContext>(initial: "ping") {
///   StateNode("ping") { Always(target: "pong") }
///   StateNode("pong") { Always(target: "ping") }
/// }
/// for case .actionFailed(let livelock as ChartLivelock, _) in pingPong.initialTransition().effects {
///   print(livelock.microsteps)   // 100000
/// }
/// ```
public struct ChartLivelock: Error, CustomStringConvertible {
  /// What kept the chart from settling.
  ///
  /// ```swift
  /// func advice(for livelock: ChartLivelock) -> String {
  ///   switch livelock.cause {
  ///   case .eventlessTransitions: "guard the `Always` transitions that loop"
  ///   case .timers: "give the zero-delay timers that re-arm each other a delay"
  ///   }
  /// }
  /// ```
  public enum Cause: Sendable, Equatable {
    /// Eventless transitions that kept enabling each other within one macrostep.
    case eventlessTransitions
    /// Timers due at once whose transitions kept setting timers due at once.
    case timers
  }

  /// What kept the chart from settling.
  public let cause: Cause
  /// How many microsteps ran (for a chain of timers, how many timers fired) before the chart
  /// stopped.
  public let microsteps: Int

  @usableFromInline
  init(_ cause: Cause, microsteps: Int) {
    self.cause = cause
    self.microsteps = microsteps
  }

  /// Says what looped, how long, and how to end the loop.
  public var description: String {
    switch cause {
    case .eventlessTransitions:
      "The chart's eventless transitions ran \(microsteps) microsteps without settling; the macrostep was stopped. Give the looping transitions a guard that their actions make false."
    case .timers:
      "The chart fired \(microsteps) timers due at once, each setting another due at once; the timers still due were dropped. Give the delayed transitions a delay that lets time pass, or a guard that ends the chain."
    }
  }
}
