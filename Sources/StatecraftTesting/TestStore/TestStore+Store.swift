public import Statecraft

extension TestStore {
  /// A test store over a new `Store` with an in-place reducer and an environment.
  ///
  /// ```swift
  /// struct SearchState: Equatable { var query = ""; var results: [String] = [] }
  /// enum SearchAction: Equatable, Sendable { case queryChanged(String), results([String]) }
  ///
  /// struct SearchEnvironment {
  ///   var clock: any Clock<Duration>
  ///   var search: @Sendable (String) async throws -> [String]
  ///   static func mock(_ clock: some Clock<Duration>) -> Self {
  ///     Self(clock: clock, search: { _ in ["swift"] })
  ///   }
  /// }
  ///
  /// func searchReducer(
  ///   state: inout SearchState, action: SearchAction, environment: SearchEnvironment
  /// ) -> Effect<SearchAction> {
  ///   switch action {
  ///   case .queryChanged(let query):
  ///     state.query = query
  ///     return .run { send in
  ///       try await environment.clock.sleep(for: .milliseconds(300))   // typing pauses
  ///       await send(.results(try await environment.search(query)))
  ///     }
  ///     .cancellable(id: "search", cancelInFlight: true)
  ///   case .results(let results):
  ///     state.results = results
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: SearchState(), environment: .mock(clock), reducer: searchReducer)
  /// await store.send(.queryChanged("sw")) { $0.query = "sw" }
  /// await clock.advance(by: .milliseconds(300))   // the debounced search runs
  /// await store.receive(.results(["swift"])) { $0.results = ["swift"] }
  /// ```
  ///
  /// It takes its arguments in `Store`'s order, so that a `Store(...)` call becomes a test store
  /// by its name alone.
  /// Diagnostics of the store (an effect that throws, a `send` from a reducer) fail the test, at
  /// the line that caused them.
  public convenience init<Environment>(
    initialState: State,
    environment: Environment,
    reducer: @escaping (inout State, Action, Environment) -> Effect<Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Action: Sendable {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(callSite: callSite) { executor, recorder in
      let store = TestStoreScope.run(executor: executor, recorder: recorder) {
        Store(
          initialState: initialState, environment: environment, reducer: reducer,
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return TestStoreSubject(
        send: { action, callSite in
          store.send(
            action, fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line,
            column: callSite.column)
        },
        currentState: { store.state },
        action: { $0 as? Action },
        state: { $0 as? State },
        cancelEffects: { store.cancelAllEffects() })
    }
  }

  /// A test store over a new `Store` with a value-returning reducer, as SwiftTea's, and an
  /// environment.
  public convenience init<Environment>(
    initialState: State,
    reduce: @escaping (State, Action, Environment) -> (State, Effect<Action>),
    environment: Environment,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Action: Sendable {
    self.init(
      initialState: initialState,
      environment: environment,
      reducer: { state, action, environment in
        let (newState, effect) = reduce(state, action, environment)
        state = newState
        return effect
      },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A test store over a new `Store` with an in-place reducer and no environment.
  public convenience init(
    initialState: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Action: Sendable {
    self.init(
      initialState: initialState, environment: (), reducer: { state, action, _ in reducer(&state, action) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A test store over a new `Store` with a composed reducer: one test store tests a tree of
  /// features, exhaustively over every child's actions.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Equatable, Sendable { let id: Int; var title: String; var isDone = false }
  /// enum TodoAction: Equatable, Sendable { case toggle }
  /// struct AppState: Equatable { var todos: IdentifiedArrayOf<Todo> = [] }
  /// @CaseRoutable enum AppAction: Equatable, Sendable { case todos(IdentifiedAction<Todo.ID, TodoAction>) }
  ///
  /// func appReducer() -> Reduce<AppState, AppAction> {
  ///   Reduce<AppState, AppAction>.empty.forEach(\.todos, action: \.todos) {
  ///     Reduce { todo, _ in todo.isDone.toggle(); return .none }
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = TestStore(initialState: AppState(todos: [Todo(id: 1, title: "Buy milk")]), reducer: appReducer())
  /// await store.send(.todos(.element(id: 1, action: .toggle))) { $0.todos[id: 1]?.isDone = true }
  /// ```
  public convenience init(
    initialState: State,
    reducer: Reduce<State, Action>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Action: Sendable {
    self.init(
      initialState: initialState, environment: (), reducer: { state, action, _ in reducer(&state, action) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A test store over a new `Store` with a value-returning reducer, as SwiftTea's, and no
  /// environment.
  public convenience init(
    initialState: State,
    reduce: @escaping (State, Action) -> (State, Effect<Action>),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Action: Sendable {
    self.init(
      initialState: initialState,
      reduce: { state, action, _ in reduce(state, action) }, environment: (),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// What an owner under test is created in: the test store's executor, its inspector, and a
/// diagnostics handler that does nothing. The test store reports the owner's diagnostics from the
/// records its inspector receives, on the test's own task: the owner's tasks carry none of the
/// test's task-locals, so an issue reported from them would not be tied to the test.
enum TestStoreScope {
  static func run<Owner>(
    executor: TestExecutor, recorder: TestStoreRecorder, _ make: () -> Owner
  ) -> Owner {
    EffectExecutor.$preferred.withValue(executor) {
      DiagnosticHandler.$current.withValue(DiagnosticHandler { _ in }) {
        withInspector(recorder, operation: make)
      }
    }
  }
}
