import Clocks
import Statecraft
import StatecraftTesting
import Testing

/// Patterns the articles teach, kept working: a clock held as `any Clock<Duration>` that
/// debounces, and state objects that sleep, then transition.
@MainActor
@Suite("Documented patterns", .timeLimit(.minutes(1)))
struct DocumentedPatternTests {
  // "The environment" and "Debounce and throttle": a clock held as `any Clock<Duration>`.
  struct SearchEnvironment: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
  }

  struct SearchState: Equatable {
    var query = ""
    var results: [String] = []
  }

  enum SearchAction: Sendable {
    case queryChanged(String)
    case results([String])
  }

  static func searchReducer(
    _ state: inout SearchState, _ action: SearchAction, _ environment: SearchEnvironment
  ) -> Effect<SearchAction> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return Effect.task { .results(try await environment.search(query)) }
        .debounce(id: "search", for: .milliseconds(300), clock: environment.clock)
    case .results(let results):
      state.results = results
      return .none
    }
  }

  @Test func debounceWithAnExistentialClock() async {
    let environment = SearchEnvironment(search: { [$0] }, clock: ImmediateClock())
    let store = Store(initialState: SearchState(), environment: environment, reducer: Self.searchReducer)
    await store.send(.queryChanged("swift")).finish()
    #expect(store.state.results == ["swift"])
  }

  /// "Testing": a debounced search on a `TestClock`, with no yielding.
  @Test func debounceOnATestClock() async {
    struct Search: Sendable { var clock: any Clock<Duration> }
    let search = { (state: inout SearchState, action: SearchAction, environment: Search) -> Effect<SearchAction> in
      Self.searchReducer(&state, action, SearchEnvironment(search: { [$0] }, clock: environment.clock))
    }
    let clock = TestClock()
    let store = Store(initialState: SearchState(), environment: Search(clock: clock), reducer: search)
    let task = store.send(.queryChanged("swift"))
    await clock.advance(by: .seconds(1))  // past the 300 ms debounce
    await task.finish()
    #expect(store.state.results == ["swift"])
  }

  // "State objects".
  struct Context: StateMachineContext {
    var delay: Duration
    var clock: any Clock<Duration>
    static let defaultValue = Context(delay: .seconds(1), clock: ContinuousClock())
  }

  struct OffState: StateMachineState {
    @StateTransition private var transition
    @StateContext(Context.self) private var context
    @StateLifetime private var lifetime

    func enter() async {
      lifetime.task {  // cancelled when OffState exits
        try await context.clock.sleep(for: context.delay)
        await transition(to: OnState())
      }
    }
  }

  struct OnState: StateMachineState {
    @StateTransition private var transition

    func enter() async {
      // "How states find their machine": keep the handler to use it from elsewhere.
      let transition = self.transition
      Task.detached { await transition(to: OffState()) }
    }
  }

  @Test func stateObjectsExample() async {
    let clock = SteppingClock()
    let recorder = DiagnosticRecorder()
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: OffState())
        .context(Context(delay: .seconds(1), clock: clock))
    }
    var states = machine.states().makeAsyncIterator()
    await machine.start()
    #expect(await states.next() is OffState)
    await clock.waitForSleepers(1)  // OffState's lifetime task sleeps for a second from now
    clock.advance(by: .seconds(1))
    #expect(await states.next() is OnState)
    #expect(await states.next() is OffState, "a handler kept from enter() works in a detached task")
    await machine.stop()
    #expect(recorder.diagnostics.isEmpty)
  }
}
