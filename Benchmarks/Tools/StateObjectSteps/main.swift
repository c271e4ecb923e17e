// State-object transitions in a tight loop on the main actor, for callgrind, beside their floor,
// bpisano's blog post's bare machine:
//
//     valgrind --tool=callgrind .build/release/StateObjectSteps plain 20000
//
// Modes: plain, main, nonsending, wrapped (a `ContextualStateMachine` whose states have the
// protocol's empty `enter()`/`exit()`, their own on the main actor, their own
// `nonisolated(nonsending)`, or read three wrappers), bare and baremain (the floor with the first
// two shapes). Subtract a run with 0 transitions and divide by the count.
import StateObjectShapes
import Statecraft

struct Context: StateMachineContext {
  var value = 1
  static let defaultValue = Context()
}

struct WrappedS: StateMachineState {
  @StateTransition private var transition
  @StateContext(Context.self) private var context
  @StateLifetime private var lifetime

  nonisolated(nonsending) func enter() async {
    floorOpaque(context.value)
    withExtendedLifetime(transition) {}
    withExtendedLifetime(lifetime) {}
  }
}

@MainActor func run<S: StateMachineState>(_ state: @autoclosure () -> S, _ n: Int) async {
  let machine = ContextualStateMachine(initialState: state()).context(Context())
  await machine.start()
  for _ in 0..<n { await machine.transition(to: state()) }
}

@MainActor func runBare(_ state: @autoclosure () -> any BareState, _ n: Int) async {
  let machine = BareMachine(initialState: state())
  await machine.start()
  for _ in 0..<n { await machine.transition(to: state()) }
}

let mode = CommandLine.arguments.dropFirst().first ?? "plain"
let n = Int(CommandLine.arguments.dropFirst(2).first ?? "20000")!
switch mode {
case "plain": await run(TrivialState(), n)
case "main": await run(MainActorState(), n)
case "nonsending": await run(NonsendingState(), n)
case "wrapped": await run(WrappedS(), n)
case "bare": await runBare(TrivialBareState(), n)
case "baremain": await runBare(MainActorBareState(), n)
default: fatalError("unknown mode \(mode)")
}
