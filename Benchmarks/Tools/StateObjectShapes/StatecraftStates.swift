import Statecraft

// The state shapes Statecraft's state-object benchmarks transition between, the same as the
// floor's (see `BareMachine`): shared by the harness, `SendLoops` and `StateObjectSteps`.

/// No `enter()` or `exit()` of its own: the protocol's empty defaults.
public struct TrivialState: StateMachineState {
  public init() {}
}

/// `enter()` and `exit()` of its own on the main actor, as `MainActorBareState`'s.
public struct MainActorState: StateMachineState {
  let value = 1
  public init() {}
  @MainActor public func enter() async { floorOpaque(value) }
  @MainActor public func exit() async { floorOpaque(value) }
}

/// The same, `nonisolated(nonsending)`.
public struct NonsendingState: StateMachineState {
  let value = 1
  public init() {}
  public nonisolated(nonsending) func enter() async { floorOpaque(value) }
  public nonisolated(nonsending) func exit() async { floorOpaque(value) }
}
