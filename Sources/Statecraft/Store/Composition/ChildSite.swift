/// Where a parent's state holds a child feature: the key path to it, as one half of the key of the
/// child's effect scope.
// Unchecked, and safe: a key path is immutable once made, so it may be read from any thread.
struct ChildSite: Hashable, @unchecked Sendable {
  let keyPath: AnyKeyPath
}

extension ChildScopeKey {
  /// The key of the child at `site` whose identity is `identity`.
  init(site: AnyKeyPath, identity: some Hashable & Sendable) {
    self.init(site: EffectID(ChildSite(keyPath: site)), identity: EffectID(identity))
  }
}
