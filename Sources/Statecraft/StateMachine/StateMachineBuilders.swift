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

  public static func buildOptional<S, E, O>(_ part: [When<S, E, O>]?) -> [When<S, E, O>] {
    part ?? []
  }

  public static func buildEither<S, E, O>(first part: [When<S, E, O>]) -> [When<S, E, O>] { part }
  public static func buildEither<S, E, O>(second part: [When<S, E, O>]) -> [When<S, E, O>] { part }
}

/// Builds the `On`s of a `When`. It runs for every event the machine handles, so it appends into
/// one array instead of building one per `On`.
@resultBuilder
public enum TransitionsBuilder {
  public static func buildPartialBlock<S, E>(first: On<S, E>) -> [On<S, E>] {
    var ons: [On<S, E>] = []
    ons.reserveCapacity(8)
    ons.append(first)
    return ons
  }

  public static func buildPartialBlock<S, E>(
    accumulated: consuming [On<S, E>], next: On<S, E>
  ) -> [On<S, E>] {
    var ons = accumulated  // consumed, so appending does not copy
    ons.append(next)
    return ons
  }

  public static func buildPartialBlock<S, E>(first: [On<S, E>]) -> [On<S, E>] { first }

  public static func buildPartialBlock<S, E>(accumulated: [On<S, E>], next: [On<S, E>]) -> [On<S, E>] {
    accumulated + next
  }

  public static func buildBlock<S, E>() -> [On<S, E>] { [] }

  public static func buildOptional<S, E>(_ part: [On<S, E>]?) -> [On<S, E>] {
    part ?? []
  }

  public static func buildEither<S, E>(first part: [On<S, E>]) -> [On<S, E>] { part }
  public static func buildEither<S, E>(second part: [On<S, E>]) -> [On<S, E>] { part }
  public static func buildArray<S, E>(_ parts: [[On<S, E>]]) -> [On<S, E>] {
    parts.flatMap { $0 }
  }
}
