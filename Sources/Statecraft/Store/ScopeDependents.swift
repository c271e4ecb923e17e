/// A scoped store that follows its parent: told after each change of the parent's state.
@MainActor @usableFromInline
protocol ScopeDependent: AnyObject {
  func parentChanged()
}

/// The scoped stores that follow a store, held weakly: a scoped store no one keeps leaves the list
/// at the next change.
@usableFromInline
struct ScopeDependents {
  /// A class, so that the list is read without copying weak references: a struct holding one
  /// copied it with each read, at each level, on each action.
  @usableFromInline
  final class Entry {
    weak var dependent: (any ScopeDependent)?

    init(dependent: any ScopeDependent) {
      self.dependent = dependent
    }
  }

  @usableFromInline var entries: [Entry] = []

  @usableFromInline init() {}

  @usableFromInline var isEmpty: Bool { entries.isEmpty }

  @usableFromInline
  mutating func add(_ dependent: any ScopeDependent) {
    entries.append(Entry(dependent: dependent))
  }

  /// Tells every dependent, and returns whether some were gone. Called on a copy, so that a
  /// dependent's observers may scope new stores from the owner while it is told: they read the
  /// new state when they are made.
  @MainActor @usableFromInline
  func notify() -> Bool {
    var sawGone = false
    for entry in entries {
      if let dependent = entry.dependent {
        dependent.parentChanged()
      } else {
        sawGone = true
      }
    }
    return sawGone
  }

  /// Forgets the dependents that are gone.
  @usableFromInline
  mutating func removeGone() {
    entries.removeAll { $0.dependent == nil }
  }
}

extension StoreScoping {
  /// Tells the stores that follow this one that its state may have changed.
  @inlinable
  func tellDependents() {
    let dependents = self.dependents
    if dependents.notify() { self.dependents.removeGone() }
  }
}
