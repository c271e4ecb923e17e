/// A set of states or events that one `When` or `On` handles alike:
///
/// ```swift
/// enum Door: DSLCompatible { case opened, opening, closing(persons: Int), closed }
/// enum DoorEvent: DSLCompatible { case openButtonWasPressed }
/// ```
///
/// ```swift
/// let door: StateMachine<Door, DoorEvent, Never> = StateMachine(initial: .closed) {
///   When(states: OneOf {
///     Door.closing(persons:)
///     Door.closed
///   }) { _ in
///     Execute.noOutput
///   } transitions: { _ in
///     On(event: DoorEvent.openButtonWasPressed) { _ in Transition(to: Door.opening) }
///   }
/// }
/// #expect(door.transition(from: .closing(persons: 2), on: .openButtonWasPressed) == .opening)
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

/// Builds the patterns of a ``OneOf``: one per statement, a value or a case constructor.
///
/// ```swift
/// enum Tap: DSLCompatible { case off, dripping(rate: Int), running }
/// enum TapEvent: DSLCompatible { case turnOff }
/// ```
///
/// ```swift
/// let tap: StateMachine<Tap, TapEvent, Never> = StateMachine(initial: .off) {
///   When(states: OneOf {
///     Tap.dripping(rate:)   // a case: any rate
///     Tap.running           // a value, compared with ==
///   }) { _ in Execute.noOutput } transitions: { _ in
///     On(event: TapEvent.turnOff) { _ in Transition(to: Tap.off) }
///   }
/// }
/// #expect(tap.transition(from: .dripping(rate: 3), on: .turnOff) == .off)
/// ```
@resultBuilder
public enum OneOfBuilder<Value: DSLCompatible> {
  /// A value, which matches the values equal to it.
  @preconcurrency public static func buildExpression(_ value: Value) -> [@Sendable (Value) -> Bool] {
    [DSLPattern.value(value).matches]
  }

  /// A case constructor, such as `State.closing(persons:)`, which matches every value of its case.
  @preconcurrency public static func buildExpression<Payload>(
    _ constructor: @escaping @Sendable (Payload) -> Value
  ) -> [@Sendable (Value) -> Bool] {
    [DSLPattern.case(constructor).matches]
  }

  /// Joins the patterns of a `OneOf` block into one list, in order.
  @preconcurrency public static func buildBlock(_ parts: [@Sendable (Value) -> Bool]...) -> [@Sendable (Value) -> Bool]
  {
    parts.flatMap { $0 }
  }
}
