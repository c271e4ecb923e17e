/// What the stores scoped from a ``StoreProtocol`` follow and send through: the store's internals,
/// which nothing outside Statecraft can make or read.
@_documentation(visibility: internal)
public struct ScopeParent<State, Action: Sendable> {
  @usableFromInline let store: any StoreScoping<State, Action>

  @inlinable
  init(_ store: some StoreScoping<State, Action>) {
    self.store = store
  }
}
