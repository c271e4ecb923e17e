public import Synchronization

/// A scoped store's following of its parent, as the store above it holds it: strongly, so that
/// telling it of a change costs no weak reference. (An object that is weakly referenced pays the
/// runtime's slow path on every retain and release, and loading the reference costs a call: at
/// every level, on every action.) The scoped store itself is not held: it marks its follower
/// released when it goes, and the store above drops the follower.
@MainActor @usableFromInline
class ScopeFollower {
  /// Set when the scoped store that this follows for is released. Atomic, as a store may be
  /// released on any thread.
  @usableFromInline nonisolated let isReleased = Atomic<Bool>(false)

  @usableFromInline nonisolated init() {}

  /// The parent's state may have changed.
  @usableFromInline func parentChanged() {}
}

/// The followers of a store's state: the scoped stores made from it that read it.
@usableFromInline
struct ScopeDependents {
  @usableFromInline var entries: [ScopeFollower] = []

  @usableFromInline init() {}

  @usableFromInline var isEmpty: Bool { entries.isEmpty }

  /// How many followers the list had after it last dropped the released ones.
  @usableFromInline var countAfterPruning = 0

  /// Adds a follower, and drops those whose stores were released once the list has doubled since
  /// it last did: a view that scopes a store on each render leaves no trail, even while the parent
  /// does not change, and adding costs O(1) amortised, where a scan on every add would be
  /// quadratic in the rows.
  @MainActor @usableFromInline
  mutating func add(_ follower: ScopeFollower) {
    if entries.count >= max(2 * countAfterPruning, 16) { removeReleased() }
    entries.append(follower)
  }

  /// Forgets the followers whose stores were released.
  @MainActor @usableFromInline
  mutating func removeReleased() {
    entries.removeAll { $0.isReleased.load(ordering: .relaxed) }
    countAfterPruning = entries.count
  }
}

/// A store's state as the stores scoped from it follow it: a store, or a scoped store's node.
@MainActor @usableFromInline
protocol ScopeSource<State>: AnyObject {
  associatedtype State
  /// The state, without registering an Observation access: a scoped store observes its own part.
  var untrackedState: State { get }
  /// The state, observed: what a marked part of a marked state is read through, so that its
  /// readers observe the fields that lead to it.
  var observedState: State { get }
  /// Tells `follower` of this state's changes.
  func addFollower(_ follower: ScopeFollower)
  /// The followers of this state.
  var dependents: ScopeDependents { get set }
}

extension ScopeSource {
  /// Tells the stores that follow this one that its state may have changed: those there when it
  /// starts, whose stores are still there. From a copy of the list, so that a follower's
  /// observers may scope new stores from this one while it is told: they read the new state when
  /// they are made.
  @inlinable
  func tellDependents() {
    // One follower, the usual case at each level of a tree: no copy of the list to retain.
    if dependents.entries.count == 1 {
      let follower = dependents.entries[0]
      if follower.isReleased.load(ordering: .relaxed) {
        dependents.removeReleased()
      } else {
        follower.parentChanged()
      }
      return
    }
    let entries = dependents.entries
    var sawReleased = false
    for follower in entries {
      if follower.isReleased.load(ordering: .relaxed) {
        sawReleased = true
      } else {
        follower.parentChanged()
      }
    }
    if sawReleased { dependents.removeReleased() }
  }
}
