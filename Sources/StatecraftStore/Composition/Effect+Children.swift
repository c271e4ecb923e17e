extension Effect {
  /// This effect, run in the scope of the child `key`: it ends with that child.
  @inlinable
  func inChild(_ key: @autoclosure () -> ChildScopeKey) -> Self {
    isNone ? self : Self(.child(self, key()))
  }

  /// An effect that ends the children `keys` of the scope it runs in.
  @inlinable
  static func endChildren(_ keys: [ChildScopeKey]) -> Self {
    endChildren(paths: keys.map { [$0] })
  }

  /// An effect that ends the children at `paths`, each a path of scopes from the one it runs in.
  @inlinable
  static func endChildren(paths: [[ChildScopeKey]]) -> Self {
    paths.isEmpty ? .none : Self(.endChildren(paths))
  }

  /// A report of `message`, of `kind`, at the line of the `send` being processed.
  @inlinable
  static func report(_ kind: Diagnostic.Kind, _ message: String) -> Self {
    Self(.report(ReducerReport(kind: kind, message: message)))
  }

  /// `first`, then `second`, merged without an array when either does nothing.
  // Always inlined: composed reducers merge two `.none`s at every level on every action, and the
  // call costs more than the two null checks.
  @inlinable @inline(__always)
  static func merging(_ first: Self, _ second: Self) -> Self {
    if first.isNone { return second }
    if second.isNone { return first }
    return merged(first, second)
  }

  /// `first` and `second` merged, out of line.
  @usableFromInline
  static func merged(_ first: Self, _ second: Self) -> Self {
    .merge([first, second])
  }

  /// A diagnostic for `action`, sent to a child that is not there.
  @inlinable
  static func childNotPresent(_ action: Action, _ what: String) -> Self {
    .report(
      .childNotPresent,
      "\(action) was sent to a child feature that is not there: \(what). Nothing changed.")
  }
}
