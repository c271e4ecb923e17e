import ConcurrencyExtras

extension StoreScoping where Action: CaseRoutable {
  /// - Parameter identity: The child's `id`, when it is `Identifiable`.
  func presenting<ChildState, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    dismiss: Action,
    identity: (ChildState) -> AnyHashableSendable? = { _ in nil }
  ) -> Presentation<ChildState, ChildAction> {
    let site = ChildSite(keyPath: toChild)
    let store = scopedOptional(state: toChild, action: action) { child in
      AnyHashableSendable(PresentationID(site: site, child: identity(child)))
    }
    return Presentation(store: store) { [self] callSite in _ = send(dismiss, at: callSite) }
  }

  func navigating<ElementState, ElementAction>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, StackAction<ElementState, ElementAction>>>
  ) -> StackNavigation<ElementState, ElementAction> {
    let route = Action.cases[keyPath: action]
    return StackNavigation(
      // Observed: the view that builds its stack from these ids is told of pushes and pops.
      ids: Array(scopeSource.observedState[keyPath: toStack].ids),
      store: { [self] id in
        untrackedState[keyPath: toStack][id: id].map { screen in
          scoped(
            id: AnyHashableSendable(id), initial: screen, read: { $0[keyPath: toStack][id: id] },
            embed: { route.embed(.element(id: id, action: $0)) })
        }
      },
      popFrom: { [self] id, callSite in _ = send(route.embed(.popFrom(id: id)), at: callSite) })
  }

}
