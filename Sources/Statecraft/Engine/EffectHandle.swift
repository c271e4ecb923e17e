
/// One running effect: its task, the ids it is registered under, and whether it may still deliver.
///
/// The cancellation flag is what makes "a cancelled effect never delivers" hold even when the
/// effect's operation ignores `Task` cancellation: every delivery checks it first.
final class EffectHandle: Sendable {
  private struct State {
    var task: Task<Void, Never>?
    var isCancelled = false
  }

  /// The ids that cancel this effect.
  let ids: [EffectID]
  /// The `send` whose effects this one belongs to, if anyone is tracking them.
  let group: EffectGroup?
  private let state = CriticalState(State())

  init(ids: [EffectID], group: EffectGroup?) {
    self.ids = ids
    self.group = group
  }

  /// Whether the effect was cancelled. A cancelled effect delivers nothing.
  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Marks the effect cancelled and cancels its task.
  func cancel() {
    let task = state.withLock { state -> Task<Void, Never>? in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
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

  /// Waits until the effect's task has returned.
  func completion() async {
    await state.withLock { $0.task }?.value
  }
}
