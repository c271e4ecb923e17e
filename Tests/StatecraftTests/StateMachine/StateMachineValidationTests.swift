import Statecraft
import Testing

@testable import MigratedSamples

@Suite("StateMachine: validation", .timeLimit(.minutes(1)))
struct StateMachineValidationTests {
  typealias Elevator = ElevatorSample

  @Test func theElevatorWithItsSideEffectIsValid() {
    let runtime = Runtime<Elevator.State, Elevator.Event, Elevator.Output>()
      .map(output: Elevator.Output.close(speed:)) { _ in Elevator.Event.doorHasLocked }
    let problems = Elevator.stateMachine.validate(
      with: runtime, states: [.open(persons: 0), .closing(persons: 1), .closed])
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func anOutputWithoutASideEffectIsReported() {
    let problems = Elevator.stateMachine.validate(
      with: Runtime(), states: [.open(persons: 0), .closing(persons: 1), .closed])
    #expect(problems.map(\.kind) == [.unmappedOutput])
    #expect(
      problems.first?.message
        == "closing(persons: 1) executes close(speed: 2), which the runtime maps to no side effect.")
  }

  enum Light: DSLCompatible, CaseIterable {
    case red, green
  }

  @Test func twoWhensForTheSameStateAreReported() {
    let machine = StateMachine(initial: Light.red) {
      When(state: Light.red) { _ in Execute(output: Light.green) }
      When(
        states: OneOf {
          Light.red; Light.green
        }
      ) { _ in Execute(output: Light.red) }
    }
    let runtime = Runtime<Light, Never, Light>().map(output: Light.green, to: { nil })
      .map(output: Light.red, to: { nil })
    let problems = machine.validate(with: runtime)
    #expect(problems.map(\.kind) == [.overlappingWhens])
    #expect(
      problems.first?.message
        == "red is matched by the Whens #1, #2 (counting from 1): only the first one's output runs.")
  }
}
