/// A scoped store that follows its parent: told after each change of the parent's state.
@MainActor
protocol ScopeDependent: AnyObject {
  func parentChanged()
}

/// The scoped stores that follow a store, held weakly: a scoped store no one keeps leaves the list
/// at the next change.
@usableFromInline
struct ScopeDependents {
  private struct Entry {
    weak var dependent: (any ScopeDependent)?
  }

  private var entries: [Entry] = []

  @usableFromInline init() {}

  @usableFromInline var isEmpty: Bool { entries.isEmpty }

  mutating func add(_ dependent: any ScopeDependent) {
    entries.append(Entry(dependent: dependent))
  }

  /// Tells every dependent, and forgets those that are gone.
  @MainActor
  mutating func notify() {
    entries.removeAll { $0.dependent == nil }
    // A copy: a dependent's observers may scope new stores from this one while it is told.
    for entry in entries { entry.dependent?.parentChanged() }
  }
}
