extension Reduce where Action: CaseRoutable {
  /// Runs `child` on an optional part of the state while it is there: a sheet, a detail screen.
  ///
  /// ```swift
  /// let appReducer = Reduce<AppState, AppAction> { state, action in
  ///   switch action {
  ///   case .showDetail: state.detail = DetailState(); return .none
  ///   case .detail(.close): state.detail = nil; return .none   // ends the detail's effects
  ///   case .detail: return .none
  ///   }
  /// }
  /// .ifLet(\.detail, action: \.detail) { detailReducer }
  /// ```
  ///
  /// - The child's reducer runs before this one, for the child's actions only.
  /// - When the child becomes `nil`, every effect it started is cancelled, and nothing they were
  ///   about to deliver arrives. A child presented again starts afresh.
  /// - An action for the child while it is `nil` is reported at the line of its `send`
  ///   (``Diagnostic/Kind/childNotPresent``), and changes nothing: this reducer does not see it.
  /// - The child ends when this reducer sees it gone: a child removed by code that does not go
  ///   through this reducer (a grandparent overwriting the whole state) ends when the next
  ///   action passes here, or with the store.
  ///
  /// For a child that is `Identifiable`, replacing it with one of another id ends it too.
  public func ifLet<ChildState, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    then child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self {
    ifLet(toChild, route: Action.cases[keyPath: action], identity: { _ in true }, child: child)
  }

  /// Runs `child` on an optional, identifiable part of the state while it is there. As
  /// ``ifLet(_:action:then:)``, and a child replaced by one with another id ends too.
  public func ifLet<ChildState: Identifiable, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    then child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self where ChildState.ID: Sendable {
    ifLet(toChild, route: Action.cases[keyPath: action], identity: \.id, child: child)
  }

  private func ifLet<ChildState, ChildAction, Identity: Hashable & Sendable>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    route: EnumCase<Action, ChildAction>,
    identity: @escaping (ChildState) -> Identity,
    child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self {
    let child = LazyReduce(child)
    let key = { (identity: Identity) in ChildScopeKey(site: toChild, identity: identity) }
    /// The children ended between `before` and `after`: this one, if it went away, or those under
    /// it, if it stayed.
    let childEnded: (ChildState?, ChildState?) -> [[ChildScopeKey]] = { before, after in
      guard let before else { return [] }
      let id = identity(before)
      guard let after, identity(after) == id else { return [[key(id)]] }
      guard let ended = child.reducer.ended else { return [] }
      return ended(before, after).map { [key(id)] + $0 }
    }
    return Self(
      { state, action in
        if let childAction = route.extract(action) {
          guard let before = state[keyPath: toChild].map(identity) else {
            return .childNotPresent(action, "\(toChild) is nil")
          }
          // The child's reducer finds what it ends under it; this one, whether it ended.
          let childEffect = child.reducer(&state[keyPath: toChild]!, childAction)
            .map(route.embed)
            .inChild(key(before))
          let effect = Effect.merging(childEffect, reduce(&state, action))
          guard state[keyPath: toChild].map(identity) != before else { return effect }
          return .merging(effect, .endChildren([key(before)]))
        }
        // Kept whole only when something under the child could end with it.
        let before = state[keyPath: toChild]
        guard before != nil else { return reduce(&state, action) }
        let effect = reduce(&state, action)
        return .merging(effect, .endChildren(paths: childEnded(before, state[keyPath: toChild])))
      },
      ended: Self.ended(ended) { childEnded($0[keyPath: toChild], $1[keyPath: toChild]) })
  }
}
