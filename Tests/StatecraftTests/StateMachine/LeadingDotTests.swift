import Statecraft
import StatecraftTesting
import Testing

/// AsyncStateMachine's spelling: states, events and outputs written with a leading dot, once the
/// machine's types are known from an annotation or from where the machine is passed.
@Suite("StateMachine: leading-dot members", .timeLimit(.minutes(1)))
struct LeadingDotTests {
  @DSLCompatible enum State { case state1, state2, open(persons: Int), closed }
  @DSLCompatible enum Event { case event1, event2, enter(persons: Int) }
  @DSLCompatible enum Output { case output1, output2 }

  /// AsyncStateMachine's first README sample, as printed, typed by an annotation.
  static let stateMachine: StateMachine<State, Event, Output> = StateMachine(initial: .state1) {
    When(state: .state1) { _ in
      Execute(output: .output1)
    } transitions: { _ in
      On(event: .event1) { _ in Transition(to: .state2) }
    }
  }

  @Test func asyncStateMachinesFirstExampleCompilesAndRuns() {
    XCTStateMachine(Self.stateMachine)
      .assert(when: .state1, execute: .output1)
      .assert(when: .state1, on: .event1, transitionTo: .state2)
      .assertNoTransition(when: .state2, on: .event1)
  }

  /// Every member with a leading dot: `When(states: OneOf { … })`, `On(event:)` with a guard,
  /// `Execute.noOutput` as `.noOutput`, a `When` without `transitions:` and one with an empty one.
  @Test func everyBuildingBlockTakesLeadingDots() {
    let machine: StateMachine<State, Event, Output> = StateMachine(initial: .state1) {
      When(
        states: OneOf {
          .state1; .state2
        }
      ) { state in
        state == .state1 ? Execute(output: .output1) : .noOutput
      } transitions: { _ in
        On(event: .event2) { _ in
          Guard(predicate: false)
        } transition: { _ in
          Transition(to: .closed)
        }
        On(event: .event2) { _ in Transition(to: .open(persons: 0)) }
        On(event: Event.enter(persons:)) { persons in Transition(to: .open(persons: persons)) }
      }
      When(state: State.open(persons:)) { _ in Execute(output: .output2) }
      When(state: .closed) { _ in
        .noOutput
      } transitions: { _ in
      }
    }
    XCTStateMachine(machine)
      .assert(when: .state1, execute: .output1)
      .assertNoOutput(when: .state2, .closed)
      .assert(when: .state1, .state2, on: .event2, transitionTo: .open(persons: 0))
      .assert(when: .state2, on: .enter(persons: 3), transitionTo: .open(persons: 3))
      .assert(when: .open(persons: 1), execute: .output2)
      .assertNoTransition(when: .open(persons: 1), on: .event1)
      .assertNoTransition(when: .closed, on: .event1)
  }

  /// The machine's types come from the `AsyncStateMachineSequence` it is passed to.
  @Test func theSequenceItIsPassedToGivesTheTypes() async {
    let sequence = AsyncStateMachineSequence<State, Event, Output>(
      stateMachine: StateMachine(initial: .state1) {
        When(state: .state1) { _ in
          .noOutput
        } transitions: { _ in
          On(event: .event1) { _ in Transition(to: .state2) }
        }
      },
      runtime: Runtime())
    await sequence.send(.event1)
    #expect(sequence.currentState == .state2)
  }

  @Test func anEmptyDefinitionHandlesNothing() {
    let machine: StateMachine<State, Event, Output> = StateMachine(initial: .state1) {}
    XCTStateMachine(machine)
      .assertNoOutput(when: .state1)
      .assertNoTransition(when: .state1, on: .event1)
  }

  /// The spelling that names every type still compiles without an annotation, when the first
  /// `When` has no transitions, and when it does not name the output type (as AsyncStateMachine's elevator).
  @Test func namedTypesNeedNoAnnotation() {
    let noTransitionsFirst = StateMachine(initial: State.state1) {
      When(state: State.closed) { _ in Execute(output: Output.output1) }
      When(state: State.state1) { _ in
        Execute(output: Output.output2)
      } transitions: { _ in
        On(event: Event.event1) { _ in Transition(to: State.state2) }
      }
    }
    let noOutputFirst = StateMachine(initial: State.state1) {
      When(state: State.state1) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: Event.event1) { _ in Transition(to: State.state2) }
      }
      When(state: State.state2) { _ in Execute(output: Output.output2) }
    }
    XCTStateMachine(noTransitionsFirst)
      .assert(when: .closed, execute: .output1)
      .assert(when: .state1, on: .event1, transitionTo: .state2)
    XCTStateMachine(noOutputFirst)
      .assert(when: .state1, on: .event1, transitionTo: .state2)
      .assert(when: .state2, execute: .output2)
  }
}
