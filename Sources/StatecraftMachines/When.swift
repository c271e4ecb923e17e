/// What a machine does in some states: the output it executes there, and the transitions it takes.
///
/// ```swift
/// enum Door: DSLCompatible { case opened, closing(persons: Int), closed }
/// enum DoorEvent: DSLCompatible { case doorHasLocked }
/// enum DoorOutput: DSLCompatible { case close(speed: Int) }
/// ```
///
/// ```swift
/// let door = StateMachine(initial: Door.opened) {
///   When(state: Door.closing(persons:)) { persons in
///     Execute(output: DoorOutput.close(speed: persons > 5 ? 1 : 2))
///   } transitions: { _ in
///     On(event: DoorEvent.doorHasLocked) { _ in Transition(to: Door.closed) }
///   }
/// }
/// #expect(door.output(when: .closing(persons: 8)) == .close(speed: 1))
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
  /// The state its transitions make of an event in a state: `nil` when the state does not match,
  /// or no `On` applies. `nil` for a `When` without transitions.
  @usableFromInline let nextState: (@Sendable (S, E) -> S?)?

  // Inlinable, with the rest of the matching path, so that a client specialises the closures it
  // builds for its own state and event types: unspecialised, they spent most of their time looking
  // up generic metadata.
  @inlinable
  init<Extracted>(
    _ pattern: DSLPattern<S, Extracted>,
    execute: @escaping @Sendable (Extracted) -> Execute<O>,
    transitions: (@Sendable (Extracted) -> Transitions<S, E>)?
  ) {
    matches = pattern.matches
    filter = pattern.filter
    output = { state in pattern.extract(state).map { execute($0).output } }
    guard let transitions else {
      nextState = nil
      return
    }
    nextState = { (state: S, event: E) -> S? in
      guard let extracted = pattern.extract(state) else { return nil }
      return TransitionMatch<S, E>.run(on: event) { _ = transitions(extracted) }
    }
  }

  /// Whether it may match `state`, by a check cheaper than matching: false only for a value
  /// pattern of another case.
  @inlinable
  func mayMatch(_ state: S) -> Bool {
    guard case .value(let index?) = filter, let stateCase = state.dslCaseIndex else { return true }
    return index == stateCase
  }

  /// In the state equal to `state`, with transitions.
  @preconcurrency @inlinable
  public init(
    state: S,
    execute: @escaping @Sendable (S) -> Execute<O>,
    @TransitionsBuilder<S, E> transitions: @escaping @Sendable (S) -> Transitions<S, E>
  ) {
    self.init(.value(state), execute: execute, transitions: transitions)
  }

  /// In states of the case `state` builds, with transitions.
  @preconcurrency @inlinable
  public init<Payload>(
    state: @escaping @Sendable (Payload) -> S,
    execute: @escaping @Sendable (Payload) -> Execute<O>,
    @TransitionsBuilder<S, E> transitions: @escaping @Sendable (Payload) -> Transitions<S, E>
  ) {
    self.init(.case(state), execute: execute, transitions: transitions)
  }

  /// In any state of `states`, with transitions.
  @preconcurrency @inlinable
  public init(
    states: OneOf<S>,
    execute: @escaping @Sendable (S) -> Execute<O>,
    @TransitionsBuilder<S, E> transitions: @escaping @Sendable (S) -> Transitions<S, E>
  ) {
    self.init(.oneOf(states), execute: execute, transitions: transitions)
  }
}

extension When where E == Never {
  // A `When` without transitions handles no event: its event type is `Never`, and the machine's
  // builder lifts it to the machine's event type.

  /// In the state equal to `state`.
  @preconcurrency @inlinable
  public init(state: S, execute: @escaping @Sendable (S) -> Execute<O>) {
    self.init(.value(state), execute: execute, transitions: nil)
  }

  /// In states of the case `state` builds; the closures get its associated values.
  @preconcurrency @inlinable
  public init<Payload>(
    state: @escaping @Sendable (Payload) -> S,
    execute: @escaping @Sendable (Payload) -> Execute<O>
  ) {
    self.init(.case(state), execute: execute, transitions: nil)
  }

  /// In any state of `states`.
  @preconcurrency @inlinable
  public init(states: OneOf<S>, execute: @escaping @Sendable (S) -> Execute<O>) {
    self.init(.oneOf(states), execute: execute, transitions: nil)
  }
}

extension When {
  /// The same `When`, typed for a machine whose event or output type this one left as `Never`.
  func lifted<E2: DSLCompatible, O2: DSLCompatible>() -> When<S, E2, O2> {
    let output = output
    let liftedOutput: @Sendable (S) -> O2?? = { state in
      guard let matched = output(state) else { return nil }
      return .some(matched.flatMap { $0 as? O2 })
    }
    let liftedNextState: (@Sendable (S, E2) -> S?)?
    if E.self == E2.self {
      // Usually only the output type was lifted, and the transitions are of the machine's type.
      liftedNextState = unsafeBitCast(nextState, to: (@Sendable (S, E2) -> S?)?.self)
    } else {
      if let nextState {
        liftedNextState = { @Sendable (state: S, event: E2) -> S? in
          guard let event = event as? E else { return nil }
          return nextState(state, event)
        }
      } else {
        liftedNextState = nil
      }
    }
    return When<S, E2, O2>(
      matches: matches, filter: filter, output: liftedOutput, nextState: liftedNextState)
  }

  fileprivate init(
    matches: @escaping @Sendable (S) -> Bool,
    filter: CaseFilter,
    output: @escaping @Sendable (S) -> O??,
    nextState: (@Sendable (S, E) -> S?)?
  ) {
    self.matches = matches
    self.filter = filter
    self.output = output
    self.nextState = nextState
  }
}
