public import Observation

/// Runs states that are values with `enter()` and `exit()`, handing them a context and a way to
/// transition.
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
/// ```swift
/// let machine = ContextualStateMachine(initialState: OffState())
///   .context(Context(delay: .seconds(1), clock: ContinuousClock()))
/// await machine.start()                    // enters OffState, which turns on after a second
/// await machine.transition(to: OnState())  // or now
/// await machine.stop()                     // exits OnState and cancels its lifetime tasks
/// ```
///
/// - Transitions run one at a time, in the order they were requested (FIFO). A transition that a
///   state requests inside `enter()` or `exit()` runs after that call returns: for A's `enter()`
///   asking for B, the order is A enter begins, A enter ends, A exit, B enter.
/// - A state's request runs only if the state is still current when the request's turn comes.
///   Requests from a state that has moved on, such as one from a task it started, are ignored and
///   reported. The exception is a request made inside `exit()`: it runs after the transition in
///   progress, from the state being entered.
/// - A transition requested while the machine is idle runs in the caller's task, on the main
///   actor, like a store's `send`: with states whose `enter()` and `exit()` are main-actor or
///   `nonisolated(nonsending)`, it never leaves the main actor (see ``StateMachineState``). The
///   caller's task-locals and cancellation reach the states' code, as with any call. Requests
///   queued behind a running transition, and those that states make, run in a task of the
///   machine's own.
/// - A state's `enter()` or `exit()` that calls its own machine's ``transition(to:fileID:filePath:line:column:)`` would wait
///   for itself: the transition is queued, the call returns at once, and a
///   ``/StatecraftEngine/Diagnostic/Kind/reentrantSend`` diagnostic says to use `@StateTransition` instead.
/// - `currentState` is observable, and ``states()`` streams every state to any number of observers.
/// - Releasing the machine cancels the current state's ``StateLifetime`` tasks. It does not call
///   `exit()`: call ``stop(fileID:filePath:line:column:)`` for that.
///
/// It runs on the engine's `OwnerCore`: ``attach(_:)`` an inspector to see every request and
/// state change.
@MainActor
public final class ContextualStateMachine<Context: StateMachineContext>: Observable, StateObjectHost {
  /// The context every state reads with `@StateContext`.
  public nonisolated let context: Context

  let core: OwnerCore<any StateMachineState, StateRequest>

  /// The machine's owner context: for the engine's tests.
  package var services: OwnerServices { core.services }
  /// The broadcast of the machine's states, for its `StateStreaming` conformance.
  package nonisolated var stateBroadcast: any AsyncBroadcast<any StateMachineState> { core.stateBroadcast }
  /// Observation's registrar, which SwiftUI and `withObservationTracking` observe the current
  /// state through, created by the first read of `currentState` with the key path that every
  /// machine of this context type shares: a key path into a generic class is otherwise built
  /// anew, demangling its types, every time one is written. No runtime exclusivity check: an
  /// observer's willSet may read `currentState` while a change reads the registrar, and that read
  /// writes nothing once it exists.
  @exclusivity(unchecked) private var registrar =
    LazyObservationRegistrar<ContextualStateMachine, any StateMachineState>()

  /// The address of the task that processes a request now: a request from that task would wait
  /// for itself (see ``isReentrant``).
  private var processingTask: UnsafeRawPointer?
  // The phase and the flag last: a class keeps its fields in the order they are declared, and
  // these two share the machine's last word.
  /// Whether the machine has started or stopped, with the current state's visit. The initial state
  /// is not kept apart: it is the core's state until the machine starts.
  private var phase = Phase.idle
  /// Whether `currentState` has been read, and the registrar exists: a flag of the machine's own,
  /// which a transition checks without touching the generic registrar.
  private var isObserved = false

  /// One field for both, so that the flag takes no word of its own.
  private enum Phase {
    case idle
    /// Started, with the current state's visit once the initial state has one.
    case running(StateVisit?)
    /// Stopped, with the visit that the stop request exits, until it has.
    case stopped(StateVisit?)

    var isIdle: Bool {
      if case .idle = self { return true }
      return false
    }

    var isRunning: Bool {
      if case .running = self { return true }
      return false
    }
  }

