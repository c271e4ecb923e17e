import Statecraft
import StatecraftInspector

/// A ride you can watch: the live inspector's page shows every event, state and side effect.
@MainActor
func inspectedRide() async throws {
  let server = try await InspectorServer.start()
  print("Open \(server.url)")
  let running = AsyncStateMachineSequence(
    stateMachine: elevator, runtime: elevatorRuntime(door: Door(clock: ContinuousClock())))
  running.attach(server.inspector)
  await running.send(.personsHaveEntered(persons: 3))
  await running.send(.closeButtonWasPressed, resumeWhen: .closed)
  await server.stop()
}
