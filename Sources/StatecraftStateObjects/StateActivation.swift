/// One visit of one state in a machine: from just before its `enter()` to the end of its `exit()`.
///
/// For a state that holds a wrapper (see ``StateWrapperScan``), the machine binds the activation
/// to a task-local around `enter()` and `exit()`. Code they run, and the tasks they start
/// (`Task {}`, task groups, `async let`), inherit it. That is how the property wrappers find their
/// machine: a wrapper anywhere in the state, nested properties included, sees the activation of
/// the code that reads it. A task
/// the state started keeps its activation after the state exits, so its late requests are known to
/// be stale, even if the same state value becomes current again.
///
/// A visit costs one allocation: its work scope is created by the first `@StateLifetime` task, and
/// the state's name only when a diagnostic needs it.
final class StateActivation: Sendable {
  /// What runs the code that is running, if a machine does. One task-local rather than one for
  /// each part: each binding is a push, a pop and a closure per `enter()` or `exit()`.
  @TaskLocal static var running: Running?

  /// The parts of ``running``.
  struct Running: Sendable {
    /// The visit the code belongs to.
    let activation: StateActivation
    /// The request whose `enter()` or `exit()` runs the code, if one does: a transition that the
    /// code asks its machine for directly, rather than through `@StateTransition`, would wait for
    /// it, and is queued instead (see `ContextualStateMachine.isReentrant`). Tasks that `enter()`
    /// starts inherit it; a `@StateLifetime` task, which the state does not wait for, does not.
    var request: UInt64?
    /// Whether the code is the state's `exit()`.
    var isExiting = false
    /// The lifetime task that runs the code, if one does. Once it is cancelled, its requests are
    /// stale.
    var lifetimeTask: EffectHandle?
  }

  /// The activation of the code that is running, if a machine runs it.
  static var current: StateActivation? { running?.activation }

  /// The type of the state visited: not the state, which tasks that outlive the visit must not
  /// keep alive.
  let stateType: Any.Type
  /// The machine's context.
  let context: any StateMachineContext
  /// The machine's core, whose context (diagnostics handler, inspectors) the visit's code reports
  /// through. The core, not the context: an idle machine makes its context only when something
  /// needs it.
  let core: OwnerCore<any StateMachineState, StateRequest>
  /// The machine's owner context: its diagnostics handler and inspectors.
  var owner: OwnerServices { core.services }
  /// The machine, which runs the transitions this visit's code requests while it is current. Weak,
  /// so that tasks the state started do not keep it.
  let hostReference: HostReference
  /// The machine, while it exists.
  var machine: (any StateObjectHost)? { hostReference.host }
  /// Work tied to this visit, cancelled when the state exits: `nil` until its first task.
  // Safe without isolation: only read and written inside the machine core's lock (`core.withLock`),
  // rather than in a lock of its own, which would cost every visit 8 bytes. Debug builds check it.
  private nonisolated(unsafe) var storedWork = Work.none

  private var work: Work {
    get {
      core.assertLockHeld("A visit's work")
      return storedWork
    }
    set {
      core.assertLockHeld("A visit's work")
      storedWork = newValue
    }
  }

  private enum Work {
    case none
    case open(EffectScope)
    case closed
  }

  init(
    state: any StateMachineState,
    context: any StateMachineContext,
    core: OwnerCore<any StateMachineState, StateRequest>,
    host: HostReference
  ) {
    self.stateType = type(of: state)
    self.context = context
    self.core = core
    self.hostReference = host
  }

  /// The state's type name, for diagnostics.
  var stateName: String { "\(stateType)" }

  /// Calls `state.enter()` on the caller's actor, with this activation bound for the wrappers it
  /// reads, on behalf of request `number`. One binding serves both, rather than the engine's
  /// `OwnerCore.onBehalf` around this one: each binding is two async frames and two switches to
  /// the caller's actor. The closure captures `isolation`: a closure literal that does not is
  /// nonisolated, and would hop to the global executor and back.
  func enter(
    _ state: any StateMachineState, number: UInt64, isolation: isolated (any Actor)? = #isolation
  ) async {
    await Self.$running.withValue(Running(activation: self, request: number)) {
      _ = isolation
      await state.enter()
    }
  }

  /// Calls `state.exit()` on the caller's actor, with this activation bound and marked as exiting.
  func exit(
    _ state: any StateMachineState, number: UInt64, isolation: isolated (any Actor)? = #isolation
  ) async {
    await Self.$running.withValue(Running(activation: self, request: number, isExiting: true)) {
      _ = isolation
      await state.exit()
    }
  }

  /// Starts a task tied to this visit. Returns `nil`, starting nothing, once the visit has ended.
  func startTask(
    priority: TaskPriority?, callSite: CallSite,
    _ operation: @escaping @Sendable (EffectHandle) async throws -> Void
  ) -> EffectHandle? {
    let scope = core.withLock { _ -> EffectScope? in
      switch work {
      case .none:
        let scope = EffectScope(context: owner)
        work = .open(scope)
        return scope
      case .open(let scope):
        return scope
      case .closed:
        return nil
      }
    }
    return scope?.start(priority: priority, callSite: callSite, operation: operation)
  }

  /// Ends the visit's work: its tasks are cancelled, and no new one starts.
  func close() {
    let scope = core.withLock { _ -> EffectScope? in
      defer { work = .closed }
      guard case .open(let scope) = work else { return nil }
      return scope
    }
    scope?.close()
  }
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