  /// The current state's visit, while the machine runs.
  private var visit: StateVisit? {
    get {
      switch phase {
      case .idle: nil
      case .running(let visit), .stopped(let visit): visit
      }
    }
    set {
      switch phase {
      case .idle: preconditionFailure("a machine that has not started has no visit")
      case .running: phase = .running(newValue)
      case .stopped: phase = .stopped(newValue)
      }
    }
  }

  /// Whether Observation's registrar exists: whether anything has read `currentState`. For tests.
  package var hasObservationRegistrar: Bool { registrar.isCreated }

  /// The state the machine is in. Before ``start(fileID:filePath:line:column:)`` it is the initial state, not yet entered.
  /// Reading it inside SwiftUI or `withObservationTracking` observes it.
  public var currentState: any StateMachineState {
    registrar.access(self, keyPath: SharedKeyPath.of { \ContextualStateMachine.currentState })
    isObserved = true
    return core.ownerState
  }

  /// Creates a machine with a context. Call ``start(fileID:filePath:line:column:)`` to enter the initial state.
  public nonisolated init(
    initialState: some StateMachineState, context: Context,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.context = context
    self.core = OwnerCore(
      state: initialState, type: ContextualStateMachine.self,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  deinit {
    switch phase {
    case .running(let visit), .stopped(let visit): visit?.close()
    case .idle: break
    }
    // The states' visits keep the core, for their diagnostics: it must not keep the state.
    core.close(releasingState: true)
  }

  /// Streams the machine's states: first the current one, then every state it enters, in order.
  /// Each call returns a new stream; the stream ends when the machine is released.
  ///
  /// ```swift
  /// let machine = ContextualStateMachine(initialState: OffState()).context(Context.defaultValue)
  /// let states = machine.states()
  /// await machine.start()
  /// await machine.transition(to: OnState())
  /// for await state in states.prefix(2) {
  ///   print(type(of: state))   // OffState, then OnState
  /// }
  /// ```
  public nonisolated func states() -> AsyncStream<any StateMachineState> {
    core.observe(final: nil, bufferingPolicy: nil)
  }

  /// Attaches an inspector, which receives a record of every request, state change, lifetime task
  /// and diagnostic of this machine from now on.
  ///
  /// ```swift
  /// let machine = ContextualStateMachine(initialState: OffState())
  ///   .context(Context(delay: .seconds(1), clock: ContinuousClock()))
  /// machine.attach(LoggingInspector(level: .info))   // swift-log shows .info and above by default
  /// await machine.start()   // logged: the start request (OffState is entered; no state change)
  /// ```
  public nonisolated func attach(_ inspector: some Inspector) {
    core.attach(inspector)
  }

  /// Enters the initial state and returns when its `enter()` has returned.
  ///
  /// ```swift
  /// let machine = ContextualStateMachine(initialState: OffState()).context(Context.defaultValue)
  /// await machine.start()
  /// print(machine.currentState is OffState)   // true
  /// ```
  ///
  /// Calling it again is a no-op that reports a ``/StatecraftEngine/Diagnostic/Kind/startedTwice`` diagnostic.
  public func start(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard phase.isIdle else {
      report(.startedTwice, "start() was called on a machine that had already started; ignored.", at: callSite)
      return
    }
    phase = .running(nil)
    let request = StateRequest(.start)
    guard let (number, state) = claimInCallersTask(request, callSite: callSite) else {
      return await sendBehindOthers(request, callSite: callSite)
    }
    await activateInitialState(state).enter(state, number: number)
    finishInCallersTask()
  }

  /// Exits the current state and enters `newState`, after the transitions queued before it. Returns
  /// when `newState`'s `enter()` has returned.
  ///
  /// ```swift
  /// let machine = ContextualStateMachine(initialState: OffState()).context(Context.defaultValue)
  /// await machine.start()
  /// await machine.transition(to: OnState())   // OffState exits, OnState enters
  /// ```
  ///
  /// Inside a state's `enter()` or `exit()`, use `@StateTransition` instead: this call would wait
  /// for the running transition, which waits for it. It is queued, returns at once, and is reported.
  public func transition(
    to newState: some StateMachineState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard phase.isRunning else {
      report(
        .machineNotRunning,
        "transition(to: \(type(of: newState))) was called on a machine that is not running; ignored.",
        at: callSite)
      return
    }
    let request = StateRequest(.transition(to: newState))
    guard let (number, state) = claimInCallersTask(request, callSite: callSite) else {
      return await sendBehindOthers(request, callSite: callSite)
    }
    // A request from outside the machine: no origin that may have moved on (see `admits`).
    if let visit = deactivate() { await visit.exit(state, number: number) }
    await activate(newState).enter(newState, number: number)
    finishInCallersTask()
  }

  /// Exits the current state, after the transitions queued before it, and stops the machine. Its
  /// state lifetime tasks are cancelled. A stopped machine ignores further requests.
  ///
  /// ```swift
  /// let machine = ContextualStateMachine(initialState: OnState()).context(Context.defaultValue)
  /// await machine.start()
  /// await machine.stop()   // OnState exits; its timer task is cancelled
  /// ```
  public func stop(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard phase.isRunning else {
      report(.machineNotRunning, "stop() was called on a machine that is not running; ignored.", at: callSite)
      return
    }
    phase = .stopped(visit)
    let request = StateRequest(.stop)
    guard let (number, state) = claimInCallersTask(request, callSite: callSite) else {
      return await sendBehindOthers(request, callSite: callSite)
    }
    if let visit = deactivate() { await visit.exit(state, number: number) }
    stopped()
    finishInCallersTask()
  }

  // A request that finds the machine idle runs in the caller's task, written out in `start`,
  // `transition` and `stop` around the states' own calls, the same steps as the processor's `run`
  // for the machine's own task. Not through a shared async helper: each main-actor async function,
  // even inlined, hops to the main actor on entry and back on return, four executor switches a
  // transition.

  /// Claims the machine for `request` if it is idle, to run it in the caller's task: returns the
  /// request's number and the state it arrives in. End it with ``finishInCallersTask()``. Always
  /// inlined, so that the optional claim is never returned through a call.
  @inline(__always)
  private func claimInCallersTask(
    _ request: StateRequest, callSite: CallSite
  ) -> (number: UInt64, state: any StateMachineState)? {
    guard let claimed = core.claimIfIdle(request, callSite: callSite) else { return nil }
    willProcess()
    return claimed
  }

  /// Ends a request run in the caller's task: what was queued meanwhile runs in the machine's own
  /// task. Matched here rather than through `continueAfter`: passing the `Finished` on would go
  /// through this generic class's value witnesses.
  private func finishInCallersTask() {
    didProcess()
    if case .process(let next, let nextNumber) = core.finish().next {
      core.startOwnTask(next, number: nextNumber, processor: processor)
    }
  }

  /// Queues `request` behind the one running, and waits for it, unless the caller is the request
  /// being processed, which would wait for itself.
  private func sendBehindOthers(_ request: StateRequest, callSite: CallSite) async {
    if isReentrant(request, callSite: callSite) { return }
    await core.send(request, callSite: callSite, inline: false, processor: processor)
  }

  /// Queues `request`, and returns `true`, if it comes from code that the running request waits
  /// for, which would wait for itself: a state's `enter()` or `exit()`, what it calls, and, for a
  /// state with wrappers, the tasks it starts and may await (`async let`, a task group, `Task {}`),
  /// which inherit the request they run for (see `StateActivation.Running.request`).
  private func isReentrant(_ request: StateRequest, callSite: CallSite) -> Bool {
    if let processingTask, processingTask == CurrentTask.address {
      return core.queueReentrant(request, callSite: callSite)
    }
    guard let running = StateActivation.running, let number = running.request, running.activation.core === core
    else { return false }
    return core.queueReentrant(request, whileProcessing: number, callSite: callSite)
  }

  /// Processes requests in the machine's own task, on the main actor. Not generic, so that the
  /// engine's send path is specialised for it in this module.
  private nonisolated var processor: StateObjectsProcessor { StateObjectsProcessor(self) }

  /// Queues a transition that a state requested. It runs after the running step returns.
  func request(
    _ newState: any StateMachineState, from origin: StateActivation, duringExit: Bool, callSite: CallSite
  ) {
    guard phase.isRunning, origin === visit?.activation else {
      reportStale(origin, asking: newState, at: callSite)
      return
    }
    // A request from inside exit() belongs to the transition in progress, not to the state that
    // is leaving: it runs after that transition, whichever state is current then.
    core.post(
      StateRequest(.transition(to: newState), origin: duringExit ? nil : origin), callSite: callSite,
      processor: processor)
  }

  // MARK: Steps, run by the processor

  func willProcess() {
    processingTask = CurrentTask.address
  }

  func didProcess() {
    #if DEBUG
      // The promise behind comparing task addresses: the task that set it clears it, before it
      // can end and another task take its address.
      assert(processingTask == CurrentTask.address, "a state machine's processing ends in the task that began it")
    #endif
    processingTask = nil
  }

  func activateInitialState(_ state: any StateMachineState) -> StateVisit {
    activate(state, announce: false)
  }

  func admits(_ request: StateRequest, asking newState: any StateMachineState, callSite: CallSite?) -> Bool {
    guard let origin = request.origin, origin !== visit?.activation else { return true }
    reportStale(origin, asking: newState, at: callSite)
    return false
  }

  func activate(_ state: any StateMachineState) -> StateVisit {
    activate(state, announce: true)
  }

  /// Makes `state` current and returns its visit, whose `enter()` the processor calls. The initial
  /// state is current from the start, so entering it is not announced as a change.
  private func activate(_ state: any StateMachineState, announce: Bool) -> StateVisit {
    // The reference to the machine passes from visit to visit, so that a machine whose states
    // have wrappers makes it once (making an existential of this generic class looks up its
    // conformance at run time).
    let visit = StateVisit(
      of: state, context: context, core: core, host: self.visit?.activation?.hostReference ?? HostReference(self))
    self.visit = visit
    if announce {
      // Only once something has read `currentState` can anyone observe it: until then, no
      // registrar call, which in this generic class looks up the machine's `Observable`
      // conformance at run time.
      if isObserved {
        registrar.withMutation(of: self) { _ = core.commit(copying: state, finishing: false) }
      } else {
        _ = core.commit(copying: state, finishing: false)
      }
    }
    return visit
  }

  /// Ends the current visit's work and returns it, to call its state's `exit()` on.
  func deactivate() -> StateVisit? {
    guard let visit else { return nil }
    visit.close()
    return visit
  }

  func stopped() {
    visit = nil
  }

  private func reportStale(
    _ origin: StateActivation, asking newState: any StateMachineState, at callSite: CallSite?
  ) {
    report(
      .staleTransition,
      """
      \(origin.stateName) asked for a transition to \(type(of: newState)) after it stopped being \
      the current state (now \(type(of: core.ownerState))); ignored. Start such work with \
      @StateLifetime so that it ends when the state exits.
      """,
      at: callSite)
  }

  /// Where the machine was created.
  private nonisolated var creation: CallSite { core.identity.callSite }

  private func report(_ kind: Diagnostic.Kind, _ message: String, at callSite: CallSite?) {
    core.services.report(kind, message, callSite: callSite)
  }
}

extension ContextualStateMachine where Context == EmptyStateMachineContext {
  /// Creates a machine with an empty context. Give it one with ``context(_:)``.
  public nonisolated convenience init(
    initialState: some StateMachineState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, context: EmptyStateMachineContext(),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Returns a new machine, not started, with the given context, starting from this machine's
  /// state:
  ///
  /// ```swift
  /// let machine = ContextualStateMachine(initialState: OffState())
  ///   .context(Context(delay: .milliseconds(500), clock: ContinuousClock()))
  /// print(machine.context.delay)   // 0.5 seconds
  /// ```
  ///
  /// Call it where you create the machine, as above. The new machine's initial state is the state
  /// this one is in: on a machine that has not started, its initial state. (A machine does not
  /// keep its initial state once it has left it: that would cost every machine 40 bytes.)
  public nonisolated func context<C: StateMachineContext>(_ context: C) -> ContextualStateMachine<C> {
    ContextualStateMachine<C>(
      initialState: core.ownerState, context: context,
      fileID: creation.fileID, filePath: creation.filePath, line: creation.line, column: creation.column)
  }
}
