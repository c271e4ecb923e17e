/// Values shared by every state of a ``ContextualStateMachine``, read with ``StateContext``.
///
/// ```swift
/// struct Context: StateMachineContext {
///   var delay: Duration
///   var clock: any Clock<Duration>
///   static let defaultValue = Context(delay: .seconds(1), clock: ContinuousClock())
/// }
/// ```
public protocol StateMachineContext: Sendable {
  /// The value `@StateContext` returns outside a running machine, like SwiftUI's
  /// `EnvironmentKey.defaultValue`.
  static var defaultValue: Self { get }
}

/// The context of a machine created without one. It holds nothing.
///
/// ```swift
/// struct Idle: StateMachineState {}
/// ```
///
/// ```swift
/// let machine: ContextualStateMachine<EmptyStateMachineContext> =
///   ContextualStateMachine(initialState: Idle())
/// await machine.start()
/// ```
public struct EmptyStateMachineContext: StateMachineContext {
  /// Creates the empty context.
  public init() {}
  /// The empty context: there is no other.
  public static let defaultValue = EmptyStateMachineContext()
}
