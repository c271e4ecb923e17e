import Observation
import Statecraft
import Testing

@MainActor
@Suite("ContextualStateMachine: observing states", .timeLimit(.minutes(1)))
struct StateMachineObservationTests {
  @Test func everyObserverGetsTheCurrentStateThenEveryLaterOne() async {
    let log = Log<String>()
    let machine = ContextualStateMachine(initialState: Step(name: "A", log: log))
    let early = machine.states()
    await machine.start()
    await machine.transition(to: Step(name: "B", log: log))
    let late = machine.states()  // subscribes while B is current
    await machine.transition(to: Step(name: "C", log: log))
    await machine.stop()

    var earlyNames: [String] = []
    for await state in early {
      earlyNames.append((state as? Step)?.name ?? "?")
      if earlyNames.count == 3 { break }
    }
    var lateNames: [String] = []
    for await state in late {
      lateNames.append((state as? Step)?.name ?? "?")
      if lateNames.count == 2 { break }
    }
    #expect(earlyNames == ["A", "B", "C"])
    #expect(lateNames == ["B", "C"])
  }

  @Test func streamsEndWhenTheMachineIsReleased() async {
    var stream: AsyncStream<any StateMachineState>?
    do {
      let machine = ContextualStateMachine(initialState: Step(name: "A", log: Log()))
      stream = machine.states()
    }
    var count = 0
    for await _ in stream! { count += 1 }
    #expect(count == 1)
  }

  /// bpisano's StateMachine needed Combine to observe the current state.
  @Test("`currentState` is observable through Observation, on Linux too", .tags(.replacedLibraryDefect))
  func currentStateIsObservable() async {
    let log = Log<String>()
    let machine = ContextualStateMachine(initialState: Step(name: "A", log: log))
    await machine.start()
    let changes = ObservationCounter()
    changes.track { _ = machine.currentState }
    await machine.transition(to: Step(name: "B", log: log))
    #expect(changes.changes == 1)
    #expect((machine.currentState as? Step)?.name == "B")
  }

  /// A machine keeps Observation's registrar (128 heap bytes) only once something reads its state.
  @Test func aMachineNothingReadsKeepsNoRegistrarAndTheFirstReadObserves() async {
    let log = Log<String>()
    let machine = ContextualStateMachine(initialState: Step(name: "A", log: log))
    await machine.start()
    await machine.transition(to: Step(name: "B", log: log))
    #expect(!machine.hasObservationRegistrar)
    let changes = ObservationCounter()
    changes.track { _ = machine.currentState }
    #expect(machine.hasObservationRegistrar)
    await machine.transition(to: Step(name: "C", log: log))
    #expect(changes.changes == 1)
  }
}
