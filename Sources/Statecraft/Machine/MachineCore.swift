import DequeModule

/// A running declarative machine: one FIFO mailbox processed run-to-completion, the transitions of
/// its definition, the side effects and middleware of its runtime, and a broadcast of its states.
///
/// Whoever sends an event while the machine is idle processes the mailbox until it is empty; other
/// senders queue and wait until their event has been processed. Nobody waits for an observer.
final class MachineCore<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  private enum Item {
    /// Enter the initial state: run its output, middleware and pipes. Happens once.
    case start
    case event(E)
  }

  private struct Pending {
    var item: Item
    var completion: CheckedContinuation<Void, Never>?
  }

  private struct Mailbox {
    var current: S
    var queue = Deque<Pending>()
    var isProcessing = false
    var hasStarted = false
    /// Side effects that a later state may cancel, with their strategies.
    var cancellable: [(handle: EffectHandle, strategy: ExecutionStrategy<S>)] = []
  }

  let definition: StateMachine<S, E, O>
  let runtime: Runtime<S, E, O>
  let broadcast: StateBroadcast<S>
  private let effects: EffectScope
  private let mailbox: CriticalState<Mailbox>

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
  var currentState: S { mailbox.withLock { $0.current } }

  /// Processes `event` and returns once it has been processed and any new state published.
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
  private func submit(_ item: Item, isolation: isolated (any Actor)? = #isolation) async {
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
  private func post(_ item: Item) {
    let mustProcess = mailbox.withLock { mailbox in
      mailbox.queue.append(Pending(item: item))
      guard !mailbox.isProcessing else { return false }
      mailbox.isProcessing = true
      return true
    }
    if mustProcess { Task { await self.drain() } }
  }

  private func drain(isolation: isolated (any Actor)? = #isolation) async {
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
  private func takeStart() -> Bool {
    mailbox.withLock { mailbox in
      defer { mailbox.hasStarted = true }
      return !mailbox.hasStarted
    }
  }

  private func process(_ item: Item, startsNow: Bool, isolation: isolated (any Actor)? = #isolation) async {
    if startsNow { await entered(definition.initial) }
    if case .event(let event) = item { await handle(event) }
  }

  private func handle(_ event: E, isolation: isolated (any Actor)? = #isolation) async {
    for middleware in runtime.eventMiddlewares { await middleware(event) }
    let current = currentState
    guard let next = definition.transition(from: current, on: event) else {
      report(.unhandledEvent, "\(event) has no transition in \(current); it was ignored.")
      return
    }
    if next == current, runtime.selfTransitionPolicy == .ignore { return }
    let cancelled = mailbox.withLock { mailbox -> [EffectHandle] in
      mailbox.current = next
      var cancelled: [EffectHandle] = []
      mailbox.cancellable.removeAll { entry in
        if entry.handle.isDone { return true }
        guard entry.strategy.cancelsOnEntering(next) else { return false }
        cancelled.append(entry.handle)
        return true
      }
      return cancelled
    }
    for handle in cancelled { handle.cancel() }
    broadcast.send(next)
    await entered(next)
  }

  /// Runs what entering `state` triggers: its output's side effect, then state middleware, then
  /// pipes.
  private func entered(_ state: S, isolation: isolated (any Actor)? = #isolation) async {
    startOutput(of: state)
    for middleware in runtime.stateMiddlewares { await middleware(state) }
    for sender in runtime.senders { sender(state) }
  }

  private func startOutput(of state: S) {
    guard let output = definition.output(when: state) else { return }
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
      mailbox.withLock { $0.cancellable.append((handle, mapping.strategy)) }
    }
  }

  private func report(_ kind: Diagnostic.Kind, _ message: String) {
    effects.diagnostics.report(Diagnostic(kind: kind, message: message, source: effects.ownerName))
  }
}
