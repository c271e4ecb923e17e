/// A transition of a `When`: on an event, optionally guarded, go to a state.
///
/// ```swift
/// enum State: DSLCompatible { case open(persons: Int), closing(persons: Int) }
/// enum Event: DSLCompatible { case personsHaveEntered(persons: Int), closeButtonWasPressed }
/// ```
///
/// ```swift
/// let elevator: StateMachine<State, Event, Never> = StateMachine(initial: .open(persons: 0)) {
///   When(state: State.open(persons:)) { _ in Execute.noOutput } transitions: { persons in
///     On(event: Event.personsHaveEntered(persons:)) { newPersons in
///       Transition(to: State.open(persons: persons + newPersons))
///     }
///     On(event: Event.closeButtonWasPressed) { _ in
///       Guard(predicate: persons < 10)
///     } transition: { _ in
///       Transition(to: State.closing(persons: persons))
///     }
///   }
/// }
/// print(elevator.transition(from: .open(persons: 12), on: .closeButtonWasPressed) as Any)   // nil
/// ```
///
/// Match an event by value, by case (the closures get its associated values), or by membership in a
/// ``OneOf``. A false guard falls through to the next `On`.
///
/// An `On` does its work as it is built, inside a `When`'s `transitions` closure that a machine
/// runs for an event: it tries that event and, if it is the first `On` to apply, records the next
/// state. Its closures therefore never escape, and matching allocates nothing. Built anywhere
/// else, it does nothing.
public struct On<S: DSLCompatible, E: DSLCompatible>: Sendable {
  @inlinable
  init(attempt: (E) -> S?) {
    TransitionMatch<S, E>.offer(attempt)
  }

  /// On an event equal to `event`.
  @inlinable
  public init(event: E, transition: (E) -> Transition<S>) {
    self.init { received in
      received == event ? transition(received).state : nil
    }
  }

  /// On an event equal to `event`, if `check` allows it.
  @inlinable
  public init(
    event: E,
    guard check: (E) -> Guard,
    transition: (E) -> Transition<S>
  ) {
    self.init { received in
      guard received == event, check(received).predicate else { return nil }
      return transition(received).state
    }
  }

  /// On any event of the case `event` builds; the closure gets its associated values.
  @inlinable
  public init<Payload>(event: (Payload) -> E, transition: (Payload) -> Transition<S>) {
    self.init { received in
      DSLPattern<E, Payload>.payload(of: received, ifBuiltBy: event).map { transition($0).state }
    }
  }

  /// On any event of the case `event` builds, if `check` allows it.
  @inlinable
  public init<Payload>(
    event: (Payload) -> E,
    guard check: (Payload) -> Guard,
    transition: (Payload) -> Transition<S>
  ) {
    self.init { received in
      guard let payload = DSLPattern<E, Payload>.payload(of: received, ifBuiltBy: event),
        check(payload).predicate
      else { return nil }
      return transition(payload).state
    }
  }

  /// On any event of `events`.
  @inlinable
  public init(events: OneOf<E>, transition: (E) -> Transition<S>) {
    self.init { received in
      events.patterns.contains(where: { $0(received) }) ? transition(received).state : nil
    }
  }

  /// On any event of `events`, if `check` allows it.
  @inlinable
  public init(
    events: OneOf<E>,
    guard check: (E) -> Guard,
    transition: (E) -> Transition<S>
  ) {
    self.init { received in
      guard events.patterns.contains(where: { $0(received) }), check(received).predicate else { return nil }
      return transition(received).state
    }
  }
}
