extension Store where State: Sendable {
  /// The broadcast of this store's states: its current state, then its state after each top-level
  /// `send` (one element per `send`, however many follow-up actions it ran) and after each action
  /// an effect delivers. Its streams end when the store is released.
  ///
  /// ```swift
  /// for await state in store.stateStream.observe() { render(state) }
  /// ```
  ///
  /// It has the shape of ``StateStreaming/stateStream``. `Store` cannot declare the conformance
  /// itself: Swift does not allow a conformance that depends on `State: Sendable`.
  public var stateStream: any AsyncBroadcast<State> {
    core.stateBroadcast
  }
}
