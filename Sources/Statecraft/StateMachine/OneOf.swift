/// A set of states or events that one `When` or `On` handles alike:
///
/// ```swift
/// When(states: OneOf {
///   State.closing(persons:)
///   State.closed
/// }) { _ in
///   Execute.noOutput
/// } transitions: { _ in
///   On(event: Event.openButtonWasPressed) { _ in Transition(to: State.opening) }
/// }
/// ```
///
/// List values, matched with `==`, or case constructors, matched by case.
public struct OneOf<Value: DSLCompatible>: Sendable {
  @usableFromInline let patterns: [@Sendable (Value) -> Bool]

  /// Creates a set from a list of values and case constructors.
  @preconcurrency public init(@OneOfBuilder<Value> _ content: () -> [@Sendable (Value) -> Bool]) {
    patterns = content()
  }
}

/// Builds the patterns of a ``OneOf``.
@resultBuilder
public enum OneOfBuilder<Value: DSLCompatible> {
  @preconcurrency public static func buildExpression(_ value: Value) -> [@Sendable (Value) -> Bool] {
    [DSLPattern.value(value).matches]
  }

  @preconcurrency public static func buildExpression<Payload>(
    _ constructor: @escaping @Sendable (Payload) -> Value
  ) -> [@Sendable (Value) -> Bool] {
    [DSLPattern.case(constructor).matches]
  }

  @preconcurrency public static func buildBlock(_ parts: [@Sendable (Value) -> Bool]...) -> [@Sendable (Value) -> Bool] {
    parts.flatMap { $0 }
  }
}
