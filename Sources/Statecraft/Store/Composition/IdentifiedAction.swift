/// An action for one element of a collection feature: which element, and what it does.
///
/// ```swift
/// @CaseRoutable
/// enum AppAction {
///   case todos(IdentifiedAction<Todo.ID, TodoAction>)
/// }
///
/// store.send(.todos(.element(id: todo.id, action: .toggle)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  /// `action`, for the element whose id is `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  public var id: ID {
    switch self { case .element(let id, _): id }
  }

  /// What the element does.
  public var action: Action {
    switch self { case .element(_, let action): action }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
