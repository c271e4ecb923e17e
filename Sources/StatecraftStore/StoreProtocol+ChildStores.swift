import ConcurrencyExtras
public import IdentifiedCollections

extension StoreProtocol where Action: CaseRoutable {
  /// A store for an optional child feature, which exists only while the child does: a sheet's
  /// store.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Equatable, Sendable { let id: Int; var title: String; var isDone = false }
  /// enum TodoAction: Sendable { case toggle }
  /// struct DetailState: Equatable { var title = "" }
  /// enum DetailAction: Sendable { case rename(String) }
  ///
  /// struct AppState { var todos: IdentifiedArrayOf<Todo> = []; var detail: DetailState? }
  /// @CaseRoutable
  /// enum AppAction: Sendable { case detail(DetailAction), todos(IdentifiedAction<Todo.ID, TodoAction>) }
  ///
  /// func appReducer() -> Reduce<AppState, AppAction> {
  ///   Reduce<AppState, AppAction>.empty
  ///     .ifLet(\.detail, action: \.detail) {
  ///       Reduce { detail, action in
  ///         if case .rename(let title) = action { detail.title = title }
  ///         return .none
  ///       }
  ///     }
  ///     .forEach(\.todos, action: \.todos) {
  ///       Reduce { todo, _ in todo.isDone.toggle(); return .none }
  ///     }
  /// }
  /// ```
  ///
  /// ```swift
  /// let appStore = Store(initialState: AppState(detail: DetailState()), reducer: appReducer())
  /// if let detail = appStore.scope(state: \.detail, action: \.detail) {
  ///   detail.send(.rename("Groceries"))   // in SwiftUI: DetailView(store: detail)
  /// }
  /// ```
  ///
  /// Kept after the child went away, the store reads the child's last state, and its `send` is
  /// reported at its line (``StatecraftEngine/Diagnostic/Kind/childNotPresent``) and changes nothing,
  /// even once another child is presented in its place: a kept store never drives the next child.
  /// An `Identifiable` child is told from the next by its `id`; another, by its absence in between.
  public func scope<ChildState, ChildAction>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>
  ) -> ScopedStore<ChildState, ChildAction>? {
    scopeParent.store.scopedOptional(state: toChild, action: action)
  }

  /// One store per element of a collection feature, in the collection's order, each identified by
  /// its element's id, for SwiftUI's `ForEach`.
  ///
  /// ```swift
  /// let appStore = Store(initialState: AppState(todos: [Todo(id: 1, title: "Buy milk")]), reducer: appReducer())
  /// for todo in appStore.scope(state: \.todos, action: \.todos) {
  ///   todo.send(.toggle)   // in SwiftUI: ForEach(appStore.scope(…)) { todo in TodoRow(store: todo) }
  /// }
  /// ```
  ///
  /// Kept after its element was removed, a store reads the element's last state, and its `send`
  /// is reported at its line (``StatecraftEngine/Diagnostic/Kind/childNotPresent``) and changes nothing.
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> [ScopedStore<ElementState, ElementAction>] {
    scopeParent.store.scopedElements(state: toElements, action: action)
  }
}

extension StoreProtocol where State: CaseRoutable, Action: CaseRoutable {
  /// A store for one case of an enum state, which exists only while the state is in that case: a
  /// destination's store.
  ///
  /// ```swift
  /// struct EditState: Equatable { var title = "" }
  /// enum EditAction: Sendable { case rename(String) }
  ///
  /// @CaseRoutable enum Destination: Equatable { case idle, edit(EditState) }
  /// @CaseRoutable enum DestinationAction: Sendable { case edit(EditAction) }
  ///
  /// func destinationReducer() -> Reduce<Destination, DestinationAction> {
  ///   Reduce<Destination, DestinationAction>.empty
  ///     .ifCaseLet(\.edit, action: \.edit) {
  ///       Reduce { edit, action in
  ///         if case .rename(let title) = action { edit.title = title }
  ///         return .none
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: Destination.edit(EditState()), reducer: destinationReducer())
  /// if let edit = store.scope(state: \.edit, action: \.edit) {
  ///   edit.send(.rename("Groceries"))   // in SwiftUI: EditView(store: edit)
  /// }
  /// ```
  ///
  /// An enum held by a parent's state is reached first with the parent's closure scope:
  /// `appStore.scope(state: \.destination, action: AppAction.destination)`.
  ///
  /// Kept after the state left the case, the store reads the case's last value, and its `send` is
  /// reported at its line (``StatecraftEngine/Diagnostic/Kind/childNotPresent``) and changes
  /// nothing, even once the state is in the case again: a kept store never drives the next value.
  /// An `Identifiable` value is told from the next by its `id`; another, by the state leaving the
  /// case in between.
  public func scope<ChildState, ChildAction>(
    state toCase: KeyPath<State.Cases, EnumCase<State, ChildState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>
  ) -> ScopedStore<ChildState, ChildAction>? {
    let stateCase = State.cases[keyPath: toCase]
    return scopeParent.store.scopedOptional(
      child: stateCase.extract, gone: { "the state is not in the case \(toCase), or holds another value" },
      action: action)
  }
}
