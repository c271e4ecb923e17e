// State-object transitions as a client measures them (issue 47). This program links Statecraft
// only through its public `Statecraft` product, as an app does, and writes its floor the way
// bpisano's blog post writes its first machine, in the same program. It times each shape of state
// against its floor, interleaved, round after round, and reports medians net of an empty loop:
//
//     swift run -c release StateObjectClient [transitions] [rounds]
//
// The shapes: trivial states (the protocol's empty `enter()` and `exit()`), `@MainActor` states,
// `nonisolated(nonsending)` states, and states that read `@StateTransition` and `@StateContext` in
// `enter()`. Their floor is the post's machine with the same states; for the last shape, its states
// get the machine and the context as arguments, the same work written by hand. Then the heap an
// idle started machine keeps.
import Foundation
import HeapUsage
import Statecraft

// MARK: - The floor: the blog post's first machine

/// The post's state: main-actor isolated, handed its machine.
@MainActor
protocol FloorState: Sendable {
  func enter(machine: FloorMachine) async
  func exit(machine: FloorMachine) async
}

extension FloorState {
  func enter(machine: FloorMachine) async {}
  func exit(machine: FloorMachine) async {}
}

/// The post's machine, with the context its later version adds, passed by hand.
@MainActor
final class FloorMachine {
  private(set) var currentState: any FloorState
  let context: Context

  init(initialState: any FloorState, context: Context = Context()) {
    currentState = initialState
    self.context = context
  }

  func start() async {
    await currentState.enter(machine: self)
  }

  @inline(never)
  func transition(to newState: any FloorState) async {
    await currentState.exit(machine: self)
    currentState = newState
    await currentState.enter(machine: self)
  }
}

struct TrivialFloorState: FloorState {}

struct MainActorFloorState: FloorState {
  let value = 1
  func enter(machine: FloorMachine) async { opaque(value) }
  func exit(machine: FloorMachine) async { opaque(value) }
}

/// What `@StateContext` and `@StateTransition` give a state, by hand: the context, read, and the
/// machine to transition with, kept.
struct ContextReadingFloorState: FloorState {
  func enter(machine: FloorMachine) async {
    opaque(machine.context.value)
    withExtendedLifetime(machine) {}
  }
}

// MARK: - Statecraft's states, the same shapes

struct Context: StateMachineContext {
  var value = 1
  static let defaultValue = Context()
}

struct TrivialState: StateMachineState {}

struct MainActorState: StateMachineState {
  let value = 1
  @MainActor func enter() async { opaque(value) }
  @MainActor func exit() async { opaque(value) }
}

struct NonsendingState: StateMachineState {
  let value = 1
  nonisolated(nonsending) func enter() async { opaque(value) }
  nonisolated(nonsending) func exit() async { opaque(value) }
}

struct ContextReadingState: StateMachineState {
  @StateTransition private var transition
  @StateContext(Context.self) private var context

  nonisolated(nonsending) func enter() async {
    opaque(context.value)
    withExtendedLifetime(transition) {}
  }
}

// MARK: - Measuring

/// Keeps a value from being optimised away, at the cost of a call.
@inline(never)
func opaque(_ value: Int) {
  if value == -1 { fatalError("unreachable") }
}

