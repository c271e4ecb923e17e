public import Statecraft

extension Store {
  /// Waits until no effect of this store is running, including effects started while it waits.
  ///
  /// ```swift
  /// enum ListAction: Sendable { case load, loaded([String]) }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: [String]()) { (items: inout [String], action: ListAction) in
  ///   switch action {
  ///   case .load: return .task { .loaded(["a", "b"]) }
  ///   case .loaded(let loaded): items = loaded; return .none
  ///   }
  /// }
  /// store.send(.load)
  /// await store.finishEffects()
  /// #expect(store.state == ["a", "b"])
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
  /// ```swift
  /// enum LiveAction: Sendable { case connect, message(String), disconnect }
  ///
  /// @MainActor
  /// @Test func disconnectingStopsTheSocket() {
  ///   let (messages, _) = AsyncStream.makeStream(of: LiveAction.self)
  ///   let store = Store(initialState: [String]()) { (log: inout [String], action: LiveAction) in
  ///     switch action {
  ///     case .connect: return .stream(messages, id: "socket")
  ///     case .message(let text): log.append(text); return .none
  ///     case .disconnect: return .cancel("socket")
  ///     }
  ///   }
  ///   store.send(.connect)
  ///   #expect(store.isEffectRunning(id: "socket"))
  ///   store.send(.disconnect)
  ///   #expect(!store.isEffectRunning(id: "socket"))
  /// }
  /// ```
  ///
  /// A stream that ended, or a cancelled effect, is no longer running.
  public func isEffectRunning(id: some Hashable & Sendable) -> Bool {
    hasRunningEffect(id: id)
  }
}

extension Store {
  /// Suspends until `predicate` holds for the store's state, re-checking on each Observation
  /// change. Returns at once if it already holds.
  ///
  /// ```swift
  /// enum SocketAction: Sendable { case connect, received(String) }
  ///
  /// let (messages, socket) = AsyncStream.makeStream(of: String.self)
  /// let store = Store(initialState: [String]()) { (log: inout [String], action: SocketAction) in
  ///   switch action {
  ///   case .connect: return .stream(messages.map(SocketAction.received), id: "socket")
  ///   case .received(let message): log.append(message); return .none
  ///   }
  /// }
  /// store.send(.connect)
  /// socket.yield("hello")   // a message arrives
  /// await store.waitUntil { $0 == ["hello"] }
  /// store.cancel("socket")
  /// ```
  ///
  /// It never sleeps or polls. Cancelling the waiting task makes it return, predicate or not.
  public func waitUntil(_ predicate: (State) -> Bool) async {
    await StatecraftTesting.waitUntil { predicate(state) }
  }

}
