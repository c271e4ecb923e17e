import Benchmark
import Statecraft

/// `ContextualStateMachine` transitions, with and without state wrappers, against calling the
/// same `exit()` and `enter()` directly.
func stateObjectBenchmarks() {
  asyncRoundTrip("Baseline: exit() then enter() called directly", StateObjectFixtures.directCalls)
  asyncRoundTrip("ContextualStateMachine: transition between states without wrappers", StateObjectFixtures.plainTransitions)
  asyncRoundTrip("ContextualStateMachine: transition between states that read their wrappers", StateObjectFixtures.wrappedTransitions)
}

struct BenchmarkContext: StateMachineContext {
  var value = 1
  static let defaultValue = BenchmarkContext()
}

/// Empty `enter()` and `exit()`, no wrappers.
struct PlainState: StateMachineState {}

/// Reads its context and its transition handler in `enter()`, as a typical state does.
struct WrappedState: StateMachineState {
  @StateTransition private var transition
  @StateContext(BenchmarkContext.self) private var context
  @StateLifetime private var lifetime

  func enter() async {
    blackHole(context.value)
    blackHole(transition)
    blackHole(lifetime)
  }
}

@MainActor
enum StateObjectFixtures {
  static let plainMachine = ContextualStateMachine(initialState: PlainState())
    .context(BenchmarkContext())
  static let wrappedMachine = ContextualStateMachine(initialState: WrappedState())
    .context(BenchmarkContext())
  static var started = false

  static func startIfNeeded() async {
    guard !started else { return }
    started = true
    await plainMachine.start()
    await wrappedMachine.start()
  }

  static func directCalls(_ iterations: Range<Int>) async {
    let state: any StateMachineState = WrappedState()
    for _ in iterations {
      await state.exit()
      await state.enter()
    }
  }

  static func plainTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await plainMachine.transition(to: PlainState()) }
  }

  static func wrappedTransitions(_ iterations: Range<Int>) async {
    await startIfNeeded()
    for _ in iterations { await wrappedMachine.transition(to: WrappedState()) }
  }
}
