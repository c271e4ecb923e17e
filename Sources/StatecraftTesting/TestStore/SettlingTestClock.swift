import IssueReporting
import Statecraft

/// A test clock that, each time it wakes a sleeper, lets the effects of the test store it belongs
/// to run as far as they can before it looks for the next one: one `advance` runs a chain of sleeps
/// (a debounce, then the request it starts, then that request's timeout) deterministically.
///
/// ```swift
/// struct Search: Equatable { var query = ""; var isSearching = false; var results: [String] = [] }
/// enum SearchAction: Equatable, Sendable {
///   case queryChanged(String), searchStarted(query: String), searchResponse(query: String, results: [String])
/// }
/// struct SearchEnvironment { var clock: any Clock<Duration> }
///
/// func search(state: inout Search, action: SearchAction, environment: SearchEnvironment) -> Effect<SearchAction> {
///   switch action {
///   case .queryChanged(let query):
///     state.query = query
///     return .run { send in
///       try await environment.clock.sleep(for: .milliseconds(300))   // the debounce
///       await send(.searchStarted(query: query))
///     }
///     .cancellable(id: "debounce", cancelInFlight: true)
///   case .searchStarted(let query):
///     state.isSearching = true
///     return .run { send in
///       try await environment.clock.sleep(for: .milliseconds(200))   // the request
///       await send(.searchResponse(query: query, results: ["state"]))
///     }
///   case .searchResponse(_, let results):
///     state.isSearching = false
///     state.results = results
///     return .none
///   }
/// }
///
/// @MainActor @Test func oneAdvanceRunsTheDebounceThenTheSearch() async {
///   let clock = SettlingTestClock()
///   let store = TestStore(initialState: Search(), environment: .init(clock: clock), reducer: search)
///   await store.send(.queryChanged("st")) { $0.query = "st" }
///   await clock.advance(by: .milliseconds(500))   // the 300 ms debounce, then the 200 ms search
///   await store.receive(.searchStarted(query: "st")) { $0.isSearching = true }
///   await store.receive(.searchResponse(query: "st", results: ["state"])) {
///     $0.isSearching = false
///     $0.results = ["state"]
///   }
/// }
/// ```
///
/// swift-clocks' `TestClock` works with a test store as long as each `advance` wakes sleepers that
/// were already waiting: a task that it wakes, and that sleeps again within the same `advance`,
/// must register that sleep before `TestClock` stops looking, which it leaves to chance
/// (`Task.megaYield`). `SettlingTestClock` waits for it.
///
/// It waits for the test stores that the task calling `advance` created (the test's own), and for
/// those whose effects it woke: tests that run in parallel do not hold it up. Effects that never
/// settle hold it up for a bounded number of steps at most. Outside test stores it is a plain test
/// clock: `advance` wakes the sleepers due, and waits for nothing else.
public final class SettlingTestClock: Clock, Sendable {
  /// The clock's durations: `Swift.Duration`, as those of `ContinuousClock`.
  public typealias Duration = Swift.Duration

  /// A point on the clock's time line.
  public typealias Instant = TestInstant

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// The test store executor the sleeping code ran on, if it ran on one.
    weak var executor: TestExecutor?
    let ranOnTestExecutor: Bool
  }

  private struct State {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var lastID: UInt64 = 0
  }

  private let state = CriticalState(State())

  /// A clock at its start.
  public init() {}

  /// The clock's time: where the latest `advance` moved it, or its start. Only `advance` moves it;
  /// sleeping does not.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: a sleeper wakes when the clock reaches its deadline exactly.
  public var minimumResolution: Swift.Duration { .zero }

  /// Suspends until the clock is advanced to `deadline`, or returns at once if it is there.
  public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64? in
      guard deadline > state.now else { return nil }
      state.lastID += 1
      return state.lastID
    }
    guard let id else { return }
    let executor = TestExecutor.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Registration { case sleeping, wakeNow, cancelled }
        let registration = state.withLock { state -> Registration in
          // Checked under the lock the cancellation handler takes: a cancellation that lands
          // before the sleeper is registered is seen here, one that lands after finds it there.
          if Task.isCancelled { return .cancelled }
          guard deadline > state.now else { return .wakeNow }
          state.sleepers.append(
            Sleeper(
              id: id, deadline: deadline, continuation: continuation, executor: executor,
              ranOnTestExecutor: executor != nil))
          return .sleeping
        }
        switch registration {
        case .sleeping: break
        case .wakeNow: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration`, waking sleepers in deadline order, and letting the
  /// effects of the test stores they belong to run as far as they can after each.
  ///
  /// Effects that never settle (a loop that polls) fail the test at this line, and the clock stops
  /// where it got to.
  @MainActor
  public func advance(
    by duration: Swift.Duration = .zero,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await advance(
      to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Moves the clock forward to `deadline`, waking sleepers in deadline order, and letting the
  /// effects of the test stores they belong to run as far as they can after each.
  ///
  /// Effects that never settle (a loop that polls) fail the test at this line, and the clock stops
  /// where it got to.
  @MainActor
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    func settle(_ executors: [TestExecutor]) async -> Bool {
      if await TestExecutors.settle(executors) { return true }
      if !Task.isCancelled {
        reportIssue(
          """
          Effects kept running through \(TestExecutors.stepLimit) steps without settling, such as a \
          loop that polls: the clock stopped at \(now.offset) instead of going on to \
          \(deadline.offset).
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return false
    }
    // What the test did just before (created a test store, say) has not necessarily reached its
    // sleep yet: its test stores run it.
    let own = TestExecutors.ofCurrentTask
    guard await settle(own) else { return }
    while !Task.isCancelled {
      let woken = state.withLock { state -> [Sleeper] in
        guard let next = state.sleepers.map(\.deadline).min(), next <= deadline else {
          state.now = max(state.now, deadline)
          return []
        }
        state.now = next
        let woken = state.sleepers.filter { $0.deadline == next }
        state.sleepers.removeAll { $0.deadline == next }
        return woken
      }
      guard !woken.isEmpty else { return }
      for sleeper in woken.sorted(by: { $0.id < $1.id }) { sleeper.continuation.resume() }
      // Code that slept outside every test store (on the main actor, say) may have handed work to
      // any of the test's own.
      let executors = woken.allSatisfy(\.ranOnTestExecutor) ? woken.compactMap(\.executor) : own
      guard await settle((executors + own).uniqued()) else { return }
    }
  }
}

extension Array where Element: AnyObject {
  /// The elements, each object once, in their first order.
  fileprivate func uniqued() -> [Element] {
    var seen: Set<ObjectIdentifier> = []
    return filter { seen.insert(ObjectIdentifier($0)).inserted }
  }
}
