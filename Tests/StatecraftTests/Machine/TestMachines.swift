import Statecraft

/// A door whose closing is a side effect the test controls.
enum Door: DSLCompatible {
  case open
  case closing(speed: Int)
  case closed
}

enum DoorEvent: DSLCompatible {
  case close(speed: Int)
  case reopen
  case locked
  case ignoredEverywhere
}

enum DoorOutput: DSLCompatible {
  case startClosing(speed: Int)
  case announce
}

let doorMachine = StateMachine(initial: Door.open) {
  When(state: Door.open) { _ in Execute.noOutput } transitions: { _ in
    On(event: DoorEvent.close(speed:)) { speed in Transition(to: Door.closing(speed: speed)) }
  }
  When(state: Door.closing(speed:)) { speed in
    Execute(output: DoorOutput.startClosing(speed: speed))
  } transitions: { _ in
    On(event: DoorEvent.locked) { _ in Transition(to: Door.closed) }
    On(event: DoorEvent.reopen) { _ in Transition(to: Door.open) }
  }
  When(state: Door.closed) { _ in Execute(output: DoorOutput.announce) } transitions: { _ in
    On(event: DoorEvent.reopen) { _ in Transition(to: Door.open) }
  }
}

/// Counts events: every `increment` moves to the next count.
enum Count: DSLCompatible {
  case value(Int)
}

enum CountEvent: DSLCompatible {
  case increment
  case stay
}

let countingMachine = StateMachine(initial: Count.value(0)) {
  When(state: Count.value) { _ in Execute.noOutput } transitions: { count in
    On(event: CountEvent.increment) { _ in Transition(to: Count.value(count + 1)) }
    On(event: CountEvent.stay) { _ in Transition(to: Count.value(count)) }
  }
}
