import Statecraft
import StatecraftTesting
import Testing

/// bpisano's StateMachine's "sleep, then transition" pattern, on an injected clock, deterministic
/// without yielding: each state fixes its deadline in `enter()`, and the test waits for the
/// transition it expects through Observation.
@MainActor
@Suite("ContextualStateMachine: timing", .timeLimit(.minutes(1)))
struct StateLifetimeTimingTests {
  struct ClockContext: StateMachineContext {
    var delay: Duration
    var clock: SteppingClock
    static let defaultValue = ClockContext(delay: .seconds(1), clock: SteppingClock())
  }

  struct Timed: StateMachineState {
    let name: String
    let next: String
    @StateTransition private var transition
    @StateContext(ClockContext.self) private var context
    @StateLifetime private var lifetime

    func enter() async {
      let (clock, deadline) = (context.clock, context.clock.deadline(after: context.delay))
      lifetime.task {
        try await clock.sleep(until: deadline)
        await transition(to: Timed(name: next, next: name))
      }
    }
  }

  func name(_ machine: ContextualStateMachine<ClockContext>) -> String? {
    (machine.currentState as? Timed)?.name
  }

  @Test func sleepThenTransitionCycles() async {
    let clock = SteppingClock()
    let machine = ContextualStateMachine(initialState: Timed(name: "off", next: "on"))
      .context(ClockContext(delay: .seconds(1), clock: clock))
    await machine.start()
    #expect(name(machine) == "off")
    clock.advance(by: .milliseconds(999))
    #expect(name(machine) == "off")
    clock.advance(by: .milliseconds(1))
    await waitUntil { name(machine) == "on" }
    // "on" is current before its enter() has fixed its deadline: wait until its task sleeps.
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await waitUntil { name(machine) == "off" }
    await machine.stop()
  }

  @Test func leavingEarlyCancelsThePendingTransitionWithoutCleanup() async {
    let clock = SteppingClock()
    let recorder = DiagnosticRecorder()
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: Timed(name: "off", next: "on"))
        .context(ClockContext(delay: .seconds(1), clock: clock))
    }
    await machine.start()
    clock.advance(by: .milliseconds(500))
    await machine.transition(to: Step(name: "manual", log: Log()))
    clock.advance(by: .seconds(5))
    #expect((machine.currentState as? Step)?.name == "manual")
    #expect(recorder.diagnostics.isEmpty, "the cancelled sleep still asked for a transition")
  }
}
