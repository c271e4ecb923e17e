import PropertyBased
import Statecraft
import StatecraftTesting
import Testing

@testable import MigratedSamples

/// Random event sequences give the same states in the elevator as in a plain `switch` model of it.
@Suite("StateMachine: properties", .timeLimit(.minutes(1)))
struct StateMachinePropertyTests {
  typealias State = ElevatorSample.State
  typealias Event = ElevatorSample.Event

  /// The elevator, written by hand.
  static func reference(_ state: State, _ event: Event) -> State? {
    switch (state, event) {
    case (.open(let persons), .personsHaveEntered(let entering)):
      .open(persons: persons + entering)
    case (.open(let persons), .closeButtonWasPressed):
      persons < 10 ? .closing(persons: persons) : nil
    case (.closing, .doorHasLocked):
      .closed
    default:
      nil
    }
  }

  static func event(_ code: Int) -> Event {
    switch code {
    case 0...4: .personsHaveEntered(persons: code + 1)
    case 5: .closeButtonWasPressed
    default: .doorHasLocked
    }
  }

  static let events = Gen.int(in: 0...6).array(of: 0...40)

  @Test func theDefinitionAgreesWithTheReferenceModel() async {
    await propertyCheck(count: 300, input: Self.events) { codes in
      var expected = State.open(persons: 0)
      var actual = State.open(persons: 0)
      for event in codes.map(Self.event) {
        expected = Self.reference(expected, event) ?? expected
        actual = ElevatorSample.stateMachine.transition(from: actual, on: event) ?? actual
        #expect(actual == expected, "after \(event)")
      }
    }
  }

  @Test func theRunningMachineAgreesWithTheReferenceModel() async {
    await propertyCheck(count: 100, input: Self.events) { codes in
      let recorder = DiagnosticRecorder()
      let sequence = DiagnosticHandler.$current.withValue(recorder.handler) {
        AsyncStateMachineSequence(stateMachine: ElevatorSample.stateMachine, runtime: Runtime())
      }
      var expected = State.open(persons: 0)
      for event in codes.map(Self.event) {
        expected = Self.reference(expected, event) ?? expected
        await sequence.send(event)
        #expect(sequence.currentState == expected, "after \(event)")
      }
    }
  }
}
