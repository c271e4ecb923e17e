/// An action of a navigation stack: one for a screen, a push or a pop.
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
/// let store = Store(
///   initialState: AppState(),
///   reducer: Reduce<AppState, AppAction>.empty.forEach(\.path, action: \.path) { pathReducer() })
/// store.send(.path(.push(.detail(DetailState()))))
/// store.send(.path(.element(id: 0, action: .detail(.save))))
/// store.send(.path(.popFrom(id: 0)))
/// ```
public enum StackAction<State, Action: Sendable> {
  /// `action`, for the screen `id`.
  case element(id: StackElementID, action: Action)
  /// Pushes a screen, which gets the stack's next id.
  case push(State)
  /// Pops the screen `id` and every screen above it.
  case popFrom(id: StackElementID)
}

// Sendable when the screens' state is: a push carries one.
extension StackAction: Sendable where State: Sendable {}
extension StackAction: Equatable where State: Equatable, Action: Equatable {}
