extension Reduce where Action: CaseRoutable {
  /// Runs `child` on a part of the state that is always there, for the child's actions, before
  /// this reducer. The child's effects come back as this reducer's actions.
  ///
  /// ```swift
  /// struct ProfileState { var name = "" }
  /// enum ProfileAction: Sendable { case rename(String) }
  ///
  /// struct AppState { var profile = ProfileState(); var launches = 0 }
  /// @CaseRoutable enum AppAction: Sendable { case profile(ProfileAction), launched }
  ///
  /// func profileReducer() -> Reduce<ProfileState, ProfileAction> {
  ///   Reduce { state, action in
  ///     if case .rename(let name) = action { state.name = name }
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let appReducer = Reduce<AppState, AppAction> { state, action in
  ///   if case .launched = action { state.launches += 1 }
  ///   return .none
  /// }
  /// .scope(state: \.profile, action: \.profile) { profileReducer() }
  ///
  /// let store = Store(initialState: AppState(), reducer: appReducer)
  /// store.send(.profile(.rename("Ada")))
  /// print(store.state.profile.name)   // Ada
  /// ```
  ///
  /// The child's effects run with the parent's: a child that is always there never ends, and
  /// shares the parent's effect ids.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChild: WritableKeyPath<State, ChildState>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self {
    let route = Action.cases[keyPath: action]
    let child = LazyReduce(child)
    let path = StatePath(toChild)
    let childEnded: (ChildState, ChildState) -> [[ChildScopeKey]] = { before, after in
      child.reducer.ended?(before, after) ?? []
    }
    return Self(
      { state, action in
        if let childAction = route.extract(action) {
          let childEffect = path.modify(&state) { child(&$0, childAction) }.map(route.embed)
          return .merging(childEffect, reduce(&state, action))
        }
        guard child.reducer.ended != nil else { return reduce(&state, action) }
        // The child's reducer did not run: find what this one ended under it.
        let before = path.get(in: &state)
        let effect = reduce(&state, action)
        return .merging(effect, .endChildren(paths: childEnded(before, path.get(in: &state))))
      },
      ended: Self.ended(ended) { childEnded(path.get($0), path.get($1)) },
      started: Self.started(started) { state in
        path.modify(&state) { child.reducer.started?(&$0).map(route.embed) } ?? .none
      })
  }
}
