import Clocks
import ConcurrencyExtras
import Statecraft

/// AsyncStateMachine's README elevator: a declarative machine, a runtime with a simulated door, on
/// a test clock.
enum ElevatorDemo {
  static let demo = Demo(
    name: "elevator",
    summary: "a declarative state machine: an elevator with a simulated door, on a test clock",
    run: run
  )

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

  /// The door: it takes 1 s at speed 1 and 0.5 s at speed 2, on the injected clock.
  @Sendable static func close(speed: Int, clock: TestClock<Duration>) async -> Event? {
    do {
      try await clock.sleep(for: .milliseconds(1_000 / speed))
      return .doorHasLocked
    } catch {
      return nil
    }
  }

  @MainActor
  static func run() async {
    // Every task runs on the main executor in FIFO order, so the test clock's `advance` always
    // finds the door's sleep registered and the output is the same on every run.
    await withMainSerialExecutor {
      let clock = TestClock()
      let start = clock.now
      let time: @Sendable () -> String = { start.duration(to: clock.now).demoTimestamp }
      let runtime = Runtime<State, Event, Output>()
        .map(output: Output.close(speed:), to: inject(dep: clock, in: close(speed:clock:)))
        .register(middleware: { (event: Event) in print("[\(time())]   event \(event)") })
        .register(middleware: { (state: State) in print("[\(time())] state \(state)") })
      let refusals = DiagnosticHandler { diagnostic in
        print("[\(time())]   refused: \(diagnostic.message)")
      }

      func ride(_ persons: Int) async {
        let elevator = DiagnosticHandler.$current.withValue(refusals) {
          AsyncStateMachineSequence(stateMachine: stateMachine, runtime: runtime)
        }
        await elevator.send(.personsHaveEntered(persons: persons))
        await elevator.send(.closeButtonWasPressed)
        await clock.advance(by: .seconds(1))
        print("  final state: \(elevator.currentState)\n")
      }

      print("The elevator closes for fewer than 10 persons: fast for up to 5, slowly above.\n")
      print("Ride 1: 4 persons.")
      await ride(4)
      print("Ride 2: 7 persons.")
      await ride(7)
      print("Ride 3: 12 persons, over capacity.")
      await ride(12)
    }
  }
}
