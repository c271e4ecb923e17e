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
  let nextState: @Sendable (E) -> S?

  private init<Extracted>(
    _ pattern: DSLPattern<E, Extracted>,
    guard check: (@Sendable (Extracted) -> Guard)?,
    transition: @escaping @Sendable (Extracted) -> Transition<S>
  ) {
    nextState = { event in
      guard let extracted = pattern.extract(event) else { return nil }
      if let check, !check(extracted).predicate { return nil }
      return transition(extracted).state
    }
  }

  /// On an event equal to `event`.
  public init(event: E, transition: @escaping @Sendable (E) -> Transition<S>) {
    self.init(.value(event), guard: nil, transition: transition)
  }

  /// On an event equal to `event`, when `guard` holds.
  public init(
    event: E,
    guard check: @escaping @Sendable (E) -> Guard,
    transition: @escaping @Sendable (E) -> Transition<S>
  ) {
    self.init(.value(event), guard: check, transition: transition)
  }

  /// On an event of the case `event` builds; the closures get its associated values.
  public init<Payload>(
    event: @escaping @Sendable (Payload) -> E,
    transition: @escaping @Sendable (Payload) -> Transition<S>
  ) {
    self.init(.case(event), guard: nil, transition: transition)
  }

  /// On an event of the case `event` builds, when `guard` holds.
  public init<Payload>(
    event: @escaping @Sendable (Payload) -> E,
    guard check: @escaping @Sendable (Payload) -> Guard,
    transition: @escaping @Sendable (Payload) -> Transition<S>
  ) {
    self.init(.case(event), guard: check, transition: transition)
  }

  /// On any event of `events`.
  public init(events: OneOf<E>, transition: @escaping @Sendable (E) -> Transition<S>) {
    self.init(.oneOf(events), guard: nil, transition: transition)
  }

  /// On any event of `events`, when `guard` holds.
  public init(
    events: OneOf<E>,
    guard check: @escaping @Sendable (E) -> Guard,
    transition: @escaping @Sendable (E) -> Transition<S>
  ) {
    self.init(.oneOf(events), guard: check, transition: transition)
  }
}
