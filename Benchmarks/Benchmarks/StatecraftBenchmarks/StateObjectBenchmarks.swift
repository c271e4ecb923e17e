import Benchmark
import StateObjectShapes
import Statecraft

/// `ContextualStateMachine` transitions, from the main actor, against their floor, bpisano's blog
/// post's bare `@MainActor` machine with the same state shapes (`StateObjectShapes`), and against
/// one main-actor async call and calling the same `exit()` and `enter()` directly.
///
/// bpisano's StateMachine library was measured at 1.9 µs per transition with
/// nonisolated states, 1.1 µs with `@MainActor` states, and 4.1 µs with states that read their
/// context and transition in `enter()`, on this machine.
func stateObjectBenchmarks() {
  asyncRoundTrip("Baseline: @MainActor async call from the main actor", StateObjectFixtures.mainActorCalls)
  asyncRoundTrip("Baseline: exit() then enter() called directly", StateObjectFixtures.directCalls)
  asyncRoundTrip("Baseline: bpisano's blog post's bare machine, trivial states", StateObjectFixtures.bareTransitions)
  asyncRoundTrip(
    "Baseline: bpisano's blog post's bare machine, @MainActor states", StateObjectFixtures.bareMainActorTransitions)
  asyncRoundTrip(
    "ContextualStateMachine: transition between states without wrappers", StateObjectFixtures.plainTransitions)
  asyncRoundTrip(
    "ContextualStateMachine: transition between @MainActor states", StateObjectFixtures.mainActorTransitions)
  asyncRoundTrip(
    "ContextualStateMachine: transition between nonisolated(nonsending) states",
    StateObjectFixtures.nonsendingTransitions)
  asyncRoundTrip(
    "ContextualStateMachine: transition between states that read their wrappers", StateObjectFixtures.wrappedTransitions
  )
  asyncRoundTrip(
    "ContextualStateMachine: transition between @concurrent states (two hops each)",
    StateObjectFixtures.concurrentTransitions)
}

struct BenchmarkContext: StateMachineContext {
  var value = 1
  static let defaultValue = BenchmarkContext()
}

/// Reads its context and its transition handler in `enter()`, as a typical state does.
struct WrappedState: StateMachineState {
  @StateTransition private var transition
  @StateContext(BenchmarkContext.self) private var context
  @StateLifetime private var lifetime

  nonisolated(nonsending) func enter() async {
    blackHole(context.value)
    blackHole(transition)
    blackHole(lifetime)
  }
}

/// Runs `enter()` and `exit()` on the global executor, as a plain `func enter() async` of a
/// nonisolated type does in Swift 6: the state's own isolation asks for the hops.
struct ConcurrentState: StateMachineState {
  let value = 1
  @concurrent func enter() async { blackHole(value) }
  @concurrent func exit() async { blackHole(value) }
}

@MainActor @inline(never)
func mainActorAsyncCall(_ value: Int) async {
  blackHole(value)
}

@MainActor
enum StateObjectFixtures {
  static let plainMachine = ContextualStateMachine(initialState: TrivialState())
    .context(BenchmarkContext())
  static let mainActorMachine = ContextualStateMachine(initialState: MainActorState())
  static let nonsendingMachine = ContextualStateMachine(initialState: NonsendingState())
  static let bareMachine = BareMachine(initialState: TrivialBareState())
  static let bareMainActorMachine = BareMachine(initialState: MainActorBareState())
  static let wrappedMachine = ContextualStateMachine(initialState: WrappedState())
    .context(BenchmarkContext())
  static let concurrentMachine = ContextualStateMachine(initialState: ConcurrentState())
  static var started = false

  static func startIfNeeded() async {
    guard !started else { return }
    started = true
    await plainMachine.start()
    await mainActorMachine.start()
    await nonsendingMachine.start()
    await bareMachine.start()
    await bareMainActorMachine.start()
    await wrappedMachine.start()
    await concurrentMachine.start()
  }

  static func mainActorCalls(_ iterations: Range<Int>) async {
    for index in iterations { await mainActorAsyncCall(index) }
  }

  static func directCalls(_ iterations: Range<Int>) async {
    let state: any StateMachineState = MainActorState()
    for _ in iterations {
      await state.exit()
      await state.enter()
    }
  }

  static func plainTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await plainMachine.transition(to: TrivialState()) }
  }

  static func bareTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await bareMachine.transition(to: TrivialBareState()) }
  }

  static func bareMainActorTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await bareMainActorMachine.transition(to: MainActorBareState()) }
  }

  static func nonsendingTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await nonsendingMachine.transition(to: NonsendingState()) }
  }

  static func mainActorTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await mainActorMachine.transition(to: MainActorState()) }
  }

  static func wrappedTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await wrappedMachine.transition(to: WrappedState()) }
  }

  static func concurrentTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await concurrentMachine.transition(to: ConcurrentState()) }
  }
}
