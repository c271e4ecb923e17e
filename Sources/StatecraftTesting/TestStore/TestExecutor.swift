import Dispatch
import Synchronization

/// The task executor a ``TestStore`` runs its owner's tasks on: serial, and aware of when it has
/// nothing left to run.
///
/// Every task the owner starts (effects, side effects, invocations, timers, the owner's own
/// processing task) prefers this executor, so their nonisolated work runs here. When no job is
/// queued or running, every such task is either finished or suspended: on a clock that has not
/// reached its deadline, on a stream the test has not fed, or on something outside Statecraft.
/// That is what ``waitUntilIdle()`` waits for, without sleeping and without guessing.
final class TestExecutor: TaskExecutor {
  private struct State {
    /// Jobs enqueued and not yet run to their next suspension.
    var pending = 0
    /// Jobs run so far: a change means work happened.
    var jobsRun: UInt64 = 0
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let queue = DispatchQueue(label: "statecraft.test-store.executor")
  private let state = Mutex(State())

  init() {
    TestExecutors.register(self)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.pending += 1 }
    queue.async { [self] in
      job.runSynchronously(on: asUnownedTaskExecutor())
      TestExecutors.noteActivity()
      let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.pending -= 1
        state.jobsRun &+= 1
        guard state.pending == 0 else { return [] }
        defer { state.idleWaiters = [] }
        return state.idleWaiters
      }
      for waiter in waiters { waiter.resume() }
    }
  }

  /// Whether no job is queued or running.
  var isIdle: Bool { state.withLock { $0.pending == 0 } }

  /// How many jobs have run, for telling whether anything ran between two moments.
  var jobsRun: UInt64 { state.withLock { $0.jobsRun } }

  /// Suspends until no job is queued or running; returns at once if none is.
  func waitUntilIdle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let idle = state.withLock { state -> Bool in
        if state.pending == 0 { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }
}

/// Every live test store's executor, for a ``SettlingTestClock`` that lets all their effects run as
/// far as they can after waking a sleeper.
enum TestExecutors {
  private struct Registry {
    var executors: [WeakExecutor] = []
    /// Counts jobs run and records received by every test store: a change means work happened.
    var activity: UInt64 = 0
  }

  private struct WeakExecutor {
    weak var executor: TestExecutor?
  }

  private static let registry = Mutex(Registry())

  static func register(_ executor: TestExecutor) {
    registry.withLock { registry in
      registry.executors.removeAll { $0.executor == nil }
      registry.executors.append(WeakExecutor(executor: executor))
    }
  }

  static func noteActivity() {
    registry.withLock { $0.activity &+= 1 }
  }

  private static var live: [TestExecutor] {
    registry.withLock { $0.executors.compactMap(\.executor) }
  }

  private static var activity: UInt64 { registry.withLock { $0.activity } }

  /// Waits until every live test store's executor is idle and the main actor has run what was
  /// queued on it, with no work done since: every effect of every test store has run as far as it
  /// can.
  @MainActor
  static func settle() async {
    while true {
      for executor in live { await executor.waitUntilIdle() }
      let mark = activity
      await Task.yield()
      if live.allSatisfy(\.isIdle), mark == activity { return }
    }
  }
}
