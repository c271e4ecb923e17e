public import Synchronization

/// The core's lock: one critical section per transition of its ``OwnerStateMachine``.
extension OwnerCore {
  #if DEBUG
    /// How many critical sections the core's lock has run, not counting the one that reads it, so
    /// that tests can pin how many a path takes. Debug builds only.
    package final var criticalSectionCount: Int { mutex.withLock { _ in criticalSections } }
  #endif

  /// Runs `body` with exclusive access to the state, mailbox and observers: one critical section.
  /// Inlinable, so that a client specialises the hot paths for its own types.
  @inlinable
  package final func withLock<Result, E: Error>(
    _ body: (inout OwnerStateMachine<State, Message>) throws(E) -> Result
  ) throws(E) -> Result {
    var result: Result?
    try mutex.withLock { (_) throws(E) in result = try holdingLock(body) }
    return result!
  }

  /// ``withLock(_:)``, returning the result through the lock rather than storing it in an
  /// optional from inside: for a result that holds an existential state (a state-object
  /// machine's), whose optional the compiler copies and destroys through the runtime's generic
  /// value witnesses, several times a message. The store's steps are small enums the compiler
  /// keeps in registers, and for them storing is the cheaper of the two, so the store keeps
  /// ``withLock(_:)``.
  @inlinable
  package final func withLockReturningResult<Result, E: Error>(
    _ body: (inout OwnerStateMachine<State, Message>) throws(E) -> Result
  ) throws(E) -> Result {
    try mutex.withLock { (_) throws(E) -> sending Result in try holdingLock(body) }
  }

  /// The inside of a critical section, once the lock is held: the ThreadSanitizer edge, and in
  /// debug builds the bookkeeping that ``assertLockHeld(_:file:line:)`` and the tests read.
  @inlinable @inline(__always)
  final func holdingLock<Result, E: Error>(
    _ body: (inout OwnerStateMachine<State, Message>) throws(E) -> Result
  ) throws(E) -> sending Result {
    // The edge ThreadSanitizer needs (see `CriticalState`): a plain releasing store, not a
    // read-modify-write, since the lock already keeps other writers out.
    let count = handoff.load(ordering: .acquiring)
    defer { handoff.store(count &+ 1, ordering: .releasing) }
    #if DEBUG
      criticalSections += 1
      lockHolder = currentThreadID()
      defer { lockHolder = nil }
    #endif
    return try body(&machine)
  }

  /// Checks, in debug builds, that the running code holds the owner's lock: what state that
  /// borrows the lock rather than having one of its own (a state's visit, the context's effect
  /// scope) promises. A debug build stops here when the promise is broken; a release build checks
  /// nothing.
  @inlinable
  package final func assertLockHeld(
    _ what: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
  ) {
    #if DEBUG
      assert(
        lockHolder == currentThreadID(), "\(what()) is touched only under its owner's lock",
        file: file, line: line)
    #endif
  }
}
