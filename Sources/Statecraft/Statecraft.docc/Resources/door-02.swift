import Statecraft

/// The elevator's door: it takes a second to close at speed 1, half a second at speed 2.
struct Door: Sendable {
  let clock: any Clock<Duration>

  func close(speed: Int) async -> ElevatorEvent? {
    do {
      try await clock.sleep(for: .milliseconds(1_000 / speed))
      return .doorHasLocked
    } catch {
      return nil  // cancelled: the running machine was released
    }
  }
}

/// The runtime turns each output into the side effect that performs it: the event the door
/// returns goes back into the machine.
func elevatorRuntime(door: Door) -> Runtime<ElevatorState, ElevatorEvent, ElevatorOutput> {
  Runtime<ElevatorState, ElevatorEvent, ElevatorOutput>()
    .map(output: ElevatorOutput.close(speed:), to: door.close(speed:))
}
