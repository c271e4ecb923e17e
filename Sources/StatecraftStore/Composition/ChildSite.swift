public import ConcurrencyExtras

/// Where a parent's state holds a child feature: the key path to it, as one half of the key of the
/// child's effect scope.
@usableFromInline
// Unchecked, and safe: a key path is immutable once made, so it may be read from any thread.
struct ChildSite: Hashable, @unchecked Sendable {
  @usableFromInline let keyPath: AnyKeyPath

  @inlinable
  init(keyPath: AnyKeyPath) {
    self.keyPath = keyPath
  }
}

extension ChildScopeKey {
  /// The key of the child at `site` whose identity is `identity`.
  @inlinable
  init(site: AnyKeyPath, identity: some Hashable & Sendable) {
    self.init(site: EffectID(ChildSite(keyPath: site)), identity: EffectID(identity))
  }
}
