extension Store where State: Sendable {
  /// The broadcast of this store's states: its current state, then its state after each top-level
  /// `send` (one element per `send`, however many follow-up actions it ran) and after each action
  /// an effect delivers. Created on first use; it finishes when the store is released.
  ///
  /// It has the shape of ``StateStreaming/stateStream``. `Store` cannot declare the conformance
  /// itself: Swift does not allow a conformance that depends on `State: Sendable`.
  public var stateStream: any AsyncBroadcast<State> {
    if let broadcast = statePublisher as? StateBroadcast<State> { return broadcast.erased() }
    let broadcast = StateBroadcast(state)
    statePublisher = broadcast
    return broadcast.erased()
  }
}
