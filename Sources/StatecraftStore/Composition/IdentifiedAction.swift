/// An action for one element of a collection feature: which element, and what it does.
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
/// let todo = Todo(id: 1, title: "Buy milk")
/// let store = Store(
///   initialState: AppState(todos: [todo]),
///   reducer: Reduce<AppState, AppAction>.empty.forEach(\.todos, action: \.todos) { todoReducer() })
/// store.send(.todos(.element(id: todo.id, action: .toggle)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  /// `action`, for the element whose id is `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  /// What the element does.
  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
