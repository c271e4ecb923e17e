// A Swift 5 language-mode client of the declarative machine, as AsyncStateMachine's users write
// one: it passes case constructors and plain functions wherever the API keeps one. Swift 5 mode
// would warn "converting non-Sendable function value to '@Sendable …'" at each of them; the API's
// `@preconcurrency` spares them, and this target treats warnings as errors, so a missing one fails
// the build.
public import Statecraft

public enum Swift5Door: DSLCompatible, Equatable {
  case open(persons: Int)
  case closing(persons: Int)
  case closed
}

public enum Swift5DoorEvent: DSLCompatible, Equatable {
  case enter(persons: Int)
  case close
  case locked
}

public enum Swift5DoorOutput: DSLCompatible, Equatable {
  case lock(speed: Int)
}

public enum Swift5AlarmEvent: DSLCompatible, Equatable {
  case arm(persons: Int)
}

func lock(speed: Int) async -> Swift5DoorEvent? { .locked }
func lock(speed: Int, attempts: Int) async -> Swift5DoorEvent? { .locked }
func lockEvents(speed: Int) -> AsyncStream<Swift5DoorEvent> { AsyncStream { $0.finish() } }

public let swift5DoorMachine = StateMachine(initial: Swift5Door.open(persons: 0)) {
  When(state: Swift5Door.open(persons:)) { _ in
    Execute.noOutput
  } transitions: { persons in
    On(event: Swift5DoorEvent.enter(persons:)) { entered in
      Transition(to: Swift5Door.open(persons: persons + entered))
    }
    On(event: Swift5DoorEvent.close) { _ in Transition(to: Swift5Door.closing(persons: persons)) }
  }
  When(state: Swift5Door.closing(persons:)) { persons in
    Execute(output: Swift5DoorOutput.lock(speed: persons))
  } transitions: { _ in
    On(event: Swift5DoorEvent.locked) { _ in Transition(to: Swift5Door.closed) }
  }
  When(
    states: OneOf {
      Swift5Door.closed; Swift5Door.closing(persons:)
    }
  ) { _ in Execute.noOutput }
}

public func swift5DoorRuntime(
  alarm: EventPipe<Swift5AlarmEvent>
) -> Runtime<Swift5Door, Swift5DoorEvent, Swift5DoorOutput> {
  Runtime<Swift5Door, Swift5DoorEvent, Swift5DoorOutput>()
    .map(output: Swift5DoorOutput.lock(speed:), to: lock(speed:), strategy: .cancel(when: Swift5Door.open(persons:)))
    .map(output: Swift5DoorOutput.lock(speed:), to: lockEvents(speed:))
    .map(output: Swift5DoorOutput.lock(speed:), to: inject(dep: 3, in: lock(speed:attempts:)))
    .connectAsSender(to: alarm, when: Swift5Door.closing(persons:), send: Swift5AlarmEvent.arm(persons:))
}

// Not here: `send(_:resumeWhen: Swift5Door.closing(persons:))`. It is `async`, and Swift 5 mode
// checks `Sendable` in asynchronous code whatever `@preconcurrency` says; the README gives the
// upcoming feature that silences it.
