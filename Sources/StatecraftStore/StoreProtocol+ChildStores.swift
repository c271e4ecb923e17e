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
