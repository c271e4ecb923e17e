/// One running effect: its task, the id it is registered under, and whether it may still deliver.
///
/// The cancellation flag is what makes "a cancelled effect never delivers" hold even when the
/// effect's operation ignores `Task` cancellation: every delivery checks it, and an owner checks it
/// again when it takes the delivered message from its mailbox. A cancelled effect counts as done at
/// once: it leaves its group, and ``completion()`` returns.
///
/// An effect started from inside another (a `.cancellable` nested in a running effect) is its
/// *child*: the child is linked before its task starts, and cancelling the parent cancels it in the
/// same call, so no child of a cancelled effect can deliver.
@usableFromInline
package final class EffectHandle: Sendable {
  private struct State {
    var task: Task<Void, Never>?
    var isCancelled = false
    var isDone = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    var children: [EffectHandle] = []

    /// Marks the effect done and hands back the waiters to resume.
    mutating func finish() -> [CheckedContinuation<Void, Never>] {
      isDone = true
      defer { waiters = [] }
      return waiters
    }
  }

  /// The id that cancels this effect, if it has one.
  package let id: EffectID?
  /// The `send` whose effects this one belongs to, if anyone is tracking them.
  @usableFromInline package let group: EffectGroup?
  /// How inspectors see it.
  package let inspected: InspectedEffect
  private let context: OwnerServices
  private let state = CriticalState(State())

  package init(id: EffectID?, group: EffectGroup?, number: UInt64, callSite: CallSite?, context: OwnerServices) {
    self.id = id
    self.group = group
    self.inspected = InspectedEffect(number: number, id: id, callSite: callSite)
    self.context = context
  }

  /// Reports a diagnostic of the effect's owner, at `callSite` or, without one, where the effect
  /// was created.
  package func report(
    _ kind: Diagnostic.Kind, _ message: String, callSite: CallSite? = nil, error: (any Error)? = nil
  ) {
    context.report(kind, message, callSite: callSite ?? self.callSite, error: error)
  }

  /// Where the effect was created.
  @usableFromInline
  package var callSite: CallSite? { inspected.callSite }

  /// Whether the effect was cancelled. A cancelled effect delivers nothing.
  @usableFromInline
  package var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Whether the effect returned or was cancelled.
  @usableFromInline
  package var isDone: Bool { state.withLock { $0.isDone } }

  /// Marks the effect and its children cancelled, cancels their tasks, and lets everyone waiting
  /// for them go on. Does nothing to an effect that already returned or was cancelled.
  @usableFromInline
  package func cancel() {
    let cancelled = state.withLock {
      state -> (Task<Void, Never>?, [CheckedContinuation<Void, Never>], [EffectHandle])? in
      guard !state.isCancelled, !state.isDone else { return nil }
      state.isCancelled = true
      defer {
        state.task = nil
        state.children = []
      }
      return (state.task, state.finish(), state.children)
    }
    guard let (task, waiters, children) = cancelled else { return }
    task?.cancel()
    for child in children { child.cancel() }
    group?.remove(self)
    for waiter in waiters { waiter.resume() }
    context.emit(.effectCancelled(inspected))
  }

  /// Links a child effect, so that cancelling this one cancels it. Returns `false`, linking
  /// nothing, if this effect is already cancelled: the caller cancels the child instead.
  package func adopt(_ child: EffectHandle) -> Bool {
    state.withLock { state in
      guard !state.isCancelled else { return false }
      state.children.removeAll { $0.isDone }
      state.children.append(child)
      return true
    }
  }

  /// Gives the handle its task. The task is created after the handle, so a cancellation that
  /// arrived in between is applied here.
  package func attach(_ task: Task<Void, Never>) {
    let cancelled = state.withLock { state -> Bool in
      state.task = task
      return state.isCancelled
    }
    if cancelled { task.cancel() }
  }

  /// Called when the effect's operation returned.
  package func finished() {
    let finished = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
      guard !state.isDone else { return nil }
      state.task = nil
      return state.finish()
    }
    guard let waiters = finished else { return }
    group?.remove(self)
    for waiter in waiters { waiter.resume() }
    context.emit(.effectFinished(inspected))
  }

  /// Waits until the effect's operation returned or the effect was cancelled.
  nonisolated(nonsending) package func completion() async {
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state -> Bool in
        if !state.isDone { state.waiters.append(continuation) }
        return state.isDone
      }
      if isDone { continuation.resume() }
    }
  }
}
