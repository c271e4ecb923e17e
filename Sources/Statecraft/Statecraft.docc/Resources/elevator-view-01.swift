import Statecraft
import SwiftUI

/// The elevator on screen: its state, and a button that sends an event.
struct ElevatorView: View {
  let viewState: ViewState<ElevatorState, ElevatorEvent, ElevatorOutput>

  var body: some View {
    VStack {
      Text("\(viewState.state)")
      Button("Close the door") {
        Task { await viewState.send(.closeButtonWasPressed) }
      }
    }
    .task { await viewState.start() }
  }
}

@MainActor
func makeElevatorView() -> ElevatorView {
  let running = AsyncStateMachineSequence(
    stateMachine: elevator, runtime: elevatorRuntime(door: Door(clock: ContinuousClock())))
  return ElevatorView(viewState: ViewState(running))
}
