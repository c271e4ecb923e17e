// SwiftTea's spellings, beside Statecraft's own: a value-returning reducer `(State, Action) ->
// (State, Effect<Action>)` and `Effect.sequence`. Each is what its Statecraft counterpart is, under
// the name a SwiftTea user already writes; the migration guide lists them.

/// The store's samples below use these types.
///
/// ```swift
/// struct AppState { var counter = 0 }
/// enum AppAction: Sendable { case increment }
/// struct AppEnvironment { var step = 1; static let live = AppEnvironment() }
/// enum CounterAction: Sendable { case increment }
///
/// func reduce(state: AppState, action: AppAction) -> (AppState, Effect<AppAction>) {
///   var state = state
///   if case .increment = action { state.counter += 1 }
///   return (state, .none)
/// }
/// ```
extension Store {
  /// Creates a store from a value-returning reducer, as SwiftTea's, and an environment.
  ///
  /// ```swift
  /// func reduceCounter(
  ///   _ state: AppState, _ action: AppAction, _ environment: AppEnvironment
  /// ) -> (AppState, Effect<AppAction>) {
  ///   var state = state
  ///   if case .increment = action { state.counter += environment.step }
  ///   return (state, .none)
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reduce: reduceCounter, environment: .live)
  /// store.send(.increment)
  /// ```
  @inlinable
  public convenience init(
    initialState: State,
    reduce: @escaping (State, Action, Environment) -> (State, Effect<Action>),
    environment: Environment,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState,
      reduce: { state, action in
        let (newState, effect) = reduce(state, action, environment)
        state = newState
        return effect
      },
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Store where Environment == Void {
  /// Creates a store from a value-returning reducer, as SwiftTea's.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reduce: reduce)
  /// store.send(.increment)
  /// ```
  ///
  /// With an inline closure, name the types: `{ (state: AppState, action: AppAction) in … }`.
  @inlinable
  public convenience init(
    initialState: State,
    reduce: @escaping (State, Action) -> (State, Effect<Action>),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState,
      reduce: { state, action in
        let (newState, effect) = reduce(state, action)
        state = newState
        return effect
      },
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reduce {
  /// A reducer from a value-returning function, as SwiftTea writes them.
  ///
  /// ```swift
  /// struct Counter { var count = 0 }
  ///
  /// func countUp(_ state: Counter, _ action: CounterAction) -> (Counter, Effect<CounterAction>) {
  ///   var state = state
  ///   state.count += 1
  ///   return (state, .none)
  /// }
  /// ```
  ///
  /// ```swift
  /// let counter = Reduce(countUp)
  /// let (state, _) = counter(Counter(), .increment)
  /// print(state.count)   // 1
  /// ```
  @inlinable
  public init(_ reduce: @escaping (State, Action) -> (State, Effect<Action>)) {
    self.init(
      { state, action in
        let (newState, effect) = reduce(state, action)
        state = newState
        return effect
      }, ended: nil, started: nil)
  }
}

extension Effect {
  /// Runs effects one after another, as its name says: each starts when the previous
  /// one has finished. The same as ``concatenate(_:)-([Effect<Action>])``.
  ///
  /// ```swift
  /// struct Database: Sendable { func save(_ draft: String) async throws -> Int { draft.count } }
  /// struct EditorState { var draft = ""; var isOpen = true }
  /// enum EditorAction: Sendable { case save, saved(Int), close }
  ///
  /// struct Editor {
  ///   let db: Database
  ///   func reduce(_ state: EditorState, _ action: EditorAction) -> (EditorState, Effect<EditorAction>) {
  ///     var state = state
  ///     switch action {
  ///     case .save:
  ///       let draft = state.draft
  ///       return (state, .sequence([.task { .saved(try await db.save(draft)) }, .send(.close)]))
  ///     case .saved: break
  ///     case .close: state.isOpen = false
  ///     }
  ///     return (state, .none)
  ///   }
  /// }
  /// ```
  ///
  /// SwiftTea's started every child at once, so that they ran concurrently despite the
  /// name; use ``merge(_:)-([Effect<Action>])`` for that.
  public static func sequence(_ effects: [Self]) -> Self {
    .concatenate(effects)
  }
}
