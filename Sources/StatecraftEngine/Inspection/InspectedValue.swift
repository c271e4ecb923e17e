// Unchecked, and safe: the engine makes an `InspectedValue` from a copy of a value that its owner
// has finished with (a message it processed, a state before or after a step) and never changes it.
// Front-ends whose values must be `Sendable` (machines, state objects, charts) make this trivially
// safe. A `Store`'s state need not be `Sendable`; its value-type copy is still safe to read from
// any thread. Only a state that holds a non-Sendable *reference* shares that object with the
// record, and inspectors only read values, to describe or encode them.
/// A value an owner handled (an action, an event, a state), as an inspector sees it.
///
/// ```swift
/// let recorder = InspectionRecorder()
/// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///   count += step
///   return .none
/// }
/// store.attach(recorder)
/// store.send(5)
/// if let after = recorder.states.last?.value(as: Int.self) {
///   print(after)   // 5
/// }
/// ```
public struct InspectedValue: @unchecked Sendable, CustomStringConvertible {
  /// The value itself.
  public let value: Any

  @inlinable
  package init(_ value: Any) {
    self.value = value
  }

  /// The value as `type`, or `nil` if it is of another type.
  public func value<Value>(as type: Value.Type) -> Value? {
    value as? Value
  }

  /// The value as `String(describing:)` writes it.
  public var description: String { String(describing: value) }

  /// A state its owner did not keep, because its only inspector needed no state at that step
  /// (see ``StateSampling``).
  @usableFromInline
  package static let notKept = InspectedValue(NotKept(clockTime: nil))

  /// A state its owner did not keep, whose clock read `clockTime` (see ``ClockedState``).
  @inlinable
  package static func notKept(clockTime: Duration?) -> InspectedValue {
    clockTime.map { InspectedValue(NotKept(clockTime: $0)) } ?? notKept
  }

  /// The clock's time of a ``ClockedState``, kept or not; `nil` for another value.
  package var clockTime: Duration? {
    (value as? any ClockedState)?.clockTime ?? (value as? NotKept)?.clockTime
  }

  /// Whether it holds a value, not ``notKept``.
  @inlinable
  package var isKept: Bool { ObjectIdentifier(type(of: value)) != ObjectIdentifier(NotKept.self) }

  @usableFromInline
  struct NotKept: Sendable, CustomStringConvertible {
    /// The clock's time of a ``ClockedState`` that was not kept.
    @usableFromInline let clockTime: Duration?

    @usableFromInline init(clockTime: Duration?) {
      self.clockTime = clockTime
    }

    @usableFromInline var description: String { "(not kept)" }
  }
}
