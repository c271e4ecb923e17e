import Statecraft
import StatecraftTesting
import Swift5Client
import Testing

/// `Swift5Client` is built in Swift 5 language mode with warnings as errors: that it builds pins
/// that case constructors and plain functions pass without Sendable warnings. These tests check
/// that what it built still behaves.
@Suite("StateMachine: a Swift 5 language-mode client", .timeLimit(.minutes(1)))
struct Swift5ClientTests {
  @Test func itsMachineMatchesCaseConstructorsAndOneOf() {
    XCTStateMachine(swift5DoorMachine)
      .assert(when: .open(persons: 1), on: .enter(persons: 2), transitionTo: .open(persons: 3))
      .assert(when: .open(persons: 3), on: .close, transitionTo: .closing(persons: 3))
      .assert(when: .closing(persons: 3), execute: .lock(speed: 3))
      .assertNoOutput(when: .closed)
  }

  @DSLCompatible enum Alarm { case disarmed, armed(persons: Int) }

  @Test func itsRuntimeLocksTheDoorAndPipesTheAlarm() async {
    let alarmPipe = EventPipe<Swift5AlarmEvent>()
    let alarm = AsyncStateMachineSequence(
      stateMachine: StateMachine(initial: Alarm.disarmed) {
        When(state: .disarmed) { _ in
          .noOutput
        } transitions: { _ in
          On(event: Swift5AlarmEvent.arm(persons:)) { persons in Transition(to: .armed(persons: persons)) }
        }
      },
      runtime: Runtime<Alarm, Swift5AlarmEvent, Never>().connectAsReceiver(to: alarmPipe))
    var alarmStates = alarm.makeAsyncIterator()
    #expect(await alarmStates.next() == .disarmed)  // started, and receiving from the pipe
    let door = AsyncStateMachineSequence(
      stateMachine: swift5DoorMachine, runtime: swift5DoorRuntime(alarm: alarmPipe))
    await door.send(.enter(persons: 2))
    await door.send(.close, resumeWhen: .closed)
    #expect(await alarmStates.next() == .armed(persons: 2))
  }
}
