/// Gives a state the way to ask its machine for a transition.
///
/// ```swift
/// struct Idle: StateMachineState {}
///
/// struct Starting: StateMachineState {
///   @StateTransition private var transition
///
///   func enter() async {
///     await transition(to: Idle())   // runs once this enter() has returned
///   }
/// }
/// ```
///
/// The request is queued: it runs after the current `enter()` or `exit()` returns, never nested
/// inside it. A state that is no longer current cannot transition: its request is ignored and
/// reported as a ``/StatecraftEngine/Diagnostic/Kind/staleTransition`` diagnostic.
@propertyWrapper
public struct StateTransition: Sendable {
  /// Declares the wrapper: `@StateTransition private var transition`. It stores nothing.
  public init() {}

  /// The handler of the running activation. Read it inside `enter()` or `exit()`, or in a task they
  /// start; keep the value to use it from elsewhere.
  public var wrappedValue: StateTransitionHandler {
    StateTransitionHandler(activation: StateActivation.current)
  }
}

/// Requests transitions for the state it belongs to, while that state is current. Call it as a
/// function: `await transition(to: NextState())`.
///
/// It is a value: keep it to ask for a transition from code that cannot read the wrapper, such as
/// a detached task, a callback, or another object. Its requests visit tied to the state's time as
/// the current state when it was read: one made after that state exited is ignored and reported,
/// even if the same state value has become current again.
///
/// ```swift
/// struct Blinking: StateMachineState {
///   @StateTransition private var transition
///
///   func enter() async {
///     let handler: StateTransitionHandler = transition
///     Task.detached { await handler(to: Steady()) }
///   }
/// }
///
/// struct Steady: StateMachineState {}
/// ```
public struct StateTransitionHandler: Sendable {
  let activation: StateActivation?

  /// Queues a transition to `newState` and returns without waiting for it to run.
  ///
  /// ```swift
  /// struct Flash: StateMachineState {
  ///   @StateTransition private var transition
  ///   func enter() async { await transition(to: Steady()) }
  /// }
  /// ```
  ///
  /// A request from a state that is no longer current is ignored and reported at this line.
  public func callAsFunction(
    to newState: some StateMachineState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let activation else {
      DiagnosticHandler.reportOutsideMachine(
        "@StateTransition", fallback: "the transition to \(type(of: newState)) was ignored",
        callSite: callSite)
      return
    }
    let running = StateActivation.running
    if let lifetimeTask = running?.lifetimeTask, lifetimeTask.isCancelled {
      // The state has exited and cancelled this task, which did not stop.
      activation.owner.report(
        .staleTransition,
        """
        A cancelled @StateLifetime task of \(activation.stateName) asked for a transition to \
        \(type(of: newState)); ignored. Check for cancellation, or let it throw, before \
        transitioning.
        """,
        callSite: callSite)
      return
    }
    let duringExit = running?.isExiting ?? false
    await activation.machine?.request(newState, from: activation, duringExit: duringExit, callSite: callSite)
  }
}
