/// Runs a state-object machine's requests for the engine, on the main actor: in the task of the
/// caller that found the machine idle, or in the machine's own task. In the caller's task it holds
/// the machine, as the caller's call on it does anyway. In the machine's own task it holds it
/// weakly, and strongly only for the bookkeeping between the calls: while a state's `enter()` or
/// `exit()` is suspended there, releasing the machine still releases it.
struct StateObjectsProcessor: MessageProcessor {
  /// The machine, for a request run in the caller's task.
  private let held: (any StateMachineHost)?
  /// The machine, for the machine's own task. Formed only when that task starts.
  private weak var unheld: (any StateMachineHost)?

  init(holding machine: any StateMachineHost) {
    held = machine
  }

  private init(weakly machine: (any StateMachineHost)?) {
    held = nil
    unheld = machine
  }

  private var machine: (any StateMachineHost)? { held ?? unheld }

  var forOwnTask: StateObjectsProcessor { StateObjectsProcessor(weakly: machine) }

  var ownIsolation: (any Actor)? { MainActor.shared }

  func process(
    _ request: StateRequest, number: UInt64, state: any StateMachineState, callSite: CallSite?,
    origin: EffectHandle?, core: OwnerCore<any StateMachineState, StateRequest>,
    isolation: isolated (any Actor)?
  ) async -> OwnerCore<any StateMachineState, StateRequest>.Finished {
    await run(request, number: number, state: state, callSite: callSite)
    return core.finish()
  }

  /// The `exit()` and `enter()` calls a request makes, with the machine's bookkeeping between
  /// them. Only these calls await; in the machine's own task, the machine is not held while they
  /// do: each use of `machine` below holds it for one synchronous call.
  ///
  /// Inlined into the machine's own send, where the caller's call runs it with no hop.
  @MainActor @inline(__always)
  func run(
    _ request: StateRequest, number: UInt64, state: any StateMachineState, callSite: CallSite?
  ) async {
    machine?.willProcess()
    defer { machine?.didProcess() }
    switch request.kind {
    case .start:
      guard let stay = machine?.activateInitialState(state) else { return }
      await stay.enter(state, number: number)
    case .transition(let newState):
      guard machine?.admits(request, asking: newState, callSite: callSite) == true else { return }
      if let stay = machine?.deactivate() { await stay.exit(state, number: number) }
      guard let stay = machine?.activate(newState) else { return }
      await stay.enter(newState, number: number)
    case .stop:
      if let stay = machine?.deactivate() { await stay.exit(state, number: number) }
      machine?.stopped()
    }
  }
}
