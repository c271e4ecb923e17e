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
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    then child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self {
    ifLet(toChild, route: Action.cases[keyPath: action], identity: { _ in true }, child: child)
  }

  /// Runs `child` on an optional, identifiable part of the state while it is there. As
  /// ``ifLet(_:action:then:)``, and a child replaced by one with another id ends too.
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    then child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self where ChildState.ID: Sendable {
    ifLet(toChild, route: Action.cases[keyPath: action], identity: \.id, child: child)
  }

  @inlinable
  func ifLet<ChildState, ChildAction, Identity: Hashable & Sendable>(
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
    /// What the child starts when it appears, in its own scope.
    let childStarted: (inout ChildState) -> Effect<Action> = { childState in
      guard let started = child.reducer.started else { return .none }
      return started(&childState).map(route.embed).inChild(key(identity(childState)))
    }
    return Self(
      { state, action in
        let before = state[keyPath: toChild].map(identity)
        var effect: Effect<Action>
        if let childAction = route.extract(action) {
          guard let before else { return .childNotPresent(action, "\(toChild) is nil") }
          // The child's reducer finds what it ends under it; this one, whether it ended.
          let childEffect = child.reducer(&state[keyPath: toChild]!, childAction)
            .map(route.embed)
            .inChild(key(before))
          effect = .merging(childEffect, reduce(&state, action))
          if state[keyPath: toChild].map(identity) != before {
            effect = .merging(effect, .endChildren([key(before)]))
          }
        } else if before != nil {
          // Kept whole only when the child is there: something under it could end.
          let beforeChild = state[keyPath: toChild]
          effect = reduce(&state, action)
          effect = .merging(
            effect, .endChildren(paths: childEnded(beforeChild, state[keyPath: toChild])))
        } else {
          effect = reduce(&state, action)
        }
        // A child that appeared starts what it starts.
        guard let after = state[keyPath: toChild].map(identity), after != before else { return effect }
        return .merging(effect, childStarted(&state[keyPath: toChild]!))
      },
      ended: Self.ended(ended) { childEnded($0[keyPath: toChild], $1[keyPath: toChild]) },
      started: Self.started(started) { state in
        state[keyPath: toChild] == nil ? .none : childStarted(&state[keyPath: toChild]!)
      })
  }
}
