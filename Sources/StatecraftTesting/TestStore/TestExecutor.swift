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

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.pending += 1 }
    queue.async { [self] in
      job.runSynchronously(on: asUnownedTaskExecutor())
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
