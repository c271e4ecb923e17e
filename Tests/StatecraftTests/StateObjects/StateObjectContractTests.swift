import Testing

@testable import StatecraftStateObjects

/// A state machine tells a state's own calls apart by the address of the task that processes a
/// request: compared only while that task runs, which debug builds check by asserting that the
/// task that began the processing is the one that ends it.
@Suite("State object contracts, checked in debug builds")
struct StateObjectContractTests {
  #if DEBUG
    @Test func processingEndedInAnotherTaskThanTheOneThatBeganItStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let machine = await makeMachine()
        await machine.willProcess()
        await Task { @MainActor in machine.didProcess() }.value
      }
      #expect(stopMessage(result).contains("a state machine's processing ends in the task that began it"))
    }

    @Test @MainActor func processingEndedInTheTaskThatBeganItPasses() {
      let machine = makeMachine()
      machine.willProcess()
      machine.didProcess()
    }
  #endif
}

private struct Idle: StateMachineState {}

@MainActor
private func makeMachine() -> ContextualStateMachine<EmptyStateMachineContext> {
  ContextualStateMachine(initialState: Idle())
}
