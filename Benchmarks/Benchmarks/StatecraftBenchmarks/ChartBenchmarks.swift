import Benchmark
import Statecraft

/// Statecharts: one event through a flat chart against the declarative machine on the same
/// transitions, one event through a chart 5 levels deep with 3 parallel regions, and the pure step
/// function's allocations.
func chartBenchmarks() {
  Benchmark("Baseline: AsyncStateMachineSequence, 3 states in a cycle") { benchmark in
    let sequence = AsyncStateMachineSequence(stateMachine: ChartFixtures.cycleMachine, runtime: Runtime())
    for _ in benchmark.scaledIterations {
      await sequence.send(.next)
    }
    blackHole(sequence.currentState)
  }
  Benchmark("Statechart: send through a flat chart, 3 states in a cycle") { benchmark in
    let chart = AsyncStatechartSequence(ChartFixtures.flatChart)
    for _ in benchmark.scaledIterations {
      await chart.send(.next)
    }
    blackHole(chart.snapshot)
  }
  Benchmark("Statechart: send through a chart 5 levels deep with 3 parallel regions") { benchmark in
    let chart = AsyncStatechartSequence(ChartFixtures.deepChart)
    for _ in benchmark.scaledIterations {
      await chart.send(.next)
    }
    blackHole(chart.snapshot)
  }
  // The step function alone. Each iteration steps from the snapshot the last one made, which the
  // loop holds only through `snapshot`: the new configuration is the one allocation a step makes.
  Benchmark("Statechart: the step function, flat chart") { benchmark in
    let chart = ChartFixtures.flatChart
    var snapshot = chart.initialTransition().snapshot
    for _ in benchmark.scaledIterations {
      snapshot = chart.transition(from: snapshot, on: .next).snapshot
    }
    blackHole(snapshot)
  }
  Benchmark("Statechart: the step function, 5 levels deep with 3 parallel regions") { benchmark in
    let chart = ChartFixtures.deepChart
    var snapshot = chart.initialTransition().snapshot
    for _ in benchmark.scaledIterations {
      snapshot = chart.transition(from: snapshot, on: .next).snapshot
    }
    blackHole(snapshot)
  }
}

@DSLCompatible
enum Cycle {
  case first, second, third
}

@DSLCompatible
enum CycleEvent {
  case next
}

enum ChartFixtures {
  static let cycleMachine = StateMachine(initial: Cycle.first) {
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

  static let flatChart = Statechart<Cycle, CycleEvent, EmptyChartContext>(initial: .first) {
    StateNode(.first) { OnEvent(.next, target: .second) }
    StateNode(.second) { OnEvent(.next, target: .third) }
    StateNode(.third) { OnEvent(.next, target: .first) }
  }

  /// `top › middle › parallel` with three regions, each a compound state of two atomic states that
  /// the event toggles: five levels, three transitions per event.
  static let deepChart = Statechart<String, CycleEvent, EmptyChartContext>(initial: "top") {
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
}
