extension Reduce where State: CaseRoutable, Action: CaseRoutable {
  /// Runs `child` on one case of an enum state while the state is in that case: one destination
  /// of several.
  ///
  /// ```swift
  /// struct EditState { var title = "" }
  /// enum EditAction: Sendable { case titleChanged(String) }
  /// struct AlertState { var message = "" }
  /// enum AlertAction: Sendable { case dismiss }
  ///
  /// @CaseRoutable enum Destination { case edit(EditState), alert(AlertState) }
  /// @CaseRoutable enum DestinationAction: Sendable { case edit(EditAction), alert(AlertAction) }
  ///
  /// func editReducer() -> Reduce<EditState, EditAction> {
  ///   Reduce { state, action in
  ///     if case .titleChanged(let title) = action { state.title = title }
  ///     return .none
  ///   }
  /// }
  /// func alertReducer() -> Reduce<AlertState, AlertAction> { .empty }
  /// ```
  ///
  /// ```swift
  /// let destinationReducer = Reduce<Destination, DestinationAction>.empty
  ///   .ifCaseLet(\.edit, action: \.edit) { editReducer() }
  ///   .ifCaseLet(\.alert, action: \.alert) { alertReducer() }
  ///
  /// var destination = Destination.edit(EditState())
  /// let effect = destinationReducer(&destination, .edit(.titleChanged("Milk")))
  /// if case .edit(let edit) = destination {
  ///   print(edit.title, effect.isNoEffect)   // Milk true
  /// }
  /// ```
  ///
  /// - The case's reducer runs before this one, on a copy of the case's value that is stored back:
  ///   a value whose storage is shared (an array) is copied when the child changes it.
  /// - When the state leaves the case, every effect the case's child started is cancelled, and
  ///   nothing they were about to deliver arrives.
  /// - An action for a case that is not the current one is reported at the line of its `send`
  ///   (``StatecraftEngine/Diagnostic/Kind/childNotPresent``), and changes nothing.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction>(
    _ toCase: KeyPath<State.Cases, EnumCase<State, ChildState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    then child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self {
    let stateCase = State.cases[keyPath: toCase]
    let route = Action.cases[keyPath: action]
    let child = LazyReduce(child)
    let key = ChildScopeKey(site: toCase, identity: true)
    /// The children ended between `before` and `after`: this case's, if the state left it, or
    /// those under it, if it stayed.
    let caseEnded: (State, State) -> [[ChildScopeKey]] = { before, after in
      guard let before = stateCase.extract(before) else { return [] }
      guard let after = stateCase.extract(after) else { return [[key]] }
      guard let ended = child.reducer.ended else { return [] }
      return ended(before, after).map { [key] + $0 }
    }
    /// What the case's child starts when the state enters it, in its own scope.
    let caseStarted: (inout State) -> Effect<Action> = { state in
      guard let started = child.reducer.started else { return .none }
      var effect = Effect<Action>.none
      _ = stateCase.modify(&state) { effect = started(&$0).map(route.embed).inChild(key) }
      return effect
    }
    /// The case's reducer and this one, and the ends they make.
    let reduceCase: (inout State, Action) -> Effect<Action> = { state, action in
      if let childAction = route.extract(action) {
        guard stateCase.extract(state) != nil else {
          return .childNotPresent(action, "the state is \(state), not the case \(toCase)")
        }
        // The case's reducer finds what it ends under it; this one, whether the case ended.
        var childEffect = Effect<Action>.none
        _ = stateCase.modify(&state) { childState in
          childEffect = child(&childState, childAction).map(route.embed).inChild(key)
        }
        let effect = Effect.merging(childEffect, reduce(&state, action))
        guard stateCase.extract(state) == nil else { return effect }
        return .merging(effect, .endChildren([key]))
      }
      guard stateCase.extract(state) != nil else { return reduce(&state, action) }
      let before = state
      let effect = reduce(&state, action)
      return .merging(effect, .endChildren(paths: caseEnded(before, state)))
    }
    return Self(
      { state, action in
        let wasInCase = stateCase.extract(state) != nil
        let effect = reduceCase(&state, action)
        // A case the state entered starts what its child starts.
        guard !wasInCase, stateCase.extract(state) != nil else { return effect }
        return .merging(effect, caseStarted(&state))
      },
      ended: Self.ended(ended, caseEnded),
      started: Self.started(started, caseStarted))
  }
}