func nanoseconds(_ duration: Duration, per n: Int) -> Double {
  let (seconds, attoseconds) = duration.components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(n)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

@MainActor
func timeStatecraft<S: StateMachineState>(_ state: @autoclosure () -> S, _ n: Int) async -> Double {
  let machine = ContextualStateMachine(initialState: state()).context(Context())
  await machine.start()
  let duration = await ContinuousClock().measure {
    for _ in 0..<n { await machine.transition(to: state()) }
  }
  return nanoseconds(duration, per: n)
}

@MainActor
func timeFloor(_ state: @autoclosure () -> any FloorState, _ n: Int) async -> Double {
  let machine = FloorMachine(initialState: state())
  await machine.start()
  let duration = await ContinuousClock().measure {
    for _ in 0..<n { await machine.transition(to: state()) }
  }
  return nanoseconds(duration, per: n)
}

/// The loop itself: what both sides pay around a transition.
@MainActor
func timeEmptyLoop(_ n: Int) -> Double {
  let duration = ContinuousClock().measure {
    for iteration in 0..<n { opaque(iteration) }
  }
  return nanoseconds(duration, per: n)
}

/// The heap bytes each of `n` instances that `make` returns keeps.
@MainActor
func keptBytes<Instance>(_ n: Int, make: @MainActor () async -> Instance) async -> Int {
  var kept = [await make()]
  kept.reserveCapacity(n + 1)
  let before = heap_bytes_in_use()
  for _ in 0..<n { kept.append(await make()) }
  let after = heap_bytes_in_use()
  withExtendedLifetime(kept) {}
  return (Int(after) - Int(before)) / max(n, 1)
}

struct Shape {
  let name: String
  let target: String
  let statecraft: @MainActor (Int) async -> Double
  let floor: @MainActor (Int) async -> Double
}

let shapes = [
  Shape(
    name: "trivial states", target: "≤ 3×",
    statecraft: { await timeStatecraft(TrivialState(), $0) },
    floor: { await timeFloor(TrivialFloorState(), $0) }),
  Shape(
    name: "@MainActor states", target: "≤ 3×",
    statecraft: { await timeStatecraft(MainActorState(), $0) },
    floor: { await timeFloor(MainActorFloorState(), $0) }),
  Shape(
    name: "nonisolated(nonsending) states", target: "",
    statecraft: { await timeStatecraft(NonsendingState(), $0) },
    floor: { await timeFloor(MainActorFloorState(), $0) }),
  Shape(
    name: "states reading @StateTransition and @StateContext", target: "≤ 4×",
    statecraft: { await timeStatecraft(ContextReadingState(), $0) },
    floor: { await timeFloor(ContextReadingFloorState(), $0) }),
]

@MainActor
func measure(transitions n: Int, rounds: Int) async {
  var empty: [Double] = []
  var statecraft = Array(repeating: [Double](), count: shapes.count)
  var floor = Array(repeating: [Double](), count: shapes.count)
  // One warm-up round, not counted: the first transitions load metadata and caches.
  for shape in shapes {
    _ = await shape.statecraft(n / 10)
    _ = await shape.floor(n / 10)
  }
  for _ in 0..<rounds {
    empty.append(timeEmptyLoop(n))
    for (index, shape) in shapes.enumerated() {
      statecraft[index].append(await shape.statecraft(n))
      floor[index].append(await shape.floor(n))
    }
  }
  let loop = median(empty)
  print(
    "\(n) transitions a run, \(rounds) rounds, medians; the empty loop: "
      + String(format: "%.1f ns", loop))
  print("shape | Statecraft | floor | ratio, net of the loop | target")
  for (index, shape) in shapes.enumerated() {
    let ours = median(statecraft[index])
    let theirs = median(floor[index])
    print(
      "\(shape.name) | " + String(format: "%.0f ns | %.0f ns | %.2f×", ours, theirs, (ours - loop) / (theirs - loop))
        + " | \(shape.target)")
  }
  let idle = await keptBytes(1_000) {
    let machine = ContextualStateMachine(initialState: TrivialState()).context(Context())
    await machine.start()
    return machine
  }
  let idleFloor = await keptBytes(1_000) {
    let machine = FloorMachine(initialState: TrivialFloorState())
    await machine.start()
    return machine
  }
  print("an idle started machine keeps \(idle) heap bytes (target ≤ 300); the floor's, \(idleFloor)")
}

let arguments = CommandLine.arguments.dropFirst()
await measure(
  transitions: arguments.first.flatMap(Int.init) ?? 200_000,
  rounds: arguments.dropFirst().first.flatMap(Int.init) ?? 7)
