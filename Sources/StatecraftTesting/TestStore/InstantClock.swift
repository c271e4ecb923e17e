import Statecraft

/// A clock whose sleeps return at once, moving its time forward, without yielding to other
/// tasks: time that passes instantly, for tests of code that waits.
///
/// ```swift
/// struct Search: Equatable {
///   var query = ""
///   var results: [String] = []
/// }
/// enum SearchAction: Equatable { case queryChanged(String), results([String]) }
/// struct SearchEnvironment { var clock: any Clock<Duration> }
///
/// func search(
///   _ state: inout Search, _ action: SearchAction, _ environment: SearchEnvironment
/// ) -> Effect<SearchAction> {
///   switch action {
///   case .queryChanged(let query):
///     state.query = query
///     return .run { send in
///       try await environment.clock.sleep(for: .milliseconds(300))   // debounce
///       await send(.results(["swift"]))
///     }
///   case .results(let results):
///     state.results = results
///     return .none
///   }
/// }
/// ```
///
/// ```swift
/// let store = TestStore(initialState: Search(), environment: .init(clock: InstantClock()), reducer: search)
/// await store.send(.queryChanged("sw")) { $0.query = "sw" }
/// await store.receive(.results(["swift"])) { $0.results = ["swift"] }   // the debounce took no time
/// ```
///
/// Use it with a ``TestStore`` where you would use swift-clocks' `ImmediateClock`: that clock
/// yields on every sleep through a series of detached background tasks (`Task.megaYield()`), which
/// run outside the test store's executor, so the test store cannot tell when they are done.
/// `InstantClock` never leaves the sleeping task.
public final class InstantClock: Clock, Sendable {
  /// The clock's durations: `Swift.Duration`, as those of `ContinuousClock`.
  public typealias Duration = Swift.Duration

  /// A point on the clock's time line.
  public typealias Instant = TestInstant

  private let current = CriticalState(Instant())

  /// A clock at `now`.
  public init(now: Instant = Instant()) {
    current.withLock { $0 = now }
  }

  /// The clock's time: the latest of the instant it was created at and the deadlines its sleeps
  /// reached.
  public var now: Instant { current.withLock { $0 } }

  /// Zero: a sleep reaches its deadline exactly.
  public var minimumResolution: Swift.Duration { .zero }

  /// Moves the clock's time to `deadline`, if it is later, and returns, unless the task is
  /// cancelled.
  public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
  }
}
