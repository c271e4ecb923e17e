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
/// side effect, so a machine can be tested in complete isolation (see `XCTStateMachine` in
/// `StatecraftTesting`). It is `Sendable`, so it can be a top-level `let`.
///
/// Its closures must be pure too: they may read only what they are given. A `When` reuses the `On`s
/// it built for a state while the machine stays in an equal state, so a closure that read outside
/// state could see a stale value.
public struct StateMachine<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  /// The state the machine starts in.
  public let initial: S
  @usableFromInline let whens: [When<S, E, O>]
  /// For each state case, the `When`s that can match it.
  @usableFromInline let dispatch = CaseDispatch()
  /// Every `When`, for state types that do not number their cases.
  @usableFromInline let allIndices: [Int]

  /// Creates a machine from its initial state and its `When`s.
  public init(initial: S, @StateMachineBuilder _ whens: () -> [When<S, E, O>]) {
    self.initial = initial
    self.whens = whens()
    self.allIndices = Array(self.whens.indices)
  }

  /// The output the machine executes in `state`: the first matching `When`'s, or `nil`.
  @inlinable
  public func output(when state: S) -> O? {
    for index in candidates(for: state) {
      if let output = whens[index].output(state) { return output }
    }
    return nil
  }

  /// The state the machine moves to from `state` on `event`, or `nil` if no transition applies.
  /// The `When`s that match `state` are tried in order, and in each its `On`s in order.
  @inlinable
  public func transition(from state: S, on event: E) -> S? {
    for index in candidates(for: state) {
      if let next = whens[index].nextState(state, event) { return next }
    }
    return nil
  }

  /// The indices of the `When`s that can match `state`, in order: all of them unless the state's
  /// type numbers its cases (`@DSLCompatible` does).
  @inlinable
  func candidates(for state: S) -> [Int] {
    guard let caseIndex = state.dslCaseIndex else { return allIndices }
    return dispatch.candidates(for: caseIndex) {
      whens.indices.filter { index in
        whens[index].filter.admits(caseIndex: caseIndex) { whens[index].matches(state) }
      }
    }
  }
}
