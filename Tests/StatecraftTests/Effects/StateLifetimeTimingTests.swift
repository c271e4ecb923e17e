import Clocks
import ConcurrencyExtras
import Statecraft
import StatecraftTesting
import Testing

extension MainSerialExecutorTests {
  /// The seed's "sleep, then transition" pattern, on an injected clock.
  @MainActor
  @Suite("ContextualStateMachine: timing", .timeLimit(.minutes(1)))
  struct StateLifetimeTimingTests {
    struct ClockContext: StateMachineContext {
      var delay: Duration
      var clock: any Clock<Duration>
      static let defaultValue = ClockContext(delay: .seconds(1), clock: ContinuousClock())
    }

    struct Timed: StateMachineState {
      let name: String
      let next: String
      @StateTransition private var transition
      @StateContext(ClockContext.self) private var context
      @StateLifetime private var lifetime

      func enter() async {
        lifetime.task {
          try await context.clock.sleep(for: context.delay)
          await transition(to: Timed(name: next, next: name))
        }
      }
    }

    func name(_ machine: ContextualStateMachine<ClockContext>) -> String? {
      (machine.currentState as? Timed)?.name
    }

    @Test func sleepThenTransitionCycles() async {
      await withMainSerialExecutor {
        let clock = TestClock()
        let machine = ContextualStateMachine(initialState: Timed(name: "off", next: "on"))
          .context(ClockContext(delay: .seconds(1), clock: clock))
        await machine.start()
        #expect(name(machine) == "off")
        await clock.advance(by: .milliseconds(999))
        #expect(name(machine) == "off")
        await clock.advance(by: .milliseconds(1))
        #expect(name(machine) == "on")
        await clock.advance(by: .seconds(1))
        #expect(name(machine) == "off")
        await machine.stop()
      }
    }

    @Test func leavingEarlyCancelsThePendingTransitionWithoutCleanup() async {
      await withMainSerialExecutor {
        let clock = TestClock()
        let recorder = DiagnosticRecorder()
        let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
          ContextualStateMachine(initialState: Timed(name: "off", next: "on"))
            .context(ClockContext(delay: .seconds(1), clock: clock))
        }
        await machine.start()
        await clock.advance(by: .milliseconds(500))
        await machine.transition(to: Step(name: "manual", log: Log()))
        await clock.advance(by: .seconds(5))
        #expect((machine.currentState as? Step)?.name == "manual")
        #expect(recorder.diagnostics.isEmpty, "the cancelled sleep still asked for a transition")
      }
    }
  }
}
