import Statecraft

/// One ride: persons enter, someone presses the button, and the door closes.
@MainActor
func ride(persons: Int) async -> ElevatorState {
  let running = AsyncStateMachineSequence(
    stateMachine: elevator, runtime: elevatorRuntime(door: Door(clock: ContinuousClock())))
  for await state in running.prefix(1) {
    print("starting in \(state)")
  }
  await running.send(.personsHaveEntered(persons: persons))
  await running.send(.closeButtonWasPressed, resumeWhen: .closed)
  return running.currentState
}
