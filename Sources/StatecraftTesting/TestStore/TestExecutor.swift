import Dispatch
import Statecraft
import StatecraftEngine

/// The task executor a ``TestStore`` runs its owner's tasks on: serial, and aware of when it has
/// nothing left to run.
///
/// Every task the owner starts (effects, side effects, invocations, timers, the owner's own
/// processing task) prefers this executor, so their nonisolated work runs here. When no job is
/// queued or running, every such task is either finished or suspended: on a clock that has not
/// reached its deadline, on a stream the test has not fed, or on something outside Statecraft.
/// That is what ``waitUntilIdle(orAfter:)`` waits for, without sleeping and without guessing.
final class TestExecutor: TaskExecutor {
  private struct State {
    /// Jobs enqueued and not yet run to their next suspension.
    var pending = 0
    /// Jobs run and records received so far: a change means work happened.
    var activity: UInt64 = 0
    var idleWaiters: [IdleWaiter] = []
  }

  private struct IdleWaiter {
    let continuation: CheckedContinuation<Bool, Never>
    /// The activity at which the waiter stops waiting, idle or not.
    let giveUpAt: UInt64
  }

  /// Tells a job's code which test executor runs it.
  private static let key = DispatchSpecificKey<Unowned>()

  /// The executor, unowned: the queue that holds it lives no longer than it does.
  private struct Unowned {
    unowned let executor: TestExecutor
  }

  private let queue = DispatchQueue(label: "statecraft.test-store.executor")
  private let state = CriticalState(State())
  /// The task that created the test store: its test's task.
  let creator = TestExecutors.currentTask

  init() {
    queue.setSpecific(key: Self.key, value: Unowned(executor: self))
    TestExecutors.register(self)
  }

  /// The test executor running the current code, if one is.
  static var current: TestExecutor? { DispatchQueue.getSpecific(key: key)?.executor }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.pending += 1 }
    queue.async { [self] in
      job.runSynchronously(on: asUnownedTaskExecutor())
      let (idle, waiters) = state.withLock { state -> (Bool, [IdleWaiter]) in
        state.pending -= 1
        state.activity &+= 1
        guard !state.idleWaiters.isEmpty else { return (false, []) }
        if state.pending == 0 {
          defer { state.idleWaiters = [] }
          return (true, state.idleWaiters)
        }
        let activity = state.activity
        let done = state.idleWaiters.filter { $0.giveUpAt <= activity }
        state.idleWaiters.removeAll { $0.giveUpAt <= activity }
        return (false, done)
      }
      for waiter in waiters { waiter.continuation.resume(returning: idle) }
    }
  }

  /// Whether no job is queued or running.
  var isIdle: Bool { state.withLock { $0.pending == 0 } }

  /// How many jobs have run and records arrived, for telling whether anything happened between two
  /// moments.
  var activity: UInt64 { state.withLock { $0.activity } }

  /// Counts a record the test store received, which may have come from the main actor.
  func noteActivity() {
    state.withLock { $0.activity &+= 1 }
  }

  /// Suspends until no job is queued or running, or until `jobs` more jobs have run; returns at
  /// once if none is.
  ///
  /// - Returns: Whether the executor is idle: `false` if it gave up after `jobs` jobs.
  func waitUntilIdle(orAfter jobs: UInt64) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let idle = state.withLock { state -> Bool in
        if state.pending == 0 { return true }
        state.idleWaiters.append(IdleWaiter(continuation: continuation, giveUpAt: state.activity &+ jobs))
        return false
      }
      if idle { continuation.resume(returning: true) }
    }
  }
}

/// Every live test store's executor, for a ``SettlingTestClock`` woken from code that no test
/// store runs.
enum TestExecutors {
  private struct WeakExecutor {
    weak var executor: TestExecutor?
  }

  private static let registry = CriticalState<[WeakExecutor]>([])

  static func register(_ executor: TestExecutor) {
    registry.withLock { executors in
      executors.removeAll { $0.executor == nil }
      executors.append(WeakExecutor(executor: executor))
    }
  }

  /// Every test executor alive now.
  static var live: [TestExecutor] {
    registry.withLock { $0.compactMap(\.executor) }
  }

  /// The current task's identity, if code runs in a task: its address, compared, never followed.
  static var currentTask: UInt? { CurrentTask.address.map { UInt(bitPattern: $0) } }

  /// The test executors the current task created: those of the test stores of the test that runs.
  static var ofCurrentTask: [TestExecutor] {
    guard let task = currentTask else { return [] }
    return live.filter { $0.creator == task }
  }

  /// How many jobs, or rounds of main-actor work, ``settle(_:)`` waits through before it gives
  /// up: effects that keep working without end, such as a loop that polls, never settle.
  static let stepLimit = 100_000

  /// Waits until each of `executors` is idle and the main actor has run what was queued on it,
  /// with no work done since: every effect those executors run has gone as far as it can.
  ///
  /// - Returns: `false` if the waiting task was cancelled, or if work was still going on after
  ///   ``stepLimit`` jobs or rounds.
  @MainActor
  static func settle(_ executors: [TestExecutor]) async -> Bool {
    var steps = 0
    while steps < stepLimit {
      for executor in executors {
        while await !executor.waitUntilIdle(orAfter: 1_000) {
          steps += 1_000
          if Task.isCancelled || steps >= stepLimit { return false }
        }
      }
      if Task.isCancelled { return false }
      let mark = executors.map(\.activity)
      // Runs what the main actor has queued: effects' main-actor steps, such as sending an action
      // back to a store. What they start lands on an executor or in the records.
      await Task.yield()
      if executors.allSatisfy(\.isIdle), mark == executors.map(\.activity) { return true }
      steps += 1
    }
    return false
  }
}
