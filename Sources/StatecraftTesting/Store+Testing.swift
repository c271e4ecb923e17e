public import Statecraft

extension Store {
  /// Waits until no effect of this store is running, including effects started while it waits.
  ///
  /// ```swift
  /// store.send(.load)
  /// await store.finishEffects()
  /// #expect(store.state.items == ["a", "b"])
  /// ```
  ///
  /// An effect that never ends (an endless stream) keeps it waiting: cancel it first.
  public func finishEffects() async {
    await waitUntilIdle()
  }
}

extension Store {
  /// Whether an effect of this store is running under `id`.
  ///
  /// A stream that ended, or a cancelled effect, is no longer running.
  public func isEffectRunning(id: some Hashable & Sendable) -> Bool {
    hasRunningEffect(id: id)
  }
}
