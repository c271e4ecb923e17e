/// A declarative Moore machine: its initial state, and for each state the output it executes and
/// the transitions it takes (seed 002).
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
/// ```
///
/// A definition is a pure value: ``output(when:)`` and ``transition(from:on:)`` evaluate it with no
/// side effect and no cache, so a machine can be tested in complete isolation (see `XCTStateMachine`
/// in `StatecraftTesting`), and many running machines can share one definition without affecting
/// each other. It is `Sendable`, so it can be a top-level `let`.
///
/// Its closures must be pure too: they may read only what they are given. A running machine reuses
/// the `On`s a `When` built for a state while it stays in an equal state, so a closure that read
/// outside state could see a stale value.
public struct StateMachine<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  /// The state the machine starts in.
  public let initial: S
  @usableFromInline let whens: [When<S, E, O>]

  /// Creates a machine from its initial state and its `When`s.
  public init(initial: S, @StateMachineBuilder _ whens: () -> [When<S, E, O>]) {
    self.initial = initial
    self.whens = whens()
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
      guard let ons = when.ons(state) else { continue }
      for on in ons {
        if let next = on.nextState(event) { return next }
      }
    }
    return nil
  }

  /// The same as ``transition(from:on:)``, going straight to the `When`s and `On`s that the state's
  /// and event's cases can match, as `cache` remembers them for one running machine.
  @inlinable
  func transition(from state: S, on event: E, cache: inout MatchCache<S, E>) -> S? {
    guard let stateCase = state.dslCaseIndex, MatchCache<S, E>.isTableIndex(stateCase) else {
      return transition(from: state, on: event)
    }
    MatchCache<S, E>.makeRoom(in: &cache.whensByStateCase, for: stateCase)
    let candidates: [Int]
    if let known = cache.whensByStateCase[stateCase] {
      candidates = known
    } else {
      candidates = whens.indices.filter { index in
        whens[index].filter.admits(caseIndex: stateCase) { whens[index].matches(state) }
      }
      cache.whensByStateCase[stateCase] = candidates
    }
    if cache.onsByWhen.count < whens.count {
      cache.onsByWhen = Array(repeating: nil, count: whens.count)
    }
    for index in candidates {
      if let next = nextState(of: index, from: state, on: event, cache: &cache) { return next }
    }
    return nil
  }

  /// The next state that `When` number `index` gives, building its `On`s only when the machine
  /// entered a state other than the one they were built for.
  @inlinable
  func nextState(of index: Int, from state: S, on event: E, cache: inout MatchCache<S, E>) -> S? {
    if cache.onsByWhen[index]?.state != state {
      guard let ons = whens[index].ons(state) else {
        cache.onsByWhen[index] = nil
        return nil
      }
      cache.onsByWhen[index] = MatchCache.BuiltOns(state: state, ons: ons)
    }
    // Taken out and put back, so that updating its table does not copy it.
    guard var built = cache.onsByWhen[index].take() else { return nil }
    defer { cache.onsByWhen[index] = built }
    // A short list is scanned faster than a table is built.
    guard built.ons.count > 4, let eventCase = event.dslCaseIndex, MatchCache<S, E>.isTableIndex(eventCase)
    else {
      for on in built.ons {
        if let next = on.nextState(event) { return next }
      }
      return nil
    }
    MatchCache<S, E>.makeRoom(in: &built.byEventCase, for: eventCase)
    let candidates: [Int]
    if let known = built.byEventCase[eventCase] {
      candidates = known
    } else {
      candidates = built.ons.indices.filter { built.ons[$0].admits(caseIndex: eventCase, sample: event) }
      built.byEventCase[eventCase] = candidates
    }
    for onIndex in candidates {
      if let next = built.ons[onIndex].nextState(event) { return next }
    }
    return nil
  }
}
