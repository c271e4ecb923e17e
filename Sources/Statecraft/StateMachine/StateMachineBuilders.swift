/// Builds the `When`s of a ``StateMachine``. Its generic `buildExpression` lets each `When` infer the
/// machine's event and output types.
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
@resultBuilder
public enum TransitionsBuilder {
  @inlinable
  public static func buildPartialBlock<S, E>(first: On<S, E>) -> Transitions<S, E> { Transitions() }

  @inlinable
  public static func buildPartialBlock<S, E>(
    accumulated: Transitions<S, E>, next: On<S, E>
  ) -> Transitions<S, E> { accumulated }

  @inlinable
  public static func buildPartialBlock<S, E>(first: Transitions<S, E>) -> Transitions<S, E> { first }

  @inlinable
  public static func buildPartialBlock<S, E>(
    accumulated: Transitions<S, E>, next: Transitions<S, E>
  ) -> Transitions<S, E> { accumulated }

  @inlinable
  public static func buildBlock<S, E>() -> Transitions<S, E> { Transitions() }

  @inlinable
  public static func buildOptional<S, E>(_ part: Transitions<S, E>?) -> Transitions<S, E> { Transitions() }

  @inlinable
  public static func buildEither<S, E>(first part: Transitions<S, E>) -> Transitions<S, E> { part }

  @inlinable
  public static func buildEither<S, E>(second part: Transitions<S, E>) -> Transitions<S, E> { part }

  @inlinable
  public static func buildArray<S, E>(_ parts: [Transitions<S, E>]) -> Transitions<S, E> { Transitions() }
}
