/// One running effect: its task, the id it is registered under, and whether it may still deliver.
///
/// The cancellation flag is what makes "a cancelled effect never delivers" hold even when the
/// effect's operation ignores `Task` cancellation: every delivery checks it first. A cancelled
/// effect counts as done at once: it leaves its group, and ``completion()`` returns.
final class EffectHandle: Sendable {
  private struct State {
    var task: Task<Void, Never>?
    var isCancelled = false
    var isDone = false
    var waiters: [CheckedContinuation<Void, Never>] = []

    /// Marks the effect done and hands back the waiters to resume.
    mutating func finish() -> [CheckedContinuation<Void, Never>] {
      isDone = true
      defer { waiters = [] }
      return waiters
    }
  }

  /// The id that cancels this effect, if it has one.
  let id: EffectID?
  /// The `send` whose effects this one belongs to, if anyone is tracking them.
  let group: EffectGroup?
  private let state = CriticalState(State())

  init(id: EffectID?, group: EffectGroup?) {
    self.id = id
    self.group = group
  }

  /// Whether the effect was cancelled. A cancelled effect delivers nothing.
  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Whether the effect returned or was cancelled.
  var isDone: Bool { state.withLock { $0.isDone } }

  /// Marks the effect cancelled, cancels its task, and lets everyone waiting for it go on.
  func cancel() {
    let (task, waiters) = state.withLock { state in
      state.isCancelled = true
      return (state.task, state.finish())
    }
    task?.cancel()
    group?.remove(self)
    for waiter in waiters { waiter.resume() }
  }

  /// Gives the handle its task. The task is created after the handle, so a cancellation that
  /// arrived in between is applied here.
  func attach(_ task: Task<Void, Never>) {
    let cancelled = state.withLock { state -> Bool in
      state.task = task
      return state.isCancelled
    }
    if cancelled { task.cancel() }
  }

  /// Called when the effect's operation returned.
  func finished() {
    let waiters = state.withLock { $0.finish() }
    group?.remove(self)
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the effect's operation returned or the effect was cancelled.
  func completion() async {
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state -> Bool in
        if !state.isDone { state.waiters.append(continuation) }
        return state.isDone
      }
      if isDone { continuation.resume() }
    }
  }
}
