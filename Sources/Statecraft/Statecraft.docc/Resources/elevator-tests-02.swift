import Clocks
import StatecraftTesting
import Testing

@Suite struct ElevatorTests {
  /// The definition alone: no runtime, no door, no time.
  @Test func theDefinition() {
    XCTStateMachine(elevator)
      .assertNoOutput(when: .open(persons: 0), .open(persons: 9))
      .assert(when: .open(persons: 0), on: .personsHaveEntered(persons: 3), transitionTo: .open(persons: 3))
      .assert(when: .open(persons: 3), on: .closeButtonWasPressed, transitionTo: .closing(persons: 3))
      .assertNoTransition(when: .open(persons: 10), .open(persons: 12), on: .closeButtonWasPressed)
      .assert(when: .closing(persons: 3), execute: .close(speed: 2))
      .assert(when: .closing(persons: 7), execute: .close(speed: 1))
      .assert(when: .closing(persons: 3), on: .doorHasLocked, transitionTo: .closed)
  }

  /// The running elevator, with its door on a clock the test moves.
  @MainActor
  @Test func aRide() async {
    let clock = TestClock()
    let store = TestStore(stateMachine: elevator, runtime: elevatorRuntime(door: Door(clock: clock)))
    await store.send(.personsHaveEntered(persons: 3)) { $0 = .open(persons: 3) }
    await store.send(.closeButtonWasPressed) { $0 = .closing(persons: 3) }
    await clock.advance(by: .milliseconds(499))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.doorHasLocked) { $0 = .closed }
    await store.finish()
  }
}
