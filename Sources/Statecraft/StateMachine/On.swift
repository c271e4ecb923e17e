/// A transition of a `When`: on an event, optionally guarded, go to a state.
///
/// ```swift
/// On(event: Event.personsHaveEntered(persons:)) { newPersons in
///   Transition(to: State.open(persons: persons + newPersons))
/// }
/// On(event: Event.closeButtonWasPressed) { _ in
///   Guard(predicate: persons < 10)
/// } transition: { _ in
///   Transition(to: State.closing(persons: persons))
/// }
/// ```
///
/// Match an event by value, by case (the closures get its associated values), or by membership in a
/// ``OneOf``. A false guard falls through to the next `On`.
public struct On<S: DSLCompatible, E: DSLCompatible>: Sendable {
  /// The next state for an event, or `nil` when the event does not match or the guard is false.
  @usableFromInline let nextState: @Sendable (E) -> S?
  /// Which events it can match, for dispatch by case.
  @usableFromInline let filter: CaseFilter
  /// Whether an event is of its case; set for case patterns, whose guard must not decide dispatch.
  @usableFromInline let matchesCase: (@Sendable (E) -> Bool)?

  @usableFromInline
  init(
    filter: CaseFilter,
    matchesCase: (@Sendable (E) -> Bool)? = nil,
    nextState: @escaping @Sendable (E) -> S?
  ) {
    self.filter = filter
    self.matchesCase = matchesCase
    self.nextState = nextState
  }

  /// Whether it can match events of case `caseIndex`, of which `sample` is one.
  @inlinable
  func admits(caseIndex: Int, sample: E) -> Bool {
    filter.admits(caseIndex: caseIndex) { matchesCase?(sample) ?? true }
  }

  /// On an event equal to `event`.
  @inlinable
  public init(event: E, transition: @escaping @Sendable (E) -> Transition<S>) {
    // One closure per On, with no pattern object: Ons are rebuilt for every event.
    self.init(filter: .value(caseIndex: event.dslCaseIndex)) { received in
      received == event ? transition(received).state : nil
    }
  }

  /// On an event equal to `event`, when `guard` holds.
  @inlinable
  public init(
    event: E,
    guard check: @escaping @Sendable (E) -> Guard,
    transition: @escaping @Sendable (E) -> Transition<S>
  ) {
    self.init(filter: .value(caseIndex: event.dslCaseIndex)) { received in
      received == event && check(received).predicate ? transition(received).state : nil
    }
  }

  /// On an event of the case `event` builds; the closures get its associated values.
  @inlinable
  public init<Payload>(
    event: @escaping @Sendable (Payload) -> E,
    transition: @escaping @Sendable (Payload) -> Transition<S>
  ) {
    let pattern = DSLPattern.case(event)
    self.init(filter: .caseOnly, matchesCase: pattern.matches) { received in
      pattern.extract(received).map { transition($0).state }
    }
  }

  /// On an event of the case `event` builds, when `guard` holds.
  @inlinable
  public init<Payload>(
    event: @escaping @Sendable (Payload) -> E,
    guard check: @escaping @Sendable (Payload) -> Guard,
    transition: @escaping @Sendable (Payload) -> Transition<S>
  ) {
    let pattern = DSLPattern.case(event)
    self.init(filter: .caseOnly, matchesCase: pattern.matches) { received in
      guard let payload = pattern.extract(received), check(payload).predicate else { return nil }
      return transition(payload).state
    }
  }

  /// On any event of `events`.
  @inlinable
  public init(events: OneOf<E>, transition: @escaping @Sendable (E) -> Transition<S>) {
    self.init(filter: .any) { received in
      events.patterns.contains { $0(received) } ? transition(received).state : nil
    }
  }

  /// On any event of `events`, when `guard` holds.
  @inlinable
  public init(
    events: OneOf<E>,
    guard check: @escaping @Sendable (E) -> Guard,
    transition: @escaping @Sendable (E) -> Transition<S>
  ) {
    self.init(filter: .any) { received in
      events.patterns.contains { $0(received) } && check(received).predicate
        ? transition(received).state : nil
    }
  }
}

extension On {
  /// The same `On`, typed for a machine whose event type this one's `When` left as `Never`.
  func lifted<E2: DSLCompatible>() -> On<S, E2> {
    let nextState = nextState
    var liftedMatchesCase: (@Sendable (E2) -> Bool)?
    if let matchesCase {
      liftedMatchesCase = { @Sendable event in
        guard let event = event as? E else { return false }
        return matchesCase(event)
      }
    }
    return On<S, E2>(
      filter: filter,
      matchesCase: liftedMatchesCase,
      nextState: { @Sendable event in
        guard let event = event as? E else { return nil }
        return nextState(event)
      })
  }
}
