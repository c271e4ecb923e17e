/// Runs a state-object machine's requests for the engine, in the machine's own task, on the main
/// actor: the requests queued behind a running one, and those that states make. (A request that
/// finds the machine idle runs in the caller's task, in the machine's `start`, `transition` or
/// `stop`.) It holds the machine weakly, and strongly only for the bookkeeping between the states'
/// calls: while a state's `enter()` or `exit()` is suspended there, releasing the machine still
/// releases it.
struct StateObjectsProcessor: MessageProcessor {
  private weak var machine: (any StateObjectHost)?

  init(_ machine: any StateObjectHost) {
    self.machine = machine
  }

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
  /// them. Only these calls await, and the machine is not held while they do: each use of
  /// `machine` below holds it for one synchronous call.
  @MainActor
  private func run(
    _ request: StateRequest, number: UInt64, state: any StateMachineState, callSite: CallSite?
  ) async {
    machine?.willProcess()
    defer { machine?.didProcess() }
    switch request.kind {
    case .start:
      guard let visit = machine?.activateInitialState(state) else { return }
      await visit.enter(state, number: number)
    case .transition(let newState):
      guard machine?.admits(request, asking: newState, callSite: callSite) == true else { return }
      if let visit = machine?.deactivate() { await visit.exit(state, number: number) }
      guard let visit = machine?.activate(newState) else { return }
      await visit.enter(newState, number: number)
    case .stop:
      if let visit = machine?.deactivate() { await visit.exit(state, number: number) }
      machine?.stopped()
    }
  }
}
