public import Statecraft

extension Effect {
  /// Whether this effect does nothing. Lets a reducer test check that an action has no side effect:
  ///
  /// ```swift
  /// struct AppState { var counter = 0 }
  /// enum AppAction: Equatable { case increment, search(String), results([String]) }
  ///
  /// func reduce(_ state: AppState, _ action: AppAction) -> (AppState, Effect<AppAction>) {
  ///   var state = state
  ///   switch action {
  ///   case .increment:
  ///     state.counter += 1
  ///     return (state, .none)
  ///   case .search(let query):
  ///     return (state, .run { send in await send(.results([query])) })
  ///   case .results:
  ///     return (state, .none)
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let (state, effect) = reduce(AppState(), .increment)
  /// #expect(state.counter == 1)
  /// #expect(effect.isNoEffect)
  /// ```
  public var isNoEffect: Bool { isNone }

  /// Runs this effect to completion, without a store, and returns the actions it sent in the order
  /// they arrived. Test a reducer's effects with it:
  ///
  /// ```swift
  /// let (_, effect) = reduce(AppState(), .search("swift"))
  /// #expect(await effect.actions() == [.results(["swift"])])
  /// ```
  ///
  /// Actions are collected, not fed back: nothing reduces them. Effects that wait on a clock need
  /// that clock advanced; an endless effect never returns.
  ///
  /// An effect that throws reports a diagnostic at the line of its `.run`, as in a store.
  @MainActor
  public func actions(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> [Action] {
    await collectActions(callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
