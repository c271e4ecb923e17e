import Statecraft

/// AsyncStateMachine's elevator, as printed in its README, apart from the `_ in` closure parameters
/// Swift requires.
enum ElevatorSample {
  enum State: DSLCompatible {
    case open(persons: Int)
    case closing(persons: Int)
    case closed
  }

  enum Event: DSLCompatible {
    case personsHaveEntered(persons: Int)
    case closeButtonWasPressed
    case doorHasLocked
  }

  enum Output: DSLCompatible {
    case close(speed: Int)
  }

  static let stateMachine = StateMachine(initial: State.open(persons: 0)) {
    When(state: State.open(persons:)) { _ in
      Execute.noOutput
    } transitions: { persons in
      On(event: Event.personsHaveEntered(persons:)) { newPersons in
        Transition(to: State.open(persons: persons + newPersons))
      }

      On(event: Event.closeButtonWasPressed) { _ in
        Guard(predicate: persons < 10)
      } transition: { _ in
        Transition(to: State.closing(persons: persons))
      }
    }

    When(state: State.closing(persons:)) { persons in
      Execute(output: Output.close(speed: persons > 5 ? 1 : 2))
    } transitions: { _ in
      On(event: Event.doorHasLocked) { _ in
        Transition(to: State.closed)
      }
    }
  }
}
