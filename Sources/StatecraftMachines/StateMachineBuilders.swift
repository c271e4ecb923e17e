/// Builds the `When`s of a ``StateMachine`` whose types are known: from an annotation, from
/// where the machine is passed, or from its first `When`. Each `When` is type-checked as a
/// `When<S, E, O>`, so states, events and outputs can be written with a leading dot, as
/// AsyncStateMachine's users write them (this is its builder's name):
///
/// ```swift
/// enum State: DSLCompatible { case state1, state2 }
/// enum Event: DSLCompatible { case event1 }
/// enum Output: DSLCompatible { case output1 }
/// ```
///
/// ```swift
/// let machine: StateMachine<State, Event, Output> = StateMachine(initial: .state1) {
///   When(state: .state1) { _ in
///     Execute(output: .output1)
///   } transitions: { _ in
///     On(event: .event1) { _ in Transition(to: .state2) }
///   }
/// }
/// #expect(machine.transition(from: .state1, on: .event1) == .state2)
/// ```
///
/// A machine whose types are not known up front is built by ``StateMachineBuilder`` instead; both
/// accept `if`, `else` and `for`.
@resultBuilder
public enum WhensBuilder<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible> {
  /// Takes a `When` of the machine's own types, as it is.
  @inlinable
  public static func buildExpression(_ when: When<S, E, O>) -> [When<S, E, O>] { [when] }

  // A `When` without transitions has the event type `Never`, and one whose closure returns
  // `Execute.noOutput` may have the output type `Never`: they take the machine's.

  /// Takes a `When` without transitions, giving it the machine's event type.
  @_disfavoredOverload
  public static func buildExpression(_ when: When<S, Never, O>) -> [When<S, E, O>] { [when.lifted()] }

  /// Takes a `When` whose output type is `Never`, giving it the machine's output type.
  @_disfavoredOverload
  public static func buildExpression(_ when: When<S, E, Never>) -> [When<S, E, O>] { [when.lifted()] }

  /// Takes a `When` with neither transitions nor an output type, giving it the machine's event and
  /// output types.
  @_disfavoredOverload
  public static func buildExpression(_ when: When<S, Never, Never>) -> [When<S, E, O>] { [when.lifted()] }

  /// Starts the list with the first statement's `When`s.
  @inlinable
  public static func buildPartialBlock(first: [When<S, E, O>]) -> [When<S, E, O>] { first }

  /// Appends the next statement's `When`s, after those before it: the order in which they match.
  @inlinable
  public static func buildPartialBlock(
    accumulated: [When<S, E, O>], next: [When<S, E, O>]
  ) -> [When<S, E, O>] {
    accumulated + next
  }

  /// An empty body: a machine with no `When`s, which executes nothing and handles no event.
  @inlinable
  public static func buildBlock() -> [When<S, E, O>] { [] }

  /// The `When`s of an `if` without `else`: none when the condition is false.
  @inlinable
  public static func buildOptional(_ part: [When<S, E, O>]?) -> [When<S, E, O>] { part ?? [] }

  /// The `When`s of the `if` branch of an `if`–`else`, or of a `switch` case.
  @inlinable
  public static func buildEither(first part: [When<S, E, O>]) -> [When<S, E, O>] { part }

  /// The `When`s of the `else` branch of an `if`–`else`, or of a `switch` case.
  @inlinable
  public static func buildEither(second part: [When<S, E, O>]) -> [When<S, E, O>] { part }

  /// The `When`s of a `for` loop, in iteration order.
  @inlinable
  public static func buildArray(_ parts: [[When<S, E, O>]]) -> [When<S, E, O>] { parts.flatMap { $0 } }
}

/// Builds the `When`s of a ``StateMachine`` whose types come from its `When`s and `On`s
/// (`When(state: State.open)`), each type-checked on its own. The machine uses it when
/// ``WhensBuilder`` cannot: when nothing names the machine's types before its first `When`.
///
/// ```swift
/// enum Valve: DSLCompatible { case shut, open(litres: Int) }
/// enum ValveEvent: DSLCompatible { case turn(litres: Int), close }
/// enum ValveOutput: DSLCompatible { case pour(litres: Int) }
/// ```
///
/// Here the first `When` has no output and the second no transitions: each is lifted to the
/// machine's `StateMachine<Valve, ValveEvent, ValveOutput>`.
///
/// ```swift
/// let valve = StateMachine(initial: Valve.shut) {
///   When(state: Valve.shut) { _ in Execute.noOutput } transitions: { _ in
///     On(event: ValveEvent.turn(litres:)) { litres in Transition(to: Valve.open(litres: litres)) }
///   }
///   When(state: Valve.open(litres:)) { litres in Execute(output: ValveOutput.pour(litres: litres)) }
/// }
/// #expect(valve.transition(from: .shut, on: .turn(litres: 2)) == .open(litres: 2))
/// #expect(valve.output(when: .open(litres: 2)) == .pour(litres: 2))
/// ```
@resultBuilder
public enum StateMachineBuilder {
  // Each `When` is type-checked on its own, so one without transitions or without output cannot
  // know the machine's event or output type: it uses `Never` there, and these overloads lift it as
  // the `When`s are combined, one pair at a time.

  /// Starts the list with the first `When`, its types as they are.
  public static func buildPartialBlock<S, E, O>(first: When<S, E, O>) -> [When<S, E, O>] {
    [first]
  }

