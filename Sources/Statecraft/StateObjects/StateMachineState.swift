/// A state of a ``ContextualStateMachine``: a value that knows when it becomes current and when it
/// stops being current.
///
/// ```swift
/// struct OnState: StateMachineState {
///   @StateTransition private var transition
///   @StateContext(Context.self) private var context
///   @StateLifetime private var lifetime
///
///   func enter() async {
///     lifetime.task {
///       try await context.clock.sleep(for: context.delay)
///       await transition(to: OffState())
///     }
///   }
/// }
/// ```
///
/// `enter()` and `exit()` are not isolated to any actor; the machine calls them one at a time and
/// never while another transition runs.
public protocol StateMachineState: Sendable {
  /// Called when the state becomes current, after the previous state's `exit()` returned.
  func enter() async
  /// Called when the state stops being current, before the next state's `enter()`.
  func exit() async
}

extension StateMachineState {
  public func enter() async {}
  public func exit() async {}
}
