public import StatecraftStateObjects

extension ContextualStateMachine: StateStreaming {
  /// The broadcast of this machine's states: the current state, then every state it enters. The
  /// same states as ``/StatecraftStateObjects/ContextualStateMachine/states()``.
  public nonisolated var stateStream: any AsyncBroadcast<any StateMachineState> { stateBroadcast }
}
