import Statecraft

/// Where the elevator is: its door open with some persons inside, closing, or closed.
@DSLCompatible enum ElevatorState {
  case open(persons: Int)
  case closing(persons: Int)
  case closed
}

/// What happens to it.
@DSLCompatible enum ElevatorEvent {
  case personsHaveEntered(persons: Int)
  case closeButtonWasPressed
  case doorHasLocked
}

/// What it asks the world to do: close the door, at a speed.
@DSLCompatible enum ElevatorOutput {
  case close(speed: Int)
}

let elevator = StateMachine(initial: ElevatorState.open(persons: 0)) {
  When(state: ElevatorState.open(persons:)) { _ in
    Execute.noOutput
  } transitions: { persons in
    On(event: ElevatorEvent.personsHaveEntered(persons:)) { newPersons in
      Transition(to: ElevatorState.open(persons: persons + newPersons))
    }
  }
}
