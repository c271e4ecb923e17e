/// The effects that one message started, including effects started by the messages they fed back.
///
/// It holds only the effects still running: each leaves when it returns or is cancelled, so a
/// long-lived stream that feeds back many actions does not grow it. A store hands it out as a
/// `StoreTask`, whose equality is the group's identity.
@usableFromInline
package final class EffectGroup: Sendable, Hashable {
  private struct State {
    var running: [ObjectIdentifier: EffectHandle] = [:]
    var waiters: [CheckedContinuation<Void, Never>] = []
    var isCancelled = false
  }

  private let state = CriticalState(State())

  @usableFromInline
  package init() {}

  /// Whether ``cancel()`` was called.
  package var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Tracks a newly started effect. An effect that joins a cancelled group is cancelled at once;
  /// one that was cancelled already does not join.
  package func add(_ handle: EffectHandle) {
    let cancelled = state.withLock { state -> Bool in
      if !state.isCancelled, !handle.isCancelled {
        state.running[ObjectIdentifier(handle)] = handle
      }
      return state.isCancelled
    }
    if cancelled { handle.cancel() }
  }

  /// Stops tracking an effect that returned, and wakes waiters when none is left.
  package func remove(_ handle: EffectHandle) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running[ObjectIdentifier(handle)] = nil
      guard state.running.isEmpty else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels every running effect of the group, and every effect that joins it later.
  ///
  /// A cancelled effect can deliver nothing, so it counts as finished at once: ``finish()``
  /// returns without waiting for an operation that ignores cancellation.
  package func cancel() {
    let (running, waiters) = state.withLock { state in
      state.isCancelled = true
      defer {
        state.running = [:]
        state.waiters = []
      }
      return (Array(state.running.values), state.waiters)
    }
    for handle in running { handle.cancel() }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until no effect of the group is running.
  ///
  /// On the main actor, the wait runs under ``MainQueueTaskExecutor``'s preference: the effects of
  /// a main-actor store end on the main actor, and resuming the waiter from there through the
  /// global executor would wake two threads per wait (a pool thread, then the main thread). Not
  /// under a test store, whose executor runs every job its tasks enqueue.
  package func finish(isolation: isolated (any Actor)? = #isolation) async {
    if state.withLock({ $0.running.isEmpty }) { return }
    guard let executor = Self.waitingExecutor(isolation: isolation) else {
      return await wait(isolation: isolation)
    }
    await withTaskExecutorPreference(executor, isolation: isolation) {
      // Captures the isolation, so that the closure starts on it rather than on the executor.
      await wait(isolation: isolation)
    }
  }

  /// The task executor a wait on `isolation` prefers: ``mainActorWaitExecutor`` on the main actor,
  /// unless a test store's executor runs the owner's tasks; otherwise none.
  package static func waitingExecutor(isolation: (any Actor)?) -> (any TaskExecutor)? {
    guard isolation === MainActor.shared, EffectExecutor.preferred == nil else { return nil }
    return mainActorWaitExecutor
  }

  /// The executor a main-actor wait prefers: ``MainQueueTaskExecutor``. Tests put one in front of
  /// it that counts the resumptions it runs.
  @TaskLocal package static var mainActorWaitExecutor: any TaskExecutor = MainQueueTaskExecutor.shared

  private func wait(isolation: isolated (any Actor)?) async {
    await withCheckedContinuation(isolation: isolation) { continuation in
      let isDone = state.withLock { state -> Bool in
        if state.running.isEmpty { return true }
        state.waiters.append(continuation)
        return false
      }
      if isDone { continuation.resume() }
    }
  }
}

extension EffectGroup {
  @usableFromInline
  package static func == (lhs: EffectGroup, rhs: EffectGroup) -> Bool { lhs === rhs }

  @usableFromInline
  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
