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
  /// What an `On` makes of an event.
  @usableFromInline
  enum Outcome {
    /// The event is not of its case or value.
    case noMatch
    /// The event matches, but the guard is false: the next `On` is tried.
    case guardFailed
    case next(S)
  }

  /// Matches an event, checks the guard and makes the next state, in one closure: `On`s are built
  /// for every state a machine enters, and each closure is an allocation. With `matchOnly`, it
  /// stops after the match (`.guardFailed` then stands for "matches"), so that dispatch never runs
  /// a guard or a transition of the user's.
  @usableFromInline let evaluate: @Sendable (E, _ matchOnly: Bool) -> Outcome
  /// Which events it can match, for dispatch by case.
  @usableFromInline let filter: CaseFilter

  @usableFromInline
  init(filter: CaseFilter, evaluate: @escaping @Sendable (E, _ matchOnly: Bool) -> Outcome) {
    self.filter = filter
    self.evaluate = evaluate
  }

  /// The next state for an event, or `nil` when the event does not match or the guard is false.
  @inlinable
  func nextState(_ event: E) -> S? {
    if case .next(let state) = evaluate(event, false) { return state }
    return nil
  }

  /// Whether it can match events of case `caseIndex`, of which `sample` is one. For a case
  /// pattern, only the case decides: no guard or transition runs.
  @inlinable
  func admits(caseIndex: Int, sample: E) -> Bool {
    filter.admits(caseIndex: caseIndex) {
      if case .noMatch = evaluate(sample, true) { return false }
      return true
    }
  }

  /// On an event equal to `event`.
  @inlinable
  public init(event: E, transition: @escaping @Sendable (E) -> Transition<S>) {
    self.init(filter: .value(caseIndex: event.dslCaseIndex)) { received, matchOnly in
      guard received == event else { return .noMatch }
      return matchOnly ? .guardFailed : .next(transition(received).state)
    }
  }

  /// On an event equal to `event`, when `guard` holds.
  @inlinable
  public init(
    event: E,
    guard check: @escaping @Sendable (E) -> Guard,
    transition: @escaping @Sendable (E) -> Transition<S>
  ) {
    self.init(filter: .value(caseIndex: event.dslCaseIndex)) { received, matchOnly in
      guard received == event else { return .noMatch }
      guard !matchOnly, check(received).predicate else { return .guardFailed }
      return .next(transition(received).state)
    }
  }

  /// On an event of the case `event` builds; the closures get its associated values.
  @inlinable
  public init<Payload>(
    event: @escaping @Sendable (Payload) -> E,
    transition: @escaping @Sendable (Payload) -> Transition<S>
  ) {
    self.init(filter: .caseOnly) { received, matchOnly in
      guard let payload = DSLPattern<E, Payload>.payload(of: received, ifBuiltBy: event) else {
        return .noMatch
      }
      return matchOnly ? .guardFailed : .next(transition(payload).state)
    }
  }

  /// On an event of the case `event` builds, when `guard` holds.
  @inlinable
  public init<Payload>(
    event: @escaping @Sendable (Payload) -> E,
    guard check: @escaping @Sendable (Payload) -> Guard,
    transition: @escaping @Sendable (Payload) -> Transition<S>
  ) {
    self.init(filter: .caseOnly) { received, matchOnly in
      guard let payload = DSLPattern<E, Payload>.payload(of: received, ifBuiltBy: event) else {
        return .noMatch
      }
      guard !matchOnly, check(payload).predicate else { return .guardFailed }
      return .next(transition(payload).state)
    }
  }

  /// On any event of `events`.
  @inlinable
  public init(events: OneOf<E>, transition: @escaping @Sendable (E) -> Transition<S>) {
    self.init(filter: .any) { received, matchOnly in
      guard events.patterns.contains(where: { $0(received) }) else { return .noMatch }
      return matchOnly ? .guardFailed : .next(transition(received).state)
    }
  }

  /// On any event of `events`, when `guard` holds.
  @inlinable
  public init(
    events: OneOf<E>,
    guard check: @escaping @Sendable (E) -> Guard,
    transition: @escaping @Sendable (E) -> Transition<S>
  ) {
    self.init(filter: .any) { received, matchOnly in
      guard events.patterns.contains(where: { $0(received) }) else { return .noMatch }
      guard !matchOnly, check(received).predicate else { return .guardFailed }
      return .next(transition(received).state)
    }
  }
}

extension On {
  /// The same `On`, typed for a machine whose event type this one's `When` left as `Never`.
  func lifted<E2: DSLCompatible>() -> On<S, E2> {
    let evaluate = evaluate
    return On<S, E2>(filter: filter) { @Sendable event, matchOnly in
      guard let event = event as? E else { return .noMatch }
      switch evaluate(event, matchOnly) {
      case .noMatch: return .noMatch
      case .guardFailed: return .guardFailed
      case .next(let state): return .next(state)
      }
    }
  }
}
