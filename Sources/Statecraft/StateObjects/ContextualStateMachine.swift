import DequeModule
public import Observation

/// Runs states that are values with `enter()` and `exit()`, handing them a context and a way to
/// transition (seed 000).
///
/// ```swift
/// let machine = ContextualStateMachine(initialState: OffState())
///   .context(Context(delay: .seconds(1), clock: ContinuousClock()))
/// await machine.start()
/// ```
///
/// - Transitions run one at a time, in the order they were requested (FIFO). A transition that a
///   state requests inside `enter()` or `exit()` runs after that call returns: for A's `enter()`
///   asking for B, the order is A enter begins, A enter ends, A exit, B enter.
/// - A state's request runs only if the state is still current when the request's turn comes.
///   Requests from a state that has moved on, such as one from a task it started, are ignored and
///   reported. The exception is a request made inside `exit()`: it runs after the transition in
///   progress, from the state being entered.
/// - `currentState` is observable, and ``states()`` streams every state to any number of observers.
/// - Releasing the machine cancels the current state's ``StateLifetime`` tasks. It does not call
///   `exit()`: call ``stop()`` for that.
@MainActor
public final class ContextualStateMachine<Context: StateMachineContext>: Observable {
  /// The context every state reads with `@StateContext`.
  public nonisolated let context: Context

  private let initialState: any StateMachineState
  private var phase = Phase.idle
  private var current: any StateMachineState
  private var activation: StateActivation?
  private var requests = Deque<Request>()
  private var isProcessing = false
  let broadcast: StateBroadcast<any StateMachineState>
  /// The current state's work, reachable from `deinit`.
  private let currentWork = CriticalState<EffectScope?>(nil)
  private let diagnostics: DiagnosticHandler
  private let name: String
  private let registrar = ObservationRegistrar()

  private enum Phase {
    case idle, running, stopped
  }

  private struct Request {
    enum Kind {
      case start
      case transition(to: any StateMachineState)
      case stop
    }

    var kind: Kind
    /// The stay of the state that asked, or `nil` for a call from outside the machine.
    var origin: StateActivation?
    var completion: CheckedContinuation<Void, Never>?
  }

  /// The state the machine is in. Before ``start()`` it is the initial state, not yet entered.
  /// Reading it inside SwiftUI or `withObservationTracking` observes it.
  public var currentState: any StateMachineState {
    registrar.access(self, keyPath: \.currentState)
    return current
  }

  /// Creates a machine with a context. Call ``start()`` to enter the initial state.
  public nonisolated init(initialState: some StateMachineState, context: Context) {
    self.initialState = initialState
    self.current = initialState
    self.context = context
    self.broadcast = StateBroadcast(initialState)
    self.diagnostics = DiagnosticHandler.current
    self.name = "ContextualStateMachine<\(Context.self)>"
  }

  deinit {
    currentWork.withLock { $0 }?.cancelAll()
    broadcast.finish()
  }

  /// Streams the machine's states: first the current one, then every state it enters, in order.
  /// Each call returns a new stream; the stream ends when the machine is released.
  public nonisolated func states() -> AsyncStream<any StateMachineState> {
    broadcast.observe()
  }

  /// Enters the initial state and returns when its `enter()` has returned.
  ///
  /// Calling it again is a no-op that reports a ``Diagnostic/Kind/startedTwice`` diagnostic.
  public func start() async {
    guard phase == .idle else {
      report(.startedTwice, "start() was called on a machine that had already started; ignored.")
      return
    }
    phase = .running
    await submit(.start)
  }

  /// Exits the current state and enters `newState`, after the transitions queued before it. Returns
  /// when `newState`'s `enter()` has returned.
  public func transition(to newState: some StateMachineState) async {
    guard phase == .running else {
      report(
        .machineNotRunning,
        "transition(to: \(type(of: newState))) was called on a machine that is not running; ignored.")
      return
    }
    await submit(.transition(to: newState))
  }

  /// Exits the current state, after the transitions queued before it, and stops the machine. Its
  /// state lifetime tasks are cancelled. A stopped machine ignores further requests.
  public func stop() async {
    guard phase == .running else {
      report(.machineNotRunning, "stop() was called on a machine that is not running; ignored.")
      return
    }
    phase = .stopped
    await submit(.stop)
  }

