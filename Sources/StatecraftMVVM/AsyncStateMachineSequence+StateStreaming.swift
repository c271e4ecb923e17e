public import StatecraftMachines

extension AsyncStateMachineSequence: StateStreaming {
  /// The broadcast of this machine's states: the current state, then every later one. Observing
  /// it does not start the machine; iterating the sequence or sending an event does.
  public var stateStream: any AsyncBroadcast<S> { stateBroadcast }
}
