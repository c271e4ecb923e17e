import Statecraft
import StatecraftTesting
import Testing

/// A state's stay: from its `enter()` to the end of its `exit()`. Requests from a stay that has
/// ended are ignored and reported, its lifetime tasks end with it, and releasing the machine
/// mid-stay releases it.
@MainActor
@Suite("ContextualStateMachine: stays", .timeLimit(.minutes(1)))
struct StateStayTests {
  @Test func onlyTheFirstOfTwoRequestsFromOneStayRuns() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let b = Step(name: "B", log: log)
    let c = Step(name: "C", log: log)
    let a = Step(
      name: "A", log: log,
      onEnter: { transition, _ in
        await transition(to: b)
        await transition(to: c)  // by its turn, A is no longer current
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    await machine.start()
    await machine.stop()
    #expect(log.all == ["A enter begins", "A enter ends", "A exit", "B enter begins", "B enter ends", "B exit"])
    #expect(recorder.kinds == [.staleTransition])
  }

  @Test func cancelledLifetimeTaskThatIgnoresCancellationCannotTransition() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let started = Gate()
    let release = Gate()
    let requested = Gate()
    let a = Step(
      name: "A", log: log,
      onEnter: { transition, lifetime in
        lifetime.task {
          started.open()
          await release.wait()  // ignores the cancellation
          await transition(to: Step(name: "X", log: log))
          requested.open()
        }
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    await machine.start()
    await started.wait()
    await machine.transition(to: Step(name: "B", log: log))
    release.open()
    await requested.wait()
    await machine.stop()
    #expect((machine.currentState as? Step)?.name == "B")
    #expect(!log.all.contains("X enter begins"))
    #expect(recorder.kinds == [.staleTransition])
  }

  @Test func releasingTheMachineWhileAStateIsEnteringReleasesIt() async {
    let log = Log<String>()
    let entering = Gate()
    let release = Gate()
    weak var weakMachine: ContextualStateMachine<EmptyStateMachineContext>?
    var states: AsyncStream<any StateMachineState>?
    do {
      let b = Step(
        name: "B", log: log,
        onEnter: { _, _ in
          entering.open()
          await release.wait()
        })
      let a = Step(name: "A", log: log, onEnter: { transition, _ in await transition(to: b) })
      let machine = ContextualStateMachine(initialState: a)
      states = machine.states()
      await machine.start()
      await entering.wait()
      weakMachine = machine
    }
    #expect(weakMachine == nil, "a suspended enter() kept the machine alive")
    var seen = 0
    for await _ in states! { seen += 1 }  // ends because the machine is gone
    #expect(seen == 2)
    release.open()
  }

  @Test func lifetimeTaskStartedInsideExitIsReported() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let a = Step(
      name: "A", log: log,
      onExit: { _, lifetime in
        lifetime.task { log.append("never runs") }
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    await machine.start()
    await machine.stop()
    #expect(!log.all.contains("never runs"))
    #expect(recorder.kinds == [.stateNotCurrent])
  }
}
