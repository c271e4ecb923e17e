// The chart's step and send, and the declarative machine's, in tight loops for callgrind, which
// counts instructions repeatably on a noisy VM. It uses only API that every commit since the
// statecharts landed has, so that one binary's source builds against an older engine to compare:
//
//     swift build -c release --product ChartSteps
//     valgrind --tool=callgrind .build/release/ChartSteps flatstep 20000
//     valgrind --tool=callgrind .build/release/ChartSteps flatstep 0     # subtract this run
//
// Modes: flatstep, deepstep, machinestep (pure steps); flatsend, deepsend, machinesend (running);
// flatsendmain, deepsendmain, machinesendmain (running, sent from the main actor).
import Statecraft

@DSLCompatible enum Cycle { case first, second, third }
@DSLCompatible enum CycleEvent { case next }

let flatChart = Statechart<Cycle, CycleEvent, EmptyChartContext>(initial: .first) {
  StateNode(.first) { OnEvent(.next, target: .second) }
  StateNode(.second) { OnEvent(.next, target: .third) }
  StateNode(.third) { OnEvent(.next, target: .first) }
}

/// `top › middle › parallel` with three regions of two states each: five levels, three
/// transitions per event, as in the benchmarks.
let deepChart = Statechart<String, CycleEvent, EmptyChartContext>(initial: "top") {
  StateNode("top") {
    StateNode("middle") {
      StateNode(parallel: "regions") {
        for region in ["a", "b", "c"] {
          StateNode(region) {
            StateNode("\(region).left") { OnEvent(.next, target: "\(region).right") }
            StateNode("\(region).right") { OnEvent(.next, target: "\(region).left") }
          }
        }
      }
    }
  }
}

let cycleMachine = StateMachine(initial: Cycle.first) {
  When(state: Cycle.first) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: CycleEvent.next) { _ in Transition(to: Cycle.second) }
  }
  When(state: Cycle.second) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: CycleEvent.next) { _ in Transition(to: Cycle.third) }
  }
  When(state: Cycle.third) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: CycleEvent.next) { _ in Transition(to: Cycle.first) }
  }
}

func steps<ID: Hashable & Sendable>(_ chart: Statechart<ID, CycleEvent, EmptyChartContext>, _ n: Int) -> Bool {
  var snapshot = chart.initialTransition().snapshot
  for _ in 0..<n { snapshot = chart.transition(from: snapshot, on: .next).snapshot }
  return snapshot.isDone
}

func sends<ID: Hashable & Sendable>(_ chart: Statechart<ID, CycleEvent, EmptyChartContext>, _ n: Int) async -> Bool {
  let running = AsyncStatechartSequence(chart)
  for _ in 0..<n { await running.send(.next) }
  return running.isDone
}

@MainActor
func sendsOnMain<ID: Hashable & Sendable>(
  _ chart: Statechart<ID, CycleEvent, EmptyChartContext>, _ n: Int
) async -> Bool {
  let running = AsyncStatechartSequence(chart)
  for _ in 0..<n { await running.send(.next) }
  return running.isDone
}

@MainActor
func machineSendsOnMain(_ n: Int) async -> Bool {
  let running = AsyncStateMachineSequence(stateMachine: cycleMachine, runtime: Runtime())
  for _ in 0..<n { await running.send(.next) }
  return running.currentState == .third && n == 1
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "flatstep"
let n = arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000
var sink = false
switch mode {
case "flatstep": sink = steps(flatChart, n)
case "deepstep": sink = steps(deepChart, n)
case "machinestep":
  var state = Cycle.first
  for _ in 0..<n { state = cycleMachine.transition(from: state, on: .next) ?? state }
  sink = state == .third && n == 1
case "flatsend": sink = await Task.detached { await sends(flatChart, n) }.value
case "deepsend": sink = await Task.detached { await sends(deepChart, n) }.value
case "machinesend":
  sink = await Task.detached {
    let running = AsyncStateMachineSequence(stateMachine: cycleMachine, runtime: Runtime())
    for _ in 0..<n { await running.send(.next) }
    return running.currentState == .third && n == 1
  }.value
// The same sends from the main actor, which keeps them on the main thread: valgrind 3.19 stops at
// the first worker thread the detached task starts.
case "flatsendmain": sink = await sendsOnMain(flatChart, n)
case "deepsendmain": sink = await sendsOnMain(deepChart, n)
case "machinesendmain": sink = await machineSendsOnMain(n)
default: fatalError("unknown mode \(mode)")
}
if sink { print("") }
