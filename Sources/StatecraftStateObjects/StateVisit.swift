/// One visit of a state, from just before its `enter()` to the end of its `exit()`: bound to a
/// ``StateActivation`` its wrappers read, or plain, for a state that holds no wrapper (see
/// ``StateWrapperScan``), which needs no activation object, task-local or weak reference.
enum StateVisit {
  /// A state that holds no wrapper: its `enter()` and `exit()` are called directly.
  case plain
  /// A state with wrappers: its `enter()` and `exit()` run with `activation` bound.
  case bound(StateActivation)

  /// The visit of `state` in the machine behind `core`.
  ///
  /// `host` is asked for only for a state with wrappers.
  @MainActor
  init(
    of state: any StateMachineState, context: any StateMachineContext,
    core: OwnerCore<any StateMachineState, StateRequest>,
    host: @autoclosure () -> HostReference
  ) {
    if StateWrapperScan.mayHoldWrappers(state) {
      self = .bound(StateActivation(state: state, context: context, core: core, host: host()))
    } else {
      self = .plain
    }
  }

  /// The visit's activation, if its state has wrappers.
  var activation: StateActivation? {
    if case .bound(let activation) = self { return activation }
    return nil
  }

  /// Calls `state.enter()` on the caller's actor, for request `number`.
  @inline(__always)
  nonisolated(nonsending) func enter(_ state: any StateMachineState, number: UInt64) async {
    switch self {
    case .plain: await state.enter()
    case .bound(let activation): await activation.enter(state, number: number)
    }
  }

  /// Calls `state.exit()` on the caller's actor, for request `number`.
  @inline(__always)
  nonisolated(nonsending) func exit(_ state: any StateMachineState, number: UInt64) async {
    switch self {
    case .plain: await state.exit()
    case .bound(let activation): await activation.exit(state, number: number)
    }
  }

  /// Ends the visit's work: its lifetime tasks are cancelled, and no new one starts.
  func close() {
    activation?.close()
  }
}
