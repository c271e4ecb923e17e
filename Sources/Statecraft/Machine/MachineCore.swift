public import DequeModule

/// A running declarative machine: one FIFO mailbox processed run-to-completion, the transitions of
/// its definition, the side effects and middleware of its runtime, and a broadcast of its states.
///
/// Whoever sends an event while the machine is idle processes the mailbox until it is empty; other
/// senders queue and wait until their event has been processed. Nobody waits for an observer.
///
/// The path an event takes (`send` to the published state) is `@inlinable`, so that a client
/// specialises it for its own state, event and output types: unspecialised, it spent most of its
/// time looking up generic metadata. Rare paths (side effects, diagnostics) stay out of line.
@usableFromInline
final class MachineCore<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  @usableFromInline
  enum Item: Sendable {
    /// Enter the initial state: run its output, middleware and pipes. Happens once.
    case start
    case event(E)
  }

  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline var item: Item
    @usableFromInline var completion: CheckedContinuation<Void, Never>?

    @usableFromInline
    init(item: Item, completion: CheckedContinuation<Void, Never>? = nil) {
      self.item = item
      self.completion = completion
    }
  }

  /// A side effect that a later state may cancel, with its strategy.
  @usableFromInline
  struct CancellableEffect {
    let handle: EffectHandle
    let strategy: ExecutionStrategy<S>
  }

  @usableFromInline
  struct Mailbox {
    @usableFromInline var current: S
    @usableFromInline var queue = Deque<Pending>()
    @usableFromInline var isProcessing = false
    @usableFromInline var hasStarted = false
    /// Side effects that a later state may cancel.
    @usableFromInline var cancellable: [CancellableEffect] = []

    init(current: S) {
      self.current = current
    }
  }

  @usableFromInline let definition: StateMachine<S, E, O>
  @usableFromInline let runtime: Runtime<S, E, O>
  @usableFromInline let broadcast: StateBroadcast<S>
  private let effects: EffectScope
  @usableFromInline let mailbox: CriticalState<Mailbox>

  init(definition: StateMachine<S, E, O>, runtime: Runtime<S, E, O>) {
    self.definition = definition
    self.runtime = runtime
    self.broadcast = StateBroadcast(definition.initial)
    self.mailbox = CriticalState(Mailbox(current: definition.initial))
    self.effects = EffectScope(
      ownerName: "AsyncStateMachineSequence<\(S.self), \(E.self), \(O.self)>",
      diagnostics: DiagnosticHandler.current)
    for connect in runtime.receivers {
      connect(ObjectIdentifier(self)) { [weak self] event in
        guard let self else { return false }
        post(.event(event))
        return true
      }
    }
  }

  deinit {
    effects.cancelAll()
    broadcast.finish()
  }

  /// The state the machine is in.
  @inlinable
  var currentState: S { mailbox.withLock { $0.current } }

  /// Processes `event` and returns once it has been processed and any new state published.
  @inlinable
  func send(_ event: E, isolation: isolated (any Actor)? = #isolation) async {
    await submit(.event(event))
  }

  /// Starts the machine if nothing has yet, without waiting.
  func startIfNeeded() {
    guard !mailbox.withLock({ $0.hasStarted }) else { return }
    post(.start)
  }

  /// Runs on the caller's executor (`isolation`), so a sender on an actor does not hop away and
  /// back for every event.
  @inlinable
  func submit(_ item: Item, isolation: isolated (any Actor)? = #isolation) async {
    // Fast path: an idle machine is processed by its sender, with no continuation to allocate.
    // `nil` when busy; otherwise whether this item also starts the machine.
    let startsNow = mailbox.withLock { mailbox -> Bool? in
      guard !mailbox.isProcessing else { return nil }
      mailbox.isProcessing = true
      defer { mailbox.hasStarted = true }
      return !mailbox.hasStarted
    }
    if let startsNow {
      await process(item, startsNow: startsNow)
      await drain()
      return
    }
    var processesItself = false
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
      processesItself = mailbox.withLock { mailbox in
        guard !mailbox.isProcessing else {
          mailbox.queue.append(Pending(item: item, completion: continuation))
          return false
        }
        mailbox.isProcessing = true
        return true
      }
      if processesItself { continuation.resume() }
    }
    if processesItself {
      await process(item, startsNow: takeStart())
      await drain()
    }
  }

  /// Queues an item without waiting for it, processing the mailbox in a task if it is idle.
  @usableFromInline
  func post(_ item: Item) {
    let mustProcess = mailbox.withLock { mailbox in
      mailbox.queue.append(Pending(item: item))
      guard !mailbox.isProcessing else { return false }
      mailbox.isProcessing = true
      return true
    }
    if mustProcess { Task { await self.drain() } }
  }

  @inlinable
  func drain(isolation: isolated (any Actor)? = #isolation) async {
    while let next = mailbox.withLock({ mailbox -> Pending? in
      if let next = mailbox.queue.popFirst() { return next }
      mailbox.isProcessing = false
      return nil
    }) {
      await process(next.item, startsNow: takeStart())
      next.completion?.resume()
    }
  }

  /// Marks the machine started, and says whether it had not been.
  @inlinable
  func takeStart() -> Bool {
    mailbox.withLock { mailbox in
      defer { mailbox.hasStarted = true }
      return !mailbox.hasStarted
    }
  }

  @inlinable
  func process(_ item: Item, startsNow: Bool, isolation: isolated (any Actor)? = #isolation) async {
    if startsNow { await entered(definition.initial) }
    if case .event(let event) = item { await handle(event) }
  }

  @inlinable
  func handle(_ event: E, isolation: isolated (any Actor)? = #isolation) async {
    for middleware in runtime.eventMiddlewares { await middleware(event) }
    let current = currentState
    guard let next = definition.transition(from: current, on: event) else {
      reportUnhandled(event, in: current)
      return
    }
    if next == current, runtime.selfTransitionPolicy == .ignore { return }
    let hasCancellable = mailbox.withLock { mailbox -> Bool in
      mailbox.current = next
      return !mailbox.cancellable.isEmpty
    }
    if hasCancellable { cancelEffects(enteringState: next) }
    broadcast.send(next)
    await entered(next)
  }

  /// Runs what entering `state` triggers: its output's side effect, then state middleware, then
  /// pipes.
  @inlinable
  func entered(_ state: S, isolation: isolated (any Actor)? = #isolation) async {
    if let output = definition.output(when: state) { startSideEffect(for: output, in: state) }
    for middleware in runtime.stateMiddlewares { await middleware(state) }
    for sender in runtime.senders { sender(state) }
  }

  /// Cancels the side effects whose strategy says entering `state` ends them, and forgets those
  /// that are done.
  @usableFromInline
  func cancelEffects(enteringState state: S) {
    let cancelled = mailbox.withLock { mailbox -> [EffectHandle] in
      var cancelled: [EffectHandle] = []
      mailbox.cancellable.removeAll { entry in
        if entry.handle.isDone { return true }
        guard entry.strategy.cancelsOnEntering(state) else { return false }
        cancelled.append(entry.handle)
        return true
      }
      return cancelled
    }
    for handle in cancelled { handle.cancel() }
  }

  @usableFromInline
  func startSideEffect(for output: O, in state: S) {
    guard let mapping = runtime.outputMappings.first(where: { $0.matches(output) }) else {
      report(.unmappedOutput, "\(state) executes \(output), which the runtime maps to no side effect.")
      return
    }
    let effects = effects
    let handle = effects.start(priority: mapping.priority, group: nil) { [weak self] handle in
      do {
        try await mapping.run(output) { [weak self] event in
          guard !handle.isCancelled else { return }
          await self?.send(event)
        }
      } catch {
        guard !(error is CancellationError), !handle.isCancelled else { return }
        effects.reportFailure(error)
      }
    }
    if let handle, mapping.strategy.canCancel {
      mailbox.withLock { mailbox in
        mailbox.cancellable.append(CancellableEffect(handle: handle, strategy: mapping.strategy))
      }
    }
  }

  @usableFromInline
  func reportUnhandled(_ event: E, in state: S) {
    report(.unhandledEvent, "\(event) has no transition in \(state); it was ignored.")
  }

  private func report(_ kind: Diagnostic.Kind, _ message: String) {
    effects.diagnostics.report(Diagnostic(kind: kind, message: message, source: effects.ownerName))
  }
}
