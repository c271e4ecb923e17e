#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The event that a `When`'s `On`s are tried against, and the state the first one that applies
/// makes of it.
///
/// `On`s do their work as they are built: while a `When`'s `transitions` closure runs, each `On`
/// finds the match through the thread it runs on, tries the event, and records the next state. So
/// matching keeps no `On` and no closure: the user's closures never escape, and an event costs no
/// allocation, whatever the state's payload. The closure runs synchronously on one thread, which is
/// what makes a thread's current match the right one.
@usableFromInline
struct TransitionMatch<S, E> {
  @usableFromInline let event: E
  /// The state the first applicable `On` made; once set, later `On`s are not tried.
  @usableFromInline var next: S?

  @inlinable
  init(event: E) {
    self.event = event
  }

  /// Runs `transitions`, the body of a `When`'s `transitions` closure, with a match for `event`
  /// as the thread's current one, and returns the state its first applicable `On` made.
  @inlinable
  static func run(on event: E, _ transitions: () -> Void) -> S? {
    var match = TransitionMatch(event: event)
    return withUnsafeMutablePointer(to: &match) { match in
      var current = CurrentTransitionMatch(type: ObjectIdentifier(Self.self), match: UnsafeMutableRawPointer(match))
      withUnsafeMutablePointer(to: &current) { current in
        let outer = CurrentTransitionMatch.pointer
        CurrentTransitionMatch.pointer = UnsafeMutableRawPointer(current)
        defer { CurrentTransitionMatch.pointer = outer }
        transitions()
      }
      return match.pointee.next
    }
  }

  /// Called by an `On` as it is built: if a match of these types is under way and no earlier `On`
  /// applied, `attempt` tries the event and returns the next state, or `nil` if the `On` does not
  /// apply. Outside a `transitions` closure that a machine runs, it does nothing.
  @inlinable
  static func offer(_ attempt: (E) -> S?) {
    guard let raw = CurrentTransitionMatch.pointer else { return }
    let current = raw.load(as: CurrentTransitionMatch.self)
    // An `On` of other types, built inside another machine's closure, is not this match's.
    guard current.type == ObjectIdentifier(Self.self) else { return }
    let match = current.match.assumingMemoryBound(to: Self.self)
    guard match.pointee.next == nil, let next = attempt(match.pointee.event) else { return }
    match.pointee.next = next
  }
}

/// The match under way on this thread, if any: its type, so that an `On` of other types ignores
/// it, and where it lives on the stack of ``TransitionMatch/run(on:_:)``.
@usableFromInline
struct CurrentTransitionMatch {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let match: UnsafeMutableRawPointer

  @inlinable
  init(type: ObjectIdentifier, match: UnsafeMutableRawPointer) {
    self.type = type
    self.match = match
  }

  /// The thread-specific slot that holds a pointer to the current match, or `nil`.
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(
      status == 0, "Statecraft could not create the thread-specific key its state machines match with (error \(status))"
    )
    return key
  }()

  /// The current match of this thread. Not inlinable: the C library is an internal import, and a
  /// call costs less than the thread-specific lookup itself.
  @usableFromInline
  static var pointer: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    set { pthread_setspecific(key, newValue) }
  }
}
