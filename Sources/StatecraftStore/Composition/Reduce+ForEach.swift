public import IdentifiedCollections
public import OrderedCollections

extension Reduce where Action: CaseRoutable {
  /// Runs `element` on each element of a collection that an action names by id: the rows of a
  /// list.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Equatable, Sendable {
  ///   let id: Int
  ///   var title: String
  ///   var isDone = false
  /// }
  /// enum TodoAction: Sendable { case toggle }
  ///
  /// struct DetailState: Equatable, Sendable { var todo: Todo; var saves = 0 }
  /// enum DetailAction: Sendable { case save, close }
  ///
  /// struct AppState {
  ///   var todos: IdentifiedArrayOf<Todo> = []
  ///   var detail: DetailState?
  /// }
  ///
  /// @CaseRoutable
  /// enum AppAction: Sendable {
  ///   case showDetail(Todo)
  ///   case detail(DetailAction)
  ///   case todos(IdentifiedAction<Todo.ID, TodoAction>)
  /// }
  ///
  /// func todoReducer() -> Reduce<Todo, TodoAction> {
  ///   Reduce { todo, action in
  ///     switch action {
  ///     case .toggle: todo.isDone.toggle()
  ///     }
  ///     return .none
  ///   }
  /// }
  ///
  /// func detailReducer() -> Reduce<DetailState, DetailAction> {
  ///   Reduce { detail, action in
  ///     if case .save = action { detail.saves += 1 }
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let appReducer = Reduce<AppState, AppAction> { state, action in .none }
  ///   .forEach(\.todos, action: \.todos) { todoReducer() }
  ///
  /// let todo = Todo(id: 1, title: "Buy milk")
  /// let store = Store(initialState: AppState(todos: [todo]), reducer: appReducer)
  /// store.send(.todos(.element(id: todo.id, action: .toggle)))
  /// print(store.state.todos[id: 1]?.isDone ?? false)   // true
  /// ```
  ///
  /// - The element's reducer runs before this one, on that element only: the cost does not grow
  ///   with the number of elements.
  /// - Each element's effects run in a scope of their own. When an element is removed, every
  ///   effect it started is cancelled, and nothing they were about to deliver arrives.
  /// - An action for an id the collection does not hold is reported at the line of its `send`
  ///   (``StatecraftEngine/Diagnostic/Kind/childNotPresent``), and changes nothing.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, IdentifiedAction<ID, ElementAction>>>,
    element: @escaping () -> Reduce<ElementState, ElementAction>
  ) -> Self {
    let route = Action.cases[keyPath: action]
    let element = LazyReduce(element)
    let path = StatePath(toElements)
    let elementBox = FieldBox.reader(for: ElementState.self)
    /// What an element starts when it is added, in its own scope.
    let elementStarted: (inout State, ID) -> Effect<Action> = { state, id in
      guard let started = element.reducer.started else { return .none }
      return started(&state[keyPath: toElements][id: id]!)
        .map { route.embed(.element(id: id, action: $0)) }
        .inChild(ChildScopeKey(site: toElements, identity: id))
    }
    return Self(
      { state, action in
        // A copy of the ids shares their storage: comparing it with the ids afterwards costs
        // nothing unless elements were added or removed.
        let idsBefore = path.get(in: &state).ids
        var elementEffect = Effect<Action>.none
        if let elementAction = route.extract(action) {
          let id = elementAction.id
          guard idsBefore.contains(id) else {
            return .childNotPresent(action, "\(toElements) has no element \(id)")
          }
          let run: Effect<ElementAction> = path.modify(&state) { elements in
            guard let elementBox else { return element(&elements[id: id]!, elementAction.action) }
            return ObservationTransaction.runElement(&elements[id: id]!, boxOf: elementBox) {
              element(&$0, elementAction.action)
            }
          }
          elementEffect = run.map { route.embed(.element(id: id, action: $0)) }
            .inChild(ChildScopeKey(site: toElements, identity: id))
        }
        let effect = Effect.merging(elementEffect, reduce(&state, action))
        let idsAfter = path.get(in: &state).ids
        guard idsAfter != idsBefore else { return effect }
        let removed = idsBefore.subtracting(idsAfter)
        let added = idsAfter.subtracting(idsBefore)
        return added.reduce(
          .merging(
            effect, .endChildren(removed.map { ChildScopeKey(site: toElements, identity: $0) }))
        ) { effect, id in .merging(effect, elementStarted(&state, id)) }
      },
      ended: Self.ended(ended) { before, after in
        before[keyPath: toElements].ids.subtracting(after[keyPath: toElements].ids)
          .map { [ChildScopeKey(site: toElements, identity: $0)] }
      },
      started: Self.started(started) { state in
        state[keyPath: toElements].ids.reduce(Effect<Action>.none) { effect, id in
          .merging(effect, elementStarted(&state, id))
        }
      })
  }
}
