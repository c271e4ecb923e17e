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

@Suite("@DSLCompatible in use")
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
      When(state: Signal.go(speed:)) { speed in Execute(output: SignalEvent.accelerate(by: speed)) } transitions: { speed in
        On(event: SignalEvent.accelerate(by:)) { delta in Transition(to: Signal.go(speed: speed + delta)) }
        On(event: SignalEvent.brake) { _ in Transition(to: Signal.stop) }
      }
      When(state: Signal.load(id:)) { _ in Execute(output: SignalEvent.brake) }
      When(state: Signal.stop) { _ in Execute.noOutput } transitions: { _ in
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
}
