/// One case of an enum, with one associated value: how to embed a value in it, extract the value
/// back, and change it in place. Composed reducers route actions with it, and `ifCaseLet` reaches
/// an enum state's case.
///
/// `@CaseRoutable` writes one for each case of an enum, so that a case reads as a key path:
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
/// let appReducer = Reduce<AppState, AppAction>.empty
///   .ifLet(\.detail, action: \.detail) { detailReducer() }
/// var state = AppState(detail: DetailState(todo: Todo(id: 1, title: "Buy milk")))
/// let effect = appReducer(&state, .detail(.save))
/// print(state.detail?.saves ?? 0, effect.isNoEffect)   // 1 true
/// ```
///
/// Here `\.detail` is the key path `\AppAction.Cases.detail`, whose value is an
/// `EnumCase<AppAction, DetailAction>`.
public struct EnumCase<Enum, Value>: Sendable {
  /// Wraps a value in the case.
  public let embed: @Sendable (Value) -> Enum
  /// The case's value, or `nil` when the enum holds another case.
  public let extract: @Sendable (Enum) -> Value?
  /// Calls `body` with the case's value, if the enum holds this case, stores what it changed, and
  /// returns whether it did.
  public let modify: @Sendable (inout Enum, (inout Value) -> Void) -> Bool

  /// Makes a case from its three operations. `@CaseRoutable` writes them for you.
  public init(
    embed: @escaping @Sendable (Value) -> Enum,
    extract: @escaping @Sendable (Enum) -> Value?,
    modify: @escaping @Sendable (inout Enum, (inout Value) -> Void) -> Bool
  ) {
    self.embed = embed
    self.extract = extract
    self.modify = modify
  }
}

/// An enum whose cases are key paths, for composed reducers: `@CaseRoutable` conforms an enum.
///
/// `Cases` has one property per case with one associated value, an ``EnumCase``.
///
/// ```swift
/// @CaseRoutable
/// enum Route {
///   case profile(String)
///   case settings
/// }
/// ```
///
/// ```swift
/// let profile = Route.cases.profile        // an EnumCase<Route, String>
/// let route = profile.embed("ada")         // Route.profile("ada")
/// print(profile.extract(route) ?? "")      // "ada"
/// print(profile.extract(.settings) == nil) // true
/// ```
public protocol CaseRoutable {
  /// The enum's cases, one property each.
  associatedtype Cases
  /// The enum's cases, for key paths such as `\.detail` to be read from.
  static var cases: Cases { get }
}

/// Makes an enum's cases key paths, so that composed reducers route actions with `\.detail`:
///
/// ```swift
/// @CaseRoutable
/// enum ScreenAction {
///   case detail(DetailAction)
///   case refresh
/// }
/// ```
///
/// Every case with one associated value gets an ``EnumCase`` in `ScreenAction.Cases`. Cases without
/// one, with several, or sharing a name with another, get none.
@attached(member, names: named(Cases), named(cases))
@attached(extension, conformances: CaseRoutable)
public macro CaseRoutable() = #externalMacro(module: "StatecraftMacros", type: "CaseRoutableMacro")
