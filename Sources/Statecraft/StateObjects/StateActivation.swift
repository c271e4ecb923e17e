/// One stay of one state in a machine: from just before its `enter()` to the end of its `exit()`.
///
/// The machine binds the activation to a task-local around `enter()` and `exit()`. Code they run,
/// and the tasks they start (`Task {}`, task groups, `async let`), inherit it. That is how the
/// property wrappers find their machine, with no reflection over the state: a wrapper anywhere in
/// the state, nested properties included, sees the activation of the code that reads it. A task
/// the state started keeps its activation after the state exits, so its late requests are known to
/// be stale, even if the same state value becomes current again.
final class StateActivation: Sendable {
  /// The activation of the code that is running, if a machine runs it.
  @TaskLocal static var current: StateActivation?
  /// Whether the running code is the state's `exit()`.
  @TaskLocal static var isExiting = false
  /// The lifetime task that runs the code, if one does. Once it is cancelled, its requests are stale.
  @TaskLocal static var lifetimeTask: EffectHandle?

  /// The machine's context.
  let context: any StateMachineContext
  /// Work tied to this stay: cancelled when the state exits. It reports to the machine's owner
  /// context, like every other effect of the machine.
  let work: EffectScope
  /// The state's type name, for diagnostics.
  let stateName: String
  /// Hands a transition request to the machine, if it still exists. The flag says whether it was
  /// made inside `exit()`.
  let requestTransition:
    @MainActor @Sendable (any StateMachineState, StateActivation, Bool, CallSite) -> Void

  init(
    state: any StateMachineState,
    context: any StateMachineContext,
    owner: OwnerContext,
    requestTransition: @escaping @MainActor @Sendable (any StateMachineState, StateActivation, Bool, CallSite) -> Void
  ) {
    self.stateName = "\(type(of: state))"
    self.context = context
    self.work = EffectScope(context: owner)
    self.requestTransition = requestTransition
  }

  /// The machine's owner context: its diagnostics handler and inspectors.
  var owner: OwnerContext { work.context }
}

extension DiagnosticHandler {
  /// Reports that a state wrapper was used where no machine runs the code. No machine means no
  /// owner context: it goes to the handler of the scope that runs the code.
  static func reportOutsideMachine(_ wrapper: String, fallback: String, callSite: CallSite? = nil) {
    current.report(
      Diagnostic(
        kind: .outsideMachine,
        message: """
          \(wrapper) was used outside a running ContextualStateMachine: \(fallback). Use it in \
          enter(), exit(), or a task they start (Task {}, not Task.detached {}), or read it there \
          and keep the value.
          """,
        source: wrapper, callSite: callSite))
  }
}
