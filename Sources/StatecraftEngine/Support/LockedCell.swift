public import Synchronization

/// A value behind a lock, for values that need not be `Sendable`: the state of a store, which
/// only its actor touches, held in the same cell as a machine's `Sendable` state.
///
/// ``CriticalState`` holds its value inside a `Mutex`, whose `sending` parameters make the compiler
/// check that nothing non-`Sendable` leaves the lock. The owner core is generic over a state that
/// may not be `Sendable` (a `Store`'s), so it keeps its cell here instead, with the same lock and
/// the same ThreadSanitizer edge, and checks the rule itself: see the safety note below.
// @unchecked Sendable: every access to `value` happens inside `mutex.withLock`, so accesses are
// serialised. What moves in and out of the cell does not cross isolation domains: the core moves a
// non-Sendable state only between its cell and the code that processes it, and a store, the one
// owner whose state may be non-Sendable, processes and reads it on the main actor alone. Machines
// and state objects, whose processing and readers run anywhere, require `Sendable` states.
@usableFromInline package final class LockedCell<Value>: @unchecked Sendable {
  @usableFromInline let mutex = Mutex(())
  @usableFromInline let handoff = Atomic<UInt>(0)
  // No runtime exclusivity check: every access is inside `mutex.withLock`, which is not
  // re-entrant, so two accesses can never overlap; the check cost a tenth of a store's `send`.
  @exclusivity(unchecked) @usableFromInline var value: Value
  #if DEBUG
    /// How many critical sections ran, so that tests can pin how many a path takes.
    @usableFromInline var criticalSections = 0
  #endif

  package init(_ value: consuming Value) {
    self.value = value
  }

  #if DEBUG
    /// How many critical sections have run, not counting the ones that read this. Debug builds
    /// only.
    package var criticalSectionCount: Int { mutex.withLock { _ in criticalSections } }
  #endif

  /// Runs `body` with exclusive access to the value. Inlinable, so that a client specialises the
  /// owner core's hot paths for its own types.
  @inlinable
  package func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
    var result: Result?
    try mutex.withLock { (_) throws(E) in
      // The edge ThreadSanitizer needs: see `CriticalState`.
      // A plain releasing store, not a read-modify-write: the lock already keeps other writers
      // out, and on x86 the store costs nothing where the increment was a locked instruction.
      let count = handoff.load(ordering: .acquiring)
      defer { handoff.store(count &+ 1, ordering: .releasing) }
      #if DEBUG
        criticalSections += 1
      #endif
      result = try body(&value)
    }
    return result!
  }
}
