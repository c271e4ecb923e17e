/// A reducer as a value, to compose features into an app: a parent's reducer runs its children's
/// on their part of the state and their actions, and their effects end when the children do.
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
/// let appReducer = Reduce<AppState, AppAction> { state, action in
///   switch action {
///   case .showDetail(let todo): state.detail = DetailState(todo: todo); return .none
///   case .detail, .todos: return .none        // the children's own reducers handle these
///   }
/// }
/// .ifLet(\.detail, action: \.detail) { detailReducer() }
/// .forEach(\.todos, action: \.todos) { todoReducer() }
///
/// let store = Store(initialState: AppState(), reducer: appReducer)
/// store.send(.showDetail(Todo(id: 1, title: "Buy milk")))
/// store.send(.detail(.save))
/// print(store.state.detail?.saves ?? 0)   // 1
/// ```
///
/// Both reducer forms make one: `Reduce { state, action in … }` with the state `inout`, and
/// `Reduce(reduce)` with SwiftTea's value-returning `(State, Action) -> (State, Effect<Action>)`.
///
/// | The Composable Architecture | Statecraft |
/// |---|---|
/// | `Scope(state:action:)` | ``scope(state:action:child:)`` |
/// | `.ifLet(_:action:)` | ``ifLet(_:action:then:)-2fw3r`` |
/// | `.forEach(_:action:)` over `IdentifiedArray` | ``forEach(_:action:element:)-(WritableKeyPath<State,IdentifiedArray<ID,ElementState>>,_,_)`` |
/// | `.ifCaseLet(_:action:)` | ``ifCaseLet(_:action:then:)`` |
/// | `StackState`, `.forEach` over a stack | ``StackState``, ``forEach(_:action:element:)-(WritableKeyPath<State,StackState<ElementState>>,_,_)`` |
///
/// A child's reducer runs before its parent's, so that the parent sees what the child did, and
/// may end the child in answer. Whatever ends a child (the parent setting it to `nil`, removing
/// its element, leaving its case, popping it), every effect it started is cancelled then, and
/// nothing it started delivers an action afterwards.
public struct Reduce<State, Action: Sendable> {
  /// The reducer, in place.
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  /// Which of the children this reducer composes ended between two states, each as its path of
  /// scopes from this reducer's. `nil` for a reducer that composes none. A parent asks it when an
  /// action that does not go through this reducer changed its state: a parent that changes an
  /// enum child's case directly ends that case's effects too.
  @usableFromInline let ended: ((State, State) -> [[ChildScopeKey]])?
  /// What the children this reducer composes start when they appear: a chart's initial
  /// transition, its timers and invocations. `nil` for a reducer that composes none. A parent
  /// runs it on a child that appeared (an optional child set, an element added, a case entered,
  /// a screen pushed).
  @usableFromInline let started: ((inout State) -> Effect<Action>)?

