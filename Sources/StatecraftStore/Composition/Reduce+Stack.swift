public import OrderedCollections

extension Reduce where Action: CaseRoutable {
  /// Runs `element` on the screen of a navigation stack that an action names, and pushes and pops
  /// for ``StackAction``.
  ///
  /// ```swift
  /// struct DetailState: Equatable, Sendable { var saves = 0 }
  /// enum DetailAction: Sendable { case save }
  ///
  /// @CaseRoutable enum Path: Sendable { case detail(DetailState) }
  /// @CaseRoutable enum PathAction: Sendable { case detail(DetailAction) }
  ///
  /// struct AppState { var path = StackState<Path>() }
  /// @CaseRoutable enum AppAction: Sendable { case path(StackAction<Path, PathAction>) }
  ///
  /// func pathReducer() -> Reduce<Path, PathAction> {
  ///   Reduce<Path, PathAction>.empty
  ///     .ifCaseLet(\.detail, action: \.detail) {
  ///       Reduce { detail, _ in detail.saves += 1; return .none }
  ///     }
  /// }
  /// ```
  ///
  /// ```swift
  /// let appReducer = Reduce<AppState, AppAction> { state, action in .none }
  ///   .forEach(\.path, action: \.path) { pathReducer() }
  ///
  /// let store = Store(initialState: AppState(), reducer: appReducer)
  /// store.send(.path(.push(.detail(DetailState()))))   // gets id 0
  /// store.send(.path(.element(id: 0, action: .detail(.save))))
  /// ```
  ///
  /// - A screen's reducer runs before this one. A push or a pop runs after it, so that this
  ///   reducer sees the stack as it was.
  /// - Each screen's effects run in a scope of their own. When a screen is popped, by a
  ///   ``StackAction/popFrom(id:)``, or by this reducer changing the stack, every effect it started
  ///   is cancelled, and nothing they were about to deliver arrives. Ids are never reused, so a
  ///   screen pushed again starts afresh.
  /// - An action for a screen that is not on the stack, or a pop of one, is reported at the line
  ///   of its `send` (``StatecraftEngine/Diagnostic/Kind/childNotPresent``), and changes nothing.
  @inlinable
  public func forEach<ElementState, ElementAction>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, StackAction<ElementState, ElementAction>>>,
    element: @escaping () -> Reduce<ElementState, ElementAction>
  ) -> Self {
    let route = Action.cases[keyPath: action]
    let element = LazyReduce(element)
    let path = StatePath(toStack)
    let elementBox = FieldBox.reader(for: ElementState.self)
    /// What an element starts when it is added, in its own scope.
    let elementStarted: (inout State, StackElementID) -> Effect<Action> = { state, id in
      guard let started = element.reducer.started else { return .none }
      return started(&state[keyPath: toStack].elements[id]!)
        .map { route.embed(.element(id: id, action: $0)) }
        .inChild(ChildScopeKey(site: toStack, identity: id))
    }
    return Self(
      { state, action in
        let idsBefore = path.get(in: &state).ids
        var elementEffect = Effect<Action>.none
        let stackAction = route.extract(action)
        switch stackAction {
        case .element(let id, let elementAction):
          guard idsBefore.contains(id) else {
            return .childNotPresent(action, "\(toStack) has no screen \(id)")
          }
          let run: Effect<ElementAction> = path.modify(&state) { stack in
            guard let elementBox else { return element(&stack.elements[id]!, elementAction) }
            return ObservationTransaction.runElement(&stack.elements[id]!, boxOf: elementBox) {
              element(&$0, elementAction)
            }
          }
          elementEffect = run.map { route.embed(.element(id: id, action: $0)) }
            .inChild(ChildScopeKey(site: toStack, identity: id))
        case .popFrom(let id):
          guard idsBefore.contains(id) else {
            return .childNotPresent(action, "\(toStack) has no screen \(id) to pop")
          }
        case .push, nil:
          break
        }
        var effect = Effect.merging(elementEffect, reduce(&state, action))
        switch stackAction {
        case .push(let screen): state[keyPath: toStack].append(screen)
        case .popFrom(let id): state[keyPath: toStack].pop(from: id)
        case .element, nil: break
        }
        let idsAfter = path.get(in: &state).ids
        guard idsAfter != idsBefore else { return effect }
        let removed = idsBefore.subtracting(idsAfter)
        effect = .merging(
          effect, .endChildren(removed.map { ChildScopeKey(site: toStack, identity: $0) }))
        for id in idsAfter.subtracting(idsBefore) {
          effect = .merging(effect, elementStarted(&state, id))
        }
        return effect
      },
      ended: Self.ended(ended) { before, after in
        before[keyPath: toStack].ids.subtracting(after[keyPath: toStack].ids)
          .map { [ChildScopeKey(site: toStack, identity: $0)] }
      },
      started: Self.started(started) { state in
        state[keyPath: toStack].ids.reduce(Effect<Action>.none) { effect, id in
          .merging(effect, elementStarted(&state, id))
        }
      })
  }
}
