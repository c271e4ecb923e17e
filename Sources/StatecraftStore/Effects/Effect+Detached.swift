extension Effect {
  /// Starts this effect outside a store, in `scope`: its ids, cancellation and errors are the
  /// scope's, and every action it sends, a synchronous `.send` included, goes to `deliver` in the
  /// order it was sent. Returns the group of tasks it started, to wait on; `nil` when it started
  /// none. A durable store runs its reducers' effects this way, after the step is committed.
  @MainActor
  package func startDetached(
    in scope: EffectScope, callSite: CallSite,
    deliver: @escaping @MainActor @Sendable (Action) -> Void
  ) -> EffectGroup? {
    let runner = EffectRunner<Action>(scope: scope) { action, _ in deliver(action) }
    var group: EffectGroup?
    runner.start(self, group: &group, callSite: callSite, followUp: deliver)
    return group
  }
}
