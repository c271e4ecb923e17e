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

/// The context of a machine created without one.
public struct EmptyStateMachineContext: StateMachineContext {
  public init() {}
  public static let defaultValue = EmptyStateMachineContext()
}
