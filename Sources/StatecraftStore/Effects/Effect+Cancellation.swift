extension Effect {
  /// Runs an asynchronous operation under `id`. A newer `.cancellable` with the same id cancels
  /// this one, as does `.cancel(id)` or `store.cancel(id)`. SwiftTea's spelling:
  ///
  /// ```swift
  /// struct SearchState { var users: [String] = [] }
  /// enum SearchAction { case search(String), usersReceived([String]) }
  /// struct UsersAPI: Sendable {
  ///   func search(_ query: String) async throws -> [String] { [query] }
  /// }
  ///
  /// func reduce(_ state: SearchState, _ action: SearchAction, _ api: UsersAPI) -> (SearchState, Effect<SearchAction>) {
  ///   switch action {
  ///   case .search(let query):
  ///     return (state, .cancellable({ .usersReceived(try await api.search(query)) }, "user-search"))
  ///   case .usersReceived(let users):
  ///     var state = state
  ///     state.users = users
  ///     return (state, .none)
  ///   }
  /// }
  /// ```
  public static func cancellable(
    _ operation: @escaping @Sendable () async throws -> Action,
    _ id: some Hashable & Sendable,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    Self.task(operation, fileID: fileID, filePath: filePath, line: line, column: column)
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Feeds every element of `sequence` back as an action, under `id`.
  ///
  /// A newer stream with the same id cancels this one. When the sequence ends on its own, its id
  /// is released. Cancelling it ends the iteration, so an `AsyncStream`'s `onTermination` runs.
  public static func stream<S: AsyncSequence & Sendable>(
    _ sequence: S,
    id: some Hashable & Sendable,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where S.Element == Action {
    Self.run(
      operation: { send in
        for try await action in sequence { await send(action) }
      },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Cancels the effects running under `id` in this store. Other stores are not affected.
  ///
  /// ```swift
  /// enum TickerAction: Sendable { case start, stop, tick }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: 0) { (ticks: inout Int, action: TickerAction) in
  ///   switch action {
  ///   case .start:
  ///     return .run { send in
  ///       while true {
  ///         try await Task.sleep(for: .seconds(1))
  ///         await send(.tick)
  ///       }
  ///     }
  ///     .cancellable(id: "ticker")
  ///   case .stop:
  ///     return .cancel("ticker")
  ///   case .tick:
  ///     ticks += 1
  ///     return .none
  ///   }
  /// }
  /// store.send(.start)
  /// store.send(.stop)   // the ticker's loop ends
  /// ```
  public static func cancel(_ id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }

  /// Makes this effect cancellable by `id`.
  ///
  /// - Parameters:
  ///   - id: Any `Hashable & Sendable` value. Ids are scoped to one store.
  ///   - cancelInFlight: Whether to cancel effects already running under `id` first, so that at
  ///     most one runs at a time.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return self }
    return Self(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
  }
}
