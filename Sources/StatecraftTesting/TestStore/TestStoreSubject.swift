import Statecraft

/// What a ``TestStore`` drives: a store, a running machine or a running chart, as closures over
/// it, so that one test store serves every front-end.
struct TestStoreSubject<State, Action> {
  /// Sends an action and returns once the owner has processed it.
  let send: @MainActor (Action, CallSite) async -> Void
  /// The owner's state now.
  let currentState: @MainActor () -> State
  /// The action in a `received` record, if the record holds one.
  let action: @MainActor (Any) -> Action?
  /// The state in a `stateUpdated` record.
  let state: @MainActor (Any) -> State?
  /// Cancels every effect running now.
  let cancelEffects: @MainActor () -> Void
  /// Sets the owner's own timers again after ``cancelEffects``: a chart keeps its time.
  var restartTimers: @MainActor () -> Void = {}
}
