/// What a machine does in some states: the output it executes there, and the transitions it takes.
///
/// ```swift
/// When(state: State.closing(persons:)) { persons in
///   Execute(output: Output.close(speed: persons > 5 ? 1 : 2))
/// } transitions: { _ in
///   On(event: Event.doorHasLocked) { _ in Transition(to: State.closed) }
/// }
/// ```
///
/// Match states by value, by case (the closures get its associated values), or by membership in a
/// ``OneOf``. When several `When`s match a state, the output comes from the first, and their
/// transitions are tried in order.
public struct When<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  @usableFromInline let matches: @Sendable (S) -> Bool
  /// Which states it can match, for dispatch by case.
  @usableFromInline let filter: CaseFilter
  /// The output in a state: `nil` when the state does not match, `.some(nil)` when it matches with
  /// no output. One extraction answers both questions.
  @usableFromInline let output: @Sendable (S) -> O??
  /// The next state for an event in a state; `nil` when no `On` applies.
  @usableFromInline let nextState: @Sendable (S, E) -> S?

  // Inlinable, with the rest of the matching path, so that a client specialises the closures it
  // builds for its own state and event types: unspecialised, they spent most of their time looking
  // up generic metadata.
  @inlinable
  init<Extracted>(
    _ pattern: DSLPattern<S, Extracted>,
    execute: @escaping @Sendable (Extracted) -> Execute<O>,
    transitions: (@Sendable (Extracted) -> [On<S, E>])?
  ) {
    matches = pattern.matches
    filter = pattern.filter
    output = { state in pattern.extract(state).map { execute($0).output } }
    guard let transitions else {
      nextState = { _, _ in nil }
      return
    }
    // Definitions are pure, so the Ons built for a state stay valid while the machine is in an equal
    // state: building them again for every event would allocate a closure per On. With them, the
    // Ons each event case can match.
    let lastBuilt = CriticalState<(state: S, ons: [On<S, E>], dispatch: CaseDispatch?)?>(nil)
    nextState = { state, event in
      let ons: [On<S, E>]
      let dispatch: CaseDispatch?
      if let cached = lastBuilt.withLock({ $0?.state == state ? ($0!.ons, $0!.dispatch) : nil }) {
        (ons, dispatch) = cached
      } else {
        guard let extracted = pattern.extract(state) else { return nil }
        ons = transitions(extracted)
        // A short list is scanned faster than a table is built.
        dispatch = ons.count > 4 ? CaseDispatch() : nil
        lastBuilt.withLock { $0 = (state, ons, dispatch) }
      }
      guard let dispatch, let caseIndex = event.dslCaseIndex else {
        for on in ons {
          if let next = on.nextState(event) { return next }
        }
        return nil
      }
      let candidates = dispatch.candidates(for: caseIndex) {
        ons.indices.filter { ons[$0].admits(caseIndex: caseIndex, sample: event) }
      }
      for index in candidates {
        if let next = ons[index].nextState(event) { return next }
      }
      return nil
    }
  }

  /// In the state equal to `state`, with transitions.
  @inlinable
  public init(
    state: S,
    execute: @escaping @Sendable (S) -> Execute<O>,
    @TransitionsBuilder transitions: @escaping @Sendable (S) -> [On<S, E>]
  ) {
    self.init(.value(state), execute: execute, transitions: transitions)
  }


  /// In states of the case `state` builds, with transitions.
  @inlinable
  public init<Payload>(
    state: @escaping @Sendable (Payload) -> S,
    execute: @escaping @Sendable (Payload) -> Execute<O>,
    @TransitionsBuilder transitions: @escaping @Sendable (Payload) -> [On<S, E>]
  ) {
    self.init(.case(state), execute: execute, transitions: transitions)
  }


  /// In any state of `states`, with transitions.
  @inlinable
  public init(
    states: OneOf<S>,
    execute: @escaping @Sendable (S) -> Execute<O>,
    @TransitionsBuilder transitions: @escaping @Sendable (S) -> [On<S, E>]
  ) {
    self.init(.oneOf(states), execute: execute, transitions: transitions)
  }
}

extension When where E == Never {
  // A `When` without transitions handles no event: its event type is `Never`, and the machine's
  // builder lifts it to the machine's event type.

  /// In the state equal to `state`.
  @inlinable
  public init(state: S, execute: @escaping @Sendable (S) -> Execute<O>) {
    self.init(.value(state), execute: execute, transitions: nil)
  }

  /// In states of the case `state` builds; the closures get its associated values.
  @inlinable
  public init<Payload>(
    state: @escaping @Sendable (Payload) -> S,
    execute: @escaping @Sendable (Payload) -> Execute<O>
  ) {
    self.init(.case(state), execute: execute, transitions: nil)
  }

  /// In any state of `states`.
  @inlinable
  public init(states: OneOf<S>, execute: @escaping @Sendable (S) -> Execute<O>) {
    self.init(.oneOf(states), execute: execute, transitions: nil)
  }
}

extension When {
  /// The same `When`, typed for a machine whose event or output type this one left as `Never`.
  func lifted<E2: DSLCompatible, O2: DSLCompatible>() -> When<S, E2, O2> {
    When<S, E2, O2>(
      matches: matches,
      filter: filter,
      output: { state in output(state).map { $0.flatMap { $0 as? O2 } } },
      nextState: { state, event in (event as? E).flatMap { nextState(state, $0) } }
    )
  }

  fileprivate init(
    matches: @escaping @Sendable (S) -> Bool,
    filter: CaseFilter,
    output: @escaping @Sendable (S) -> O??,
    nextState: @escaping @Sendable (S, E) -> S?
  ) {
    self.matches = matches
    self.filter = filter
    self.output = output
    self.nextState = nextState
  }
}
