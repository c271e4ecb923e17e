/// Delivers actions from a running effect back to its store, on the main actor.
///
/// Call it like a function: `await send(.loaded(items))`. Once the effect is cancelled, or its
/// store is gone, `send` delivers nothing, even if the effect's operation ignores cancellation.
///
/// ```swift
/// enum Search: Sendable { case query(String), results([String]) }
///
/// func search(_ results: inout [String], _ action: Search) -> Effect<Search> {
///   switch action {
///   case .query(let text):
///     return .run { send in await send(.results([text, text.uppercased()])) }
///   case .results(let found):
///     results = found
///     return .none
///   }
/// }
/// ```
public struct Send<Action: Sendable>: Sendable {
  private let deliver: @MainActor @Sendable (Action) -> Void
  /// The effect this sends for, when a store made it: what the library's own effects report
  /// through.
  package let effect: EffectHandle?

  /// Creates a `Send` that hands each action to `deliver`. Useful for tests of effect code.
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.init(deliver, effect: nil)
  }

  package init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void, effect: EffectHandle?) {
    self.deliver = deliver
    self.effect = effect
  }

  /// Sends an action back to the store.
  @MainActor
  public func callAsFunction(_ action: Action) {
    deliver(action)
  }
}