  /// A reducer that changes the state in place.
  ///
  /// ```swift
  /// enum CounterAction: Sendable { case increment }
  /// ```
  ///
  /// ```swift
  /// let counter = Reduce<Int, CounterAction> { count, action in
  ///   count += 1
  ///   return .none
  /// }
  /// var count = 0
  /// let effect = counter(&count, .increment)
  /// print(count, effect.isNoEffect)   // 1 true
  /// ```
  @inlinable
  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.init(reduce, ended: nil, started: nil)
  }

  /// A reducer that composes children, whose ends `ended` finds.
  @usableFromInline
  init(
    _ reduce: @escaping (inout State, Action) -> Effect<Action>,
    ended: ((State, State) -> [[ChildScopeKey]])?,
    started: ((inout State) -> Effect<Action>)?
  ) {
    self.reduce = reduce
    self.ended = ended
    self.started = started
  }

  /// Runs the reducer on `state` in place.
  @inlinable
  public func callAsFunction(_ state: inout State, _ action: Action) -> Effect<Action> {
    reduce(&state, action)
  }

  /// Runs the reducer on a copy of `state`, and returns the new state with the effect: the
  /// value-returning form, for testing a composed reducer as a pure function.
  @inlinable
  public func callAsFunction(_ state: State, _ action: Action) -> (State, Effect<Action>) {
    var state = state
    let effect = reduce(&state, action)
    return (state, effect)
  }

  /// A reducer that does nothing: a parent that only holds its children.
  public static var empty: Self { Self { _, _ in .none } }

  /// This reducer, then `other`, on the same action; their effects run together.
  ///
  /// ```swift
  /// struct Tally { var count = 0; var log: [String] = [] }
  /// ```
  ///
  /// ```swift
  /// let counting = Reduce<Tally, CounterAction> { tally, _ in tally.count += 1; return .none }
  /// let logging = Reduce<Tally, CounterAction> { tally, action in
  ///   tally.log.append("\(action) → \(tally.count)")
  ///   return .none
  /// }
  /// let (tally, _) = counting.combined(with: logging)(Tally(), .increment)
  /// print(tally.log)   // ["increment → 1"]: logging ran second, and saw the new count
  /// ```
  public func combined(with other: Self) -> Self {
    Self(
      { state, action in .merging(reduce(&state, action), other.reduce(&state, action)) },
      ended: Self.ended(ended, other.ended), started: Self.started(started, other.started))
  }

  /// What both starters start.
  @inlinable
  static func started(
    _ first: ((inout State) -> Effect<Action>)?,
    _ second: ((inout State) -> Effect<Action>)?
  ) -> ((inout State) -> Effect<Action>)? {
    guard let first else { return second }
    guard let second else { return first }
    return { .merging(first(&$0), second(&$0)) }
  }

  /// The children that either finder finds ended.
  @inlinable
  static func ended(
    _ first: ((State, State) -> [[ChildScopeKey]])?,
    _ second: ((State, State) -> [[ChildScopeKey]])?
  ) -> ((State, State) -> [[ChildScopeKey]])? {
    guard let first else { return second }
    guard let second else { return first }
    return { first($0, $1) + second($0, $1) }
  }
}

extension Store where Environment == Void {
  /// Creates a store from a composed reducer.
  ///
  /// ```swift
  /// let appReducer = Reduce<AppState, AppAction>.empty
  ///   .forEach(\.todos, action: \.todos) { todoReducer() }
  /// let store = Store(initialState: AppState(todos: [Todo(id: 1, title: "Buy milk")]), reducer: appReducer)
  /// store.send(.todos(.element(id: 1, action: .toggle)))
  /// ```
  @inlinable
  public convenience init(
    initialState: State,
    reducer: Reduce<State, Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, reduce: reducer.reduce,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A child's reducer, made the first time it runs: a feature may then contain itself, as a tree
/// of nested optional children does, without recursing forever when it is composed.
// A class, so that the reducer made is kept. Not Sendable, like the reducers that hold it: they
// run wherever their store runs, one action at a time.
//
// No runtime exclusivity checks on its fields: each level of a composed tree checked one on every
// action. Every access is an instantaneous read or write of a whole value, never an `inout`
// access held across a call, and the class is not Sendable, so no two accesses overlap.
@usableFromInline
final class LazyReduce<State, Action: Sendable> {
  @exclusivity(unchecked) @usableFromInline var make: (() -> Reduce<State, Action>)?
  @exclusivity(unchecked) @usableFromInline var made: Reduce<State, Action>?
  /// The made reducer's function, kept apart: running it then retains one closure, not the three
  /// a copy of the reducer holds.
  @exclusivity(unchecked) @usableFromInline var reduce: ((inout State, Action) -> Effect<Action>)?

  @inlinable
  init(_ make: @escaping () -> Reduce<State, Action>) {
    self.make = make
  }

  @inlinable
  var reducer: Reduce<State, Action> {
    if let made { return made }
    let reducer = make!()
    made = reducer
    reduce = reducer.reduce
    make = nil
    return reducer
  }

  /// Runs the reducer on `state` in place.
  @inlinable
  func callAsFunction(_ state: inout State, _ action: Action) -> Effect<Action> {
    if let reduce { return reduce(&state, action) }
    return reducer.reduce(&state, action)
  }
}
