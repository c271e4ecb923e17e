// How a store tells the scoped stores that follow it of its changes.

extension Store {
  /// Tells the scoped stores that follow this one that the state may have changed.
  @usableFromInline
  func notifyDependents() {
    tellDependents()
  }

  /// ``notifyDependents()``, from `send`, which runs on the main actor only (see `reduce`).
  ///
  /// What `MainActor.assumeIsolated` does, without its closure: one made here, in a generic
  /// class, would hold the type's metadata and be allocated on every action of a store with scoped
  /// stores.
  @usableFromInline
  nonisolated func notifyDependentsOnMainActor() {
    #if DEBUG
      MainActor.assertIsolated("a store tells its scoped stores on the main actor only")
    #endif
    // Safe: the same function without its isolation, called on the main actor, as asserted above
    // and promised by `send`.
    unsafeBitCast(notifyDependentsOf, to: ((any DependentsNotifying) -> Void).self)(self)
  }
}

/// A store that tells its scoped stores of its changes, seen without its generic types.
@MainActor
protocol DependentsNotifying: AnyObject {
  func notifyDependents()
}

extension Store: DependentsNotifying {}

/// Tells a store's scoped stores of its changes: one closure, made once, which captures nothing.
private let notifyDependentsOf: @MainActor (any DependentsNotifying) -> Void = {
  $0.notifyDependents()
}
