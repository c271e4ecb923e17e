/// A declarative Moore machine: its initial state, and for each state the output it executes and
/// the transitions it takes.
///
/// ```swift
/// enum State: DSLCompatible { case open(persons: Int), closing(persons: Int), closed }
/// enum Event: DSLCompatible { case personsHaveEntered(persons: Int), closeButtonWasPressed, doorHasLocked }
/// enum Output: DSLCompatible { case close(speed: Int) }
/// ```
///
/// ```swift
/// let stateMachine = StateMachine(initial: State.open(persons: 0)) {
///   When(state: State.open(persons:)) { _ in
///     Execute.noOutput
///   } transitions: { persons in
///     On(event: Event.personsHaveEntered(persons:)) { newPersons in
///       Transition(to: State.open(persons: persons + newPersons))
///     }
///     On(event: Event.closeButtonWasPressed) { _ in
///       Guard(predicate: persons < 10)
///     } transition: { _ in
///       Transition(to: State.closing(persons: persons))
///     }
///   }
///   When(state: State.closing(persons:)) { persons in
///     Execute(output: Output.close(speed: persons > 5 ? 1 : 2))
///   } transitions: { _ in
///     On(event: Event.doorHasLocked) { _ in Transition(to: State.closed) }
///   }
/// }
/// if let next = stateMachine.transition(from: .open(persons: 2), on: .closeButtonWasPressed) {
///   print(next)   // closing(persons: 2)
/// }
/// ```
///
/// A definition is a pure value: ``output(when:)`` and ``transition(from:on:)`` evaluate it with no
/// side effect and no cache, so a machine can be tested in complete isolation (see `XCTStateMachine`
/// in `StatecraftTesting`), and many running machines can share one definition without affecting
/// each other. It is `Sendable`, so it can be a top-level `let`.
///
/// Its closures must be pure too: they may read only what they are given. A `When`'s
/// `transitions` closure runs for each event the machine handles in its states, and its `On`s try
/// the event as they are built (see ``On``).
public struct StateMachine<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  /// The state the machine starts in.
  public let initial: S
  @usableFromInline let whens: [When<S, E, O>]

  /// Creates a machine from its initial state and its `When`s, with the machine's types known
  /// (from an annotation, from where it is passed, or from its first `When`), so that its states,
  /// events and outputs can be written with a leading dot:
  ///
  /// ```swift
  /// let machine: StateMachine<State, Event, Output> = StateMachine(initial: .closing(persons: 0)) {
  ///   When(state: .closing(persons: 0)) { _ in Execute(output: .close(speed: 2)) } transitions: { _ in
  ///     On(event: .doorHasLocked) { _ in Transition(to: .closed) }
  ///   }
  /// }
  /// if let output = machine.output(when: .closing(persons: 0)) {
  ///   print(output)   // close(speed: 2)
  /// }
  /// ```
  public init(initial: S, @WhensBuilder<S, E, O> _ whens: () -> [When<S, E, O>]) {
    self.initial = initial
    self.whens = whens()
  }

  /// Creates a machine whose types come from its `When`s and `On`s, each read on its own: the
  /// spelling where every type is named (`When(state: State.open)`), and the first `When` need not
  /// name them all. Swift picks it when the other initialiser cannot type the body.
  @_disfavoredOverload
  public init<Whens: Sequence<When<S, E, O>>>(initial: S, @StateMachineBuilder _ whens: () -> Whens) {
    self.initial = initial
    self.whens = Array(whens())
  }

  /// The same machine, starting in `state` rather than its initial state: for a machine restored
  /// from a snapshot.
  ///
  /// ```swift
  /// let machine = StateMachine(initial: State.open(persons: 0)) {
  ///   When(state: State.open(persons:)) { _ in Execute<Output>.noOutput } transitions: { persons in
  ///     On(event: Event.closeButtonWasPressed) { _ in Transition(to: State.closing(persons: persons)) }
  ///   }
  /// }
  /// let savedState = State.open(persons: 4)   // as a snapshot recorded it
  /// let sequence = AsyncStateMachineSequence(
  ///   stateMachine: machine.starting(in: savedState), runtime: Runtime())
  /// print(sequence.currentState)   // open(persons: 4)
  /// ```
  public func starting(in state: S) -> StateMachine {
    StateMachine(initial: state, whens: whens)
  }

  private init(initial: S, whens: [When<S, E, O>]) {
    self.initial = initial
    self.whens = whens
  }

  /// The output the machine executes in `state`: the first matching `When`'s, or `nil`.
  @inlinable
  public func output(when state: S) -> O? {
    for when in whens where when.mayMatch(state) {
      if let output = when.output(state) { return output }
    }
    return nil
  }

  /// The state the machine moves to from `state` on `event`, or `nil` if no transition applies.
  /// The `When`s that match `state` are tried in order, and in each its `On`s in order.
  @inlinable
  public func transition(from state: S, on event: E) -> S? {
    for when in whens where when.mayMatch(state) {
      if let next = when.nextState?(state, event) { return next }
    }
    return nil
  }

  /// The same as ``transition(from:on:)``, going straight to the `When`s that the state's case can
  /// match, as `cache` remembers them for one running machine.
  @inlinable
  func transition(from state: S, on event: E, cache: inout MatchCache) -> S? {
    guard let stateCase = state.dslCaseIndex, MatchCache.isTableIndex(stateCase) else {
      return transition(from: state, on: event)
    }
    MatchCache.makeRoom(in: &cache.whensByStateCase, for: stateCase)
    let candidates: [Int]
    if let known = cache.whensByStateCase[stateCase] {
      candidates = known
    } else {
      candidates = whens.indices.filter { index in
        whens[index].filter.admits(caseIndex: stateCase) { whens[index].matches(state) }
      }
      cache.whensByStateCase[stateCase] = candidates
    }
    for index in candidates {
      if let next = whens[index].nextState?(state, event) { return next }
    }
    return nil
  }
}
