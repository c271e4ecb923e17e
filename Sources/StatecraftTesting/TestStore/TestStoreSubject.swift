import Statecraft

/// What a ``TestStore`` drives: a store, a running machine or a running chart, as closures over
/// it, so that one test store serves every front-end.
struct TestStoreSubject<State, Action> {
  /// Sends an action and returns once the owner has processed it.
  var send: @MainActor (Action, CallSite) async -> Void
  /// The owner's state now.
  var currentState: @MainActor () -> State
  /// The action in a `received` record, if the record holds one.
  let action: @MainActor (Any) -> Action?
  /// The state in a `stateUpdated` record.
  let state: @MainActor (Any) -> State?
  /// Cancels every effect running now.
  var cancelEffects: @MainActor () -> Void
  /// Sets the owner's own timers again after ``cancelEffects``: a chart keeps its time.
  var restartTimers: @MainActor () -> Void = {}
}

/// Whether a test store's deinit is running, on whatever thread released the store: what it may
/// touch is limited (see `TestStore.withMainActorState`).
enum TestStoreDeinit {
  @TaskLocal static var isRunning = false
}

#if DEBUG
  extension TestStoreSubject {
    /// This subject, with the closures that reach the owner (its state, sends, effects) checked
    /// not to run inside a test store's deinit, which may run off the owner's actor.
    func checkedOutsideDeinit() -> Self {
      let (send, currentState, cancelEffects) = (self.send, self.currentState, self.cancelEffects)
      var checked = self
      checked.send = { action, callSite in
        assert(!TestStoreDeinit.isRunning, "a test store's deinit does not send to its owner")
        await send(action, callSite)
      }
      checked.currentState = {
        assert(!TestStoreDeinit.isRunning, "a test store's deinit does not read its owner's state")
        return currentState()
      }
      checked.cancelEffects = {
        assert(!TestStoreDeinit.isRunning, "a test store's deinit does not cancel its owner's effects")
        cancelEffects()
      }
      return checked
    }
  }
#endif
