/// A state-object machine, as its states' activations and its processor see it: not generic, so
/// that neither needs the machine's context type, and the engine's send path is specialised for
/// the processor once, in this module. ``ContextualStateMachine`` is the one conformer.
///
/// Everything runs on the main actor, where the machine lives.
@MainActor
protocol StateObjectHost: AnyObject, Sendable {
  /// Queues a transition that `origin`'s code requested; `duringExit` says it was made inside
  /// `exit()`.
  func request(
    _ newState: any StateMachineState, from origin: StateActivation, duringExit: Bool, callSite: CallSite
  )

  /// Notes that the running task processes a request from now on, until ``didProcess()``.
  func willProcess()

  /// Notes that the request has been processed.
  func didProcess()

  /// Starts the visit of the initial state, `state`, which is current already, and returns it.
  func activateInitialState(_ state: any StateMachineState) -> StateVisit

  /// Whether a transition request may run. One from a state that has moved on is reported, and
  /// does not.
  func admits(_ request: StateRequest, asking newState: any StateMachineState, callSite: CallSite?) -> Bool

  /// Ends the current visit's work, and returns it, to call its state's `exit()` on.
  func deactivate() -> StateVisit?

  /// Makes `state` current, announces it, and returns its visit, to call `enter()` on.
  func activate(_ state: any StateMachineState) -> StateVisit

  /// Forgets the current visit: the machine has stopped.
  func stopped()
}
