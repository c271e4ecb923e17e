/// Builds the `When`s of a ``StateMachine`` whose types are known: from an annotation, from
/// where the machine is passed, or from its first `When`. Each `When` is type-checked as a
/// `When<S, E, O>`, so states, events and outputs can be written with a leading dot, as
/// AsyncStateMachine's users write them (this is its builder's name):
///
/// ```swift
/// let machine: StateMachine<State, Event, Output> = StateMachine(initial: .state1) {
///   When(state: .state1) { _ in
///     Execute(output: .output1)
///   } transitions: { _ in
///     On(event: .event1) { _ in Transition(to: .state2) }
///   }
/// }
/// ```
///
/// A machine whose types are not known up front is built by ``StateMachineBuilder`` instead; both
/// accept `if`, `else` and `for`.
@resultBuilder
public enum WhensBuilder<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible> {
  @inlinable
  public static func buildExpression(_ when: When<S, E, O>) -> [When<S, E, O>] { [when] }

  // A `When` without transitions has the event type `Never`, and one whose closure returns
  // `Execute.noOutput` may have the output type `Never`: they take the machine's.

  @_disfavoredOverload
  public static func buildExpression(_ when: When<S, Never, O>) -> [When<S, E, O>] { [when.lifted()] }

  @_disfavoredOverload
  public static func buildExpression(_ when: When<S, E, Never>) -> [When<S, E, O>] { [when.lifted()] }

  @_disfavoredOverload
  public static func buildExpression(_ when: When<S, Never, Never>) -> [When<S, E, O>] { [when.lifted()] }

  @inlinable
  public static func buildPartialBlock(first: [When<S, E, O>]) -> [When<S, E, O>] { first }

  @inlinable
  public static func buildPartialBlock(
    accumulated: [When<S, E, O>], next: [When<S, E, O>]
  ) -> [When<S, E, O>] {
    accumulated + next
  }

  @inlinable
  public static func buildBlock() -> [When<S, E, O>] { [] }

  @inlinable
  public static func buildOptional(_ part: [When<S, E, O>]?) -> [When<S, E, O>] { part ?? [] }

  @inlinable
  public static func buildEither(first part: [When<S, E, O>]) -> [When<S, E, O>] { part }

  @inlinable
  public static func buildEither(second part: [When<S, E, O>]) -> [When<S, E, O>] { part }

  @inlinable
  public static func buildArray(_ parts: [[When<S, E, O>]]) -> [When<S, E, O>] { parts.flatMap { $0 } }
}

/// Builds the `When`s of a ``StateMachine`` whose types come from its `When`s and `On`s
/// (`When(state: State.open)`), each type-checked on its own. The machine uses it when
/// ``WhensBuilder`` cannot: when nothing names the machine's types before its first `When`.
@resultBuilder
public enum StateMachineBuilder {
  // Each `When` is type-checked on its own, so one without transitions or without output cannot
  // know the machine's event or output type: it uses `Never` there, and these overloads lift it as
  // the `When`s are combined, one pair at a time.

  public static func buildPartialBlock<S, E, O>(first: When<S, E, O>) -> [When<S, E, O>] {
    [first]
  }

  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated + [next]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, Never, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, E, Never>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: When<S, Never, Never>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, Never, O>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, Never>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, Never, Never>], next: When<S, E, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, Never>], next: When<S, Never, O>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  @_disfavoredOverload
  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, Never, O>], next: When<S, E, Never>
  ) -> [When<S, E, O>] {
    accumulated.map { $0.lifted() } + [next.lifted()]
  }

  // `if`, `else` and `for` hand over arrays of `When`s, which join the block like single ones.

  public static func buildPartialBlock<S, E, O>(first: [When<S, E, O>]) -> [When<S, E, O>] {
    first
  }

  public static func buildPartialBlock<S, E, O>(
    accumulated: [When<S, E, O>], next: [When<S, E, O>]
  ) -> [When<S, E, O>] {
    accumulated + next
  }

  public static func buildArray<S, E, O>(_ parts: [[When<S, E, O>]]) -> [When<S, E, O>] {
    parts.flatMap { $0 }
  }

  public static func buildOptional<S, E, O>(_ part: [When<S, E, O>]?) -> [When<S, E, O>] {
    part ?? []
  }

  public static func buildEither<S, E, O>(first part: [When<S, E, O>]) -> [When<S, E, O>] { part }
  public static func buildEither<S, E, O>(second part: [When<S, E, O>]) -> [When<S, E, O>] { part }
}

/// What a `When`'s `transitions` closure builds. Its `On`s did their work as they were built (see
/// ``On``), so it carries only their types, from which a `When` learns its machine's event type.
public struct Transitions<S: DSLCompatible, E: DSLCompatible>: Sendable {
  @inlinable
  init() {}
}

/// Builds the `transitions` of a `When` from its `On`s, with `if`, `else` and `for` among them.
/// Generic over the machine's state and event types, so that within a machine whose types are
/// known, `On(event: .event1)` and `Transition(to: .state2)` can be written with a leading dot.
@resultBuilder
public enum TransitionsBuilder<S: DSLCompatible, E: DSLCompatible> {
  @inlinable
  public static func buildExpression(_ on: On<S, E>) -> Transitions<S, E> { Transitions() }

  @inlinable
  public static func buildPartialBlock(first: Transitions<S, E>) -> Transitions<S, E> { first }

  @inlinable
  public static func buildPartialBlock(
    accumulated: Transitions<S, E>, next: Transitions<S, E>
  ) -> Transitions<S, E> { accumulated }

  @inlinable
  public static func buildBlock() -> Transitions<S, E> { Transitions() }

  @inlinable
  public static func buildOptional(_ part: Transitions<S, E>?) -> Transitions<S, E> { Transitions() }

  @inlinable
  public static func buildEither(first part: Transitions<S, E>) -> Transitions<S, E> { part }

  @inlinable
  public static func buildEither(second part: Transitions<S, E>) -> Transitions<S, E> { part }

  @inlinable
  public static func buildArray(_ parts: [Transitions<S, E>]) -> Transitions<S, E> { Transitions() }
}
