/// When the runtime cancels a side effect it started for an output.
///
/// ```swift
/// enum Door: DSLCompatible { case opened, closing, closed }
/// enum DoorEvent: DSLCompatible { case doorHasLocked }
/// enum DoorOutput: DSLCompatible { case close(speed: Int) }
///
/// func close(speed: Int) async -> DoorEvent? {
///   try? await Task.sleep(for: .seconds(speed))
///   return .doorHasLocked
/// }
/// ```
///
/// ```swift
/// let runtime = Runtime<Door, DoorEvent, DoorOutput>()
///   .map(output: DoorOutput.close(speed:), to: close(speed:), strategy: .cancelWhenAnyState)
/// print(runtime)
/// ```
///
/// Cancelling a side effect ends only that side effect: the machine goes on, and no event is lost.
/// A cancelled side effect delivers nothing.
public struct ExecutionStrategy<S: DSLCompatible>: Sendable {
  /// Whether entering a state cancels the side effect.
  @usableFromInline let cancelsOnEntering: @Sendable (S) -> Bool
  /// Whether any state can cancel it; the runtime tracks only those that can.
  @usableFromInline var canCancel = true

  /// The side effect runs to its end, whatever states follow. The default.
  public static var continueWhenAnyState: Self { Self(cancelsOnEntering: { _ in false }, canCancel: false) }

  /// The side effect is cancelled as soon as the machine enters another state.
  public static var cancelWhenAnyState: Self { Self(cancelsOnEntering: { _ in true }) }

  /// The side effect is cancelled when the machine enters a state equal to `state`.
  public static func cancel(when state: S) -> Self {
    Self(cancelsOnEntering: DSLPattern.value(state).matches)
  }

  /// The side effect is cancelled when the machine enters a state of the case `state` builds.
  @preconcurrency public static func cancel<Payload>(when state: @escaping @Sendable (Payload) -> S) -> Self {
    Self(cancelsOnEntering: DSLPattern.case(state).matches)
  }

  /// The side effect is cancelled when the machine enters any state of `states`.
  public static func cancel(when states: OneOf<S>) -> Self {
    Self(cancelsOnEntering: DSLPattern.oneOf(states).matches)
  }
}
