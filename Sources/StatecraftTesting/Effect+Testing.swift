public import Statecraft

extension Effect {
  /// Whether this effect does nothing. Lets a reducer test check that an action has no side effect:
  ///
  /// ```swift
  /// let (state, effect) = reduce(AppState(), .increment)
  /// #expect(state.counter == 1)
  /// #expect(effect.isNone)
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
  @MainActor
  public func actions() async -> [Action] {
    await collectActions()
  }
}
