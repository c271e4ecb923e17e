extension Store where State: Sendable {
  /// The broadcast of this store's states: its current state, then its state after each top-level
  /// `send` (one element per `send`, however many follow-up actions it ran) and after each action
  /// an effect delivers. Its streams end when the store is released.
  ///
  /// ```swift
  /// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// for await count in store.stateStream.observe() { print("count:", count) }
  /// ```
  ///
  /// It has the shape of `StateStreaming.stateStream`. `Store` cannot declare the conformance
  /// itself: Swift does not allow a conformance that depends on `State: Sendable`.
  public var stateStream: any AsyncBroadcast<State> {
    core.stateBroadcast
  }
}