  /// Queues a transition that a state requested. It runs after the running step returns.
  private func request(
    _ newState: any StateMachineState, from origin: StateActivation, duringExit: Bool
  ) {
    guard phase == .running, origin === activation else {
      reportStale(origin, asking: newState)
      return
    }
    // A request from inside exit() belongs to the transition in progress, not to the state that
    // is leaving: it runs after that transition, whichever state is current then.
    requests.append(Request(kind: .transition(to: newState), origin: duringExit ? nil : origin))
    processRequestsIfIdle()
  }

  private func submit(_ kind: Request.Kind) async {
    await withCheckedContinuation { continuation in
      requests.append(Request(kind: kind, completion: continuation))
      processRequestsIfIdle()
    }
  }

  /// Runs the queue in a task of its own, so that no caller's cancellation or task-locals reach the
  /// states. The task holds the machine only for the synchronous steps: while a state's `enter()`
  /// or `exit()` is suspended, releasing the machine still releases it.
  private func processRequestsIfIdle() {
    guard !isProcessing else { return }
    isProcessing = true
    StateActivation.$current.withValue(nil) {
      Task { [weak self] in
        while let request = self?.requests.popFirst() {
          for step in self?.steps(for: request) ?? [] { await step() }
          request.completion?.resume()
        }
        self?.isProcessing = false
      }
    }
  }

  /// The `enter()` and `exit()` calls that a request makes, with the machine's bookkeeping done
  /// between them. The steps capture states and activations, never the machine.
  private func steps(for request: Request) -> [@MainActor () async -> Void] {
    switch request.kind {
    case .start:
      return [enter(initialState, announce: false)]
    case .transition(let newState):
      if let origin = request.origin, origin !== activation {
        reportStale(origin, asking: newState)
        return []
      }
      return [
        exitCurrentState(),
        { [weak self] in
          // Two statements, so that the machine is not held while the new state's enter() runs.
          let enterNewState = self?.enter(newState, announce: true)
          await enterNewState?()
        },
      ]
    case .stop:
      return [
        exitCurrentState(),
        { [weak self] in self?.activation = nil },
      ]
    }
  }

  /// Makes `state` current and returns the call of its `enter()`. The initial state is current from
  /// the start, so entering it is not announced as a change.
  private func enter(_ state: any StateMachineState, announce: Bool) -> @Sendable () async -> Void {
    let activation = StateActivation(
      state: state, context: context, machineName: name, diagnostics: diagnostics
    ) { [weak self] newState, origin, duringExit in
      self?.request(newState, from: origin, duringExit: duringExit)
    }
    self.activation = activation
    currentWork.withLock { $0 = activation.work }
    if announce {
      registrar.withMutation(of: self, keyPath: \.currentState) { current = state }
      broadcast.send(state)
    }
    return { await StateActivation.$current.withValue(activation) { await state.enter() } }
  }

  /// Cancels the current state's lifetime tasks and returns the call of its `exit()`.
  private func exitCurrentState() -> @Sendable () async -> Void {
    guard let activation else { return {} }
    activation.work.cancelAll()
    let state = current
    return {
      await StateActivation.$current.withValue(activation) {
        await StateActivation.$isExiting.withValue(true) { await state.exit() }
      }
    }
  }

  private func reportStale(_ origin: StateActivation, asking newState: any StateMachineState) {
    report(
      .staleTransition,
      """
      \(origin.stateName) asked for a transition to \(type(of: newState)) after it stopped being \
      the current state (now \(type(of: current))); ignored. Start such work with @StateLifetime \
      so that it ends when the state exits.
      """)
  }

  private func report(_ kind: Diagnostic.Kind, _ message: String) {
    diagnostics.report(Diagnostic(kind: kind, message: message, source: name))
  }
}

extension ContextualStateMachine where Context == EmptyStateMachineContext {
  /// Creates a machine with an empty context. Give it one with ``context(_:)``.
  public nonisolated convenience init(initialState: some StateMachineState) {
    self.init(initialState: initialState, context: EmptyStateMachineContext())
  }

  /// Returns a machine with the same initial state and the given context:
  ///
  /// ```swift
  /// let machine = ContextualStateMachine(initialState: OffState()).context(Context(delay: 1))
  /// ```
  public nonisolated func context<C: StateMachineContext>(_ context: C) -> ContextualStateMachine<C> {
    ContextualStateMachine<C>(initialState: initialState, context: context)
  }
}
