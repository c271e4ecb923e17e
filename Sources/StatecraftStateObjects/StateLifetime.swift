/// Ties work to the time a state is current: tasks started through it are cancelled when the state
/// exits, and when its machine stops or is released.
///
/// ```swift
/// struct Context: StateMachineContext {
///   var delay: Duration
///   var clock: any Clock<Duration>
///   static let defaultValue = Context(delay: .seconds(1), clock: ContinuousClock())
/// }
///
/// struct OffState: StateMachineState {
///   @StateTransition private var transition
///   @StateContext(Context.self) private var context
///   @StateLifetime private var lifetime
///
///   func enter() async {
///     lifetime.task {
///       try await context.clock.sleep(for: context.delay)
///       await transition(to: OnState())
///     }
///   }
/// }
///
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
/// This replaces the usual `Task { try? await Task.sleep(…); … }`, which outlives its state.
@propertyWrapper
public struct StateLifetime: Sendable {
  /// Declares the wrapper: `@StateLifetime private var lifetime`. It stores nothing.
  public init() {}

  /// The scope of the state whose code reads it, for as long as that state is current. Read
  /// outside a running machine, it is a scope whose `task` starts nothing and reports an
  /// ``/StatecraftEngine/Diagnostic/Kind/outsideMachine`` diagnostic.
  public var wrappedValue: StateLifetimeScope {
    StateLifetimeScope(activation: StateActivation.current)
  }
}

/// Starts tasks that end when their state exits.
///
/// Read it through `@StateLifetime`. Its tasks are cancelled when the state stops being current,
/// before its `exit()` runs; a task started after that, in `exit()` or later, is not started and is
/// reported as a ``/StatecraftEngine/Diagnostic/Kind/stateNotCurrent`` diagnostic.
///
/// ```swift
/// struct Polling: StateMachineState {
///   @StateLifetime private var lifetime
///
///   func enter() async {
///     let scope: StateLifetimeScope = lifetime
///     scope.task {
///       while true { try await Task.sleep(for: .seconds(5)) }
///     }
///   }
/// }
/// ```
public struct StateLifetimeScope: Sendable {
  let activation: StateActivation?

  /// Starts `operation` in a task that is cancelled when the state exits.
  ///
  /// An error it throws goes to the machine's diagnostics handler; `CancellationError`, and errors
  /// thrown after the state exited, do not.
  public func task(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let activation else {
      DiagnosticHandler.reportOutsideMachine(
        "@StateLifetime", fallback: "the task was not started", callSite: callSite)
      return
    }
    let started = activation.startTask(priority: priority, callSite: callSite) { handle in
      try await StateActivation.$running.withValue(.init(activation: activation, lifetimeTask: handle)) {
        try await operation()
      }
    }
    if started == nil {
      activation.owner.report(
        .stateNotCurrent,
        """
        \(activation.stateName) started a @StateLifetime task after its lifetime ended (in \
        exit(), or later); the task was not started.
        """,
        callSite: callSite)
    }
  }
}
