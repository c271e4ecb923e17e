import Statecraft
import StatecraftTesting
import Testing

@DSLCompatible
enum Signal {
  case go(speed: Int)
  case turn(degrees: Int, left: Bool)
  case load(id: Int)
  case load(index: Int)
  case stop
}

@DSLCompatible
enum SignalEvent {
  case accelerate(by: Int)
  case brake
}

@DSLCompatible
enum Level {
  case low(Int)
  case high(Int)
  case off
}

@DSLCompatible
enum Knob {
  case turn(Int)
  case reset
}

/// A thermostat whose reading can be `nan`.
@DSLCompatible
enum Thermostat {
  case idle
  case reading(Double)
}

@DSLCompatible
enum ThermostatEvent {
  case measured(Double)
  case reset
}

let thermostatMachine = StateMachine(initial: Thermostat.idle) {
  When(
    states: OneOf {
      Thermostat.idle; Thermostat.reading
    }
  ) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: ThermostatEvent.measured) { value in Transition(to: Thermostat.reading(value)) }
  }
  When(state: Thermostat.reading) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: ThermostatEvent.reset) { _ in Transition(to: Thermostat.idle) }
  }
}

@Suite("@DSLCompatible in use", .timeLimit(.minutes(1)))
struct DSLCompatibleMacroUseTests {
  @Test func theMacroReadsPayloadsWithoutReflection() {
    #expect(Signal.go(speed: 3).dslPayload(as: Int.self) == 3)
    let turn = Signal.turn(degrees: 90, left: true).dslPayload(as: (Int, Bool).self)
    #expect(turn?.0 == 90 && turn?.1 == true)
    #expect(Signal.stop.dslPayload(as: Int.self) == nil)
    #expect(Signal.go(speed: 3).dslPayload(as: String.self) == nil)
    // Cases Swift cannot pattern-match fall back to reflection.
    #expect(Signal.load(index: 7).dslPayload(as: Int.self) == 7)
  }

  @Test func machinesMatchMacroConformedCases() {
    let machine = StateMachine(initial: Signal.stop) {
      When(state: Signal.go(speed:)) { speed in
        Execute(output: SignalEvent.accelerate(by: speed))
      } transitions: { speed in
        On(event: SignalEvent.accelerate(by:)) { delta in Transition(to: Signal.go(speed: speed + delta)) }
        On(event: SignalEvent.brake) { _ in Transition(to: Signal.stop) }
      }
      When(state: Signal.load(id:)) { _ in Execute(output: SignalEvent.brake) }
      When(state: Signal.stop) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: SignalEvent.accelerate(by:)) { speed in Transition(to: Signal.go(speed: speed)) }
      }
    }
    XCTStateMachine(machine)
      .assert(when: .stop, on: .accelerate(by: 2), transitionTo: .go(speed: 2))
      .assert(when: .go(speed: 2), on: .accelerate(by: 3), transitionTo: .go(speed: 5))
      .assert(when: .go(speed: 5), execute: .accelerate(by: 5))
      .assert(when: .go(speed: 5), on: .brake, transitionTo: .stop)
      .assert(when: .load(id: 1), execute: .brake)
      .assertNoOutput(when: .load(index: 1))
  }

  /// Machines go straight to the Whens and Ons a case can match. A guard that is false for the first
  /// event of a case must not hide its On from later events of that case.
  @Test func dispatchByCaseKeepsGuardsValuePatternsAndOrder() {
    let machine = StateMachine(initial: Level.off) {
      When(state: Level.low) { _ in
        Execute.noOutput
      } transitions: { level in
        On(event: Knob.turn) { delta in
          Guard(predicate: delta > 0)
        } transition: { delta in
          Transition(to: Level.low(level + delta))
        }
        On(event: Knob.turn) { _ in Transition(to: Level.off) }
      }
      When(state: Level.low(0)) { _ in Execute(output: Knob.reset) }
      When(state: Level.high(5)) { _ in
        Execute(output: Knob.reset)
      } transitions: { _ in
        On(event: Knob.reset) { _ in Transition(to: Level.off) }
      }
      When(
        states: OneOf {
          Level.high; Level.off
        }
      ) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: Knob.turn) { delta in Transition(to: Level.high(delta)) }
      }
    }
    XCTStateMachine(machine)
      .assert(when: .low(1), on: .turn(-1), transitionTo: .off)
      .assert(when: .low(1), on: .turn(2), transitionTo: .low(3))
      .assert(when: .low(1), on: .turn(-5), transitionTo: .off)
      .assertNoOutput(when: .low(0))  // the first matching When decides the output
      .assert(when: .high(5), execute: .reset)
      .assertNoOutput(when: .high(6))
      .assert(when: .high(5), on: .reset, transitionTo: .off)
      .assertNoTransition(when: .high(6), on: .reset)
      .assert(when: .high(6), on: .turn(2), transitionTo: .high(2))
      .assert(when: .off, on: .turn(4), transitionTo: .high(4))
      .assertNoTransition(when: .off, on: .reset)
  }

  /// In the first engine, one NaN payload broke matching for every machine of a definition.
  @Test func aNaNPayloadMatchesItsCaseAndLeavesOtherMachinesAlone() async {
    let first = AsyncStateMachineSequence(stateMachine: thermostatMachine, runtime: Runtime())
    await first.send(.measured(.nan))
    guard case .reading(let value) = first.currentState, value.isNaN else {
      Issue.record("the event measured(nan) did not match its own case: \(first.currentState)")
      return
    }
    await first.send(.reset)
    #expect(first.currentState == .idle, "the state reading(nan) did not match its own case")

    let second = AsyncStateMachineSequence(stateMachine: thermostatMachine, runtime: Runtime())
    await second.send(.measured(20))
    await second.send(.reset)
    #expect(second.currentState == .idle, "another machine's nan broke matching for this one")

    XCTStateMachine(thermostatMachine)
      .assert(when: .reading(.nan), on: .reset, transitionTo: .idle)
      .assert(when: .idle, on: .measured(20), transitionTo: .reading(20))
      .assert(when: .reading(21), on: .reset, transitionTo: .idle)
  }
}