  /// Appends a `When` of the same types as those before it.
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated + [next]
  }

  /// Appends a `When` without transitions, giving it the event type of the `When`s before it.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, Never, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  /// Appends a `When` whose output type is `Never`, giving it the output type of the `When`s
  /// before it.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, E, Never>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  /// Appends a `When` with neither transitions nor an output type, giving it the types of the
  /// `When`s before it.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, Never, Never>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  /// Appends a `When` with transitions after `When`s without any: they all take its event type.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, Never, O>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  /// Appends a `When` with an output type after `When`s whose output type is `Never`: they all
  /// take its output type.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, Never>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  /// Appends a `When` after `When`s with neither transitions nor an output type: they all take
  /// its event and output types.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, Never, Never>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  /// Appends a `When` that has an output type but no transitions after `When`s that have
  /// transitions but no output type: they all take the event type of the ones before and the
  /// output type of the new one.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, Never>], next: When<S, Never, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  /// Appends a `When` that has transitions but no output type after `When`s that have an output
  /// type but no transitions: they all take the output type of the ones before and the event
  /// type of the new one.
  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, Never, O>], next: When<S, E, Never>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  // `if`, `else` and `for` hand over arrays of `When`s, which join the block like single ones.

  /// Starts the list with the `When`s of an `if`, `else` or `for`.
  public static func buildPartialBlock<S, E, O>(first: [When<S, E, O>]) -> [When<S, E, O>] {
    first
  }

  /// Appends the `When`s of an `if`, `else` or `for`, of the same types as those before them.
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: [When<S, E, O>]
  ) -> [When<S, E, O>] {
    accumulated + next
  }

  /// The `When`s of a `for` loop, in iteration order.
  public static func buildArray<S, E, O>(_ parts: [[When<S, E, O>]]) -> [When<S, E, O>] {
    parts.flatMap { $0 }
  }

  /// The `When`s of an `if` without `else`: none when the condition is false.
  public static func buildOptional<S, E, O>(_ part: [When<S, E, O>]?) -> [When<S, E, O>] {
    part ?? []
  }

  /// The `When`s of the `if` branch of an `if`–`else`, or of a `switch` case.
  public static func buildEither<S, E, O>(first part: [When<S, E, O>]) -> [When<S, E, O>] { part }
  /// The `When`s of the `else` branch of an `if`–`else`, or of a `switch` case.
  public static func buildEither<S, E, O>(second part: [When<S, E, O>]) -> [When<S, E, O>] { part }
}

/// What a `When`'s `transitions` closure builds. Its `On`s did their work as they were built (see
/// ``On``), so it carries only their types, from which a `When` learns its machine's event type.
///
/// ```swift
/// let pouring = When<Valve, ValveEvent, ValveOutput>(state: Valve.open(litres:)) { litres in
///   Execute(output: ValveOutput.pour(litres: litres))
/// } transitions: { _ in   // builds a Transitions<Valve, ValveEvent>
///   On(event: ValveEvent.close) { _ in Transition(to: Valve.shut) }
/// }
/// let valve: StateMachine<Valve, ValveEvent, ValveOutput> = StateMachine(initial: .shut) { pouring }
/// #expect(valve.transition(from: .open(litres: 1), on: .close) == .shut)
/// ```
public struct Transitions<S: DSLCompatible, E: DSLCompatible>: Sendable {
  @inlinable
  init() {}
}

/// Builds the `transitions` of a `When` from its `On`s, with `if`, `else` and `for` among them.
/// Generic over the machine's state and event types, so that within a machine whose types are
/// known, `On(event: .event1)` and `Transition(to: .state2)` can be written with a leading dot.
///
/// ```swift
/// let childLock = true
/// let valve: StateMachine<Valve, ValveEvent, ValveOutput> = StateMachine(initial: .shut) {
///   When(state: Valve.shut) { _ in Execute.noOutput } transitions: { _ in
///     for litres in [1, 2, 5] {
///       On(event: ValveEvent.turn(litres: litres)) { _ in Transition(to: Valve.open(litres: litres)) }
///     }
///     if !childLock {
///       On(event: ValveEvent.turn(litres:)) { litres in Transition(to: Valve.open(litres: litres)) }
///     }
///   }
/// }
/// #expect(valve.transition(from: .shut, on: .turn(litres: 3)) == nil)   // only 1, 2 or 5 litres
/// ```
@resultBuilder
public enum TransitionsBuilder<S: DSLCompatible, E: DSLCompatible> {
  /// Takes an `On`, which tried the event as it was built: only its types remain.
  @inlinable
  public static func buildExpression(_ on: On<S, E>) -> Transitions<S, E> { Transitions() }

  /// Starts the block with its first statement.
  @inlinable
  public static func buildPartialBlock(first: Transitions<S, E>) -> Transitions<S, E> { first }

  /// Adds the next statement, whose `On`s were tried after those before it.
  @inlinable
  public static func buildPartialBlock(
    accumulated: Transitions<S, E>, next: Transitions<S, E>
  ) -> Transitions<S, E> { accumulated }

  /// An empty block (`transitions: { _ in }`): no event takes a transition.
  @inlinable
  public static func buildBlock() -> Transitions<S, E> { Transitions() }

  /// An `if` without `else`: its `On`s were built, and tried, only if the condition held.
  @inlinable
  public static func buildOptional(_ part: Transitions<S, E>?) -> Transitions<S, E> { Transitions() }

  /// The `if` branch of an `if`–`else`, or a `switch` case: only the branch taken built its `On`s.
  @inlinable
  public static func buildEither(first part: Transitions<S, E>) -> Transitions<S, E> { part }

  /// The `else` branch of an `if`–`else`, or a `switch` case: only the branch taken built its `On`s.
  @inlinable
  public static func buildEither(second part: Transitions<S, E>) -> Transitions<S, E> { part }

  /// A `for` loop: each iteration's `On`s were tried as the loop ran, in order.
  @inlinable
  public static func buildArray(_ parts: [Transitions<S, E>]) -> Transitions<S, E> { Transitions() }
}
