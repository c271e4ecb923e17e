public import Synchronization

/// A `Mutex` that ThreadSanitizer understands. Every lock in Statecraft is one of these, or an
/// owner core's own lock, which adds the same edge in ``OwnerCore/withLock(_:)``;
/// `LibrarySourceTests` fails on a plain `Mutex(` anywhere else in the sources.
///
/// On Linux, a contended `Mutex` hands the lock over inside the kernel (a PI futex), in library code
/// that is not instrumented, so ThreadSanitizer sees no ordering between two critical sections and
/// reports races that cannot happen. Each critical section here also does an acquiring load and a
/// releasing increment of `handoff`, inlined into our code, which gives the sanitizer the
/// happens-before edge the lock already guarantees. On x86 and ARM both are ordinary loads and
/// stores under the lock.
///
/// It is `@inlinable` so that a client specialises it with the rest of a machine's hot path.
@usableFromInline
package struct CriticalState<State: ~Copyable>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<State>
  @usableFromInline let handoff = Atomic<UInt32>(0)

  @inlinable
  package init(_ initialState: consuming sending State) {
    mutex = Mutex(initialState)
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable
  package borrowing func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending State) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try mutex.withLock { (state) throws(E) -> sending Result in
      // A plain releasing store, not a read-modify-write: the lock already keeps other writers
      // out, so no locked instruction is needed.
      let count = handoff.load(ordering: .acquiring)
      defer { handoff.store(count &+ 1, ordering: .releasing) }
      return try body(&state)
    }
  }
}
