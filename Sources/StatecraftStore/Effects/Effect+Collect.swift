extension Effect {
  /// Runs this effect to completion without a store and returns the actions it sent, in the
  /// order they arrived. `StatecraftTesting` exposes it.
  @MainActor
  package func collectActions(callSite: CallSite) async -> [Action] {
    let collector = ActionCollector<Action>()
    let scope = EffectScope(context: OwnerServices(type: Effect<Action>.self, callSite: callSite))
    let runner = EffectRunner<Action>(scope: scope) { action, _ in collector.actions.append(action) }
    var group: EffectGroup?
    runner.start(self, group: &group, callSite: callSite) { collector.actions.append($0) }
    await group?.finish()
    return collector.actions
  }
}

@MainActor
private final class ActionCollector<Action> {
  var actions: [Action] = []
}
