public import Synchronization

/// A running declarative machine: what one event means to the engine's `OwnerCore`. The core
/// holds the machine's state, mailbox, observers and side effects; this type brings the definition's
/// transitions and the runtime's side effects, middleware and pipes.
///
/// Whoever sends an event while the machine is idle processes it in its own task, on its own
/// executor; events that others sent meanwhile are processed in the machine's own task. Nobody
/// waits for an observer.
@usableFromInline
final class MachineProcessor<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: MessageProcessor {
  @usableFromInline typealias Message = EventMessage<E>

  /// A side effect that a later state may cancel, with its strategy.
  @usableFromInline
  struct CancellableEffect {
    @usableFromInline let handle: EffectHandle
    @usableFromInline let strategy: ExecutionStrategy<S>

    @inlinable
    init(handle: EffectHandle, strategy: ExecutionStrategy<S>) {
      self.handle = handle
      self.strategy = strategy
    }
  }

  /// What only the holder of the processing right touches.
  @usableFromInline
  struct ProcessingState {
    @usableFromInline var matchCache = MatchCache()
    /// Side effects that a later state may cancel.
    @usableFromInline var cancellable: [CancellableEffect] = []
    /// Whether the initial state was entered.
    @usableFromInline var hasEntered = false
  }

  @usableFromInline let definition: StateMachine<S, E, O>
  @usableFromInline let runtime: Runtime<S, E, O>
  @usableFromInline let core: OwnerCore<S, Message>
  @usableFromInline let processing = ProcessorLocal(ProcessingState())
  /// Whether something asked the machine to start; the processor enters the initial state once.
  @usableFromInline let startRequested = Atomic<Bool>(false)
  /// Keeps the machine connected to the pipes it receives from; released with it.
  private let pipeConnections = CriticalState<[EventPipe<E>.Connection]>([])

  init(definition: StateMachine<S, E, O>, runtime: Runtime<S, E, O>, callSite: CallSite) {
    self.definition = definition
    self.runtime = runtime
    self.core = OwnerCore(
      state: definition.initial,
      type: AsyncStateMachineSequence<S, E, O>.self,
      callSite: callSite)
    processing.bind(to: core)
    let connections = runtime.receivingPipes.map { pipe in
      pipe.connect { [weak self] event in self?.post(event) }
    }
    pipeConnections.withLock { $0 = connections }
  }

  deinit {
    core.close()
  }

  @usableFromInline
  var ownIsolation: (any Actor)? { nil }

  /// Processes `event` and returns once it has been processed and any new state published.
  @inlinable
  func send(_ event: E, callSite: CallSite, isolation: isolated (any Actor)? = #isolation) async {
    await core.send(.event(event), callSite: callSite, inline: true, processor: self)
  }

  /// Queues an event from a pipe, without waiting for it.
  private func post(_ event: E) {
    core.post(.event(event), callSite: nil, processor: self)
  }

  /// Starts the machine if nothing has yet, without waiting.
  func startIfNeeded() {
    guard !startRequested.exchange(true, ordering: .relaxed) else { return }
    core.post(.start, callSite: nil, processor: self)
  }

  @inlinable
  func process(
    _ message: Message, number: UInt64, state: consuming S, callSite: CallSite?, origin: EffectHandle?,
    core: OwnerCore<S, Message>, isolation: isolated (any Actor)?
  ) async -> OwnerCore<S, Message>.Finished {
    if !processing.value.hasEntered {
      processing.value.hasEntered = true
      startRequested.store(true, ordering: .relaxed)
      await entered(definition.initial, number: number)
    }
    guard case .event(let event) = message else { return core.finish() }
    for middleware in runtime.eventMiddlewares {
      await core.onBehalf(of: number) { await middleware(event, executor: core.executor) }
    }
    guard let next = definition.transition(from: state, on: event, cache: &processing.value.matchCache)
    else {
      core.services.report(
        .unhandledEvent, "\(event) has no transition in \(state); it was ignored.", callSite: callSite)
      return core.finish()
    }
    if next == state, runtime.selfTransitionPolicy == .ignore { return core.finish() }
    let output = definition.output(when: next)
    guard
      output != nil || !runtime.stateMiddlewares.isEmpty || !runtime.senders.isEmpty
        || !processing.value.cancellable.isEmpty
    else {
      // Nothing happens on entering: store the state and end the event in one critical section.
      return core.commit(next, finishing: true)!
    }
    _ = core.commit(next, finishing: false)
    // After the commit: an event that a cancelled side effect sends meanwhile waits behind this
    // one, and is dropped when its turn comes. The side effect that sent this event, if the new
    // state cancels it, is cancelled only once this event is done: it runs in that side effect's
    // task, and the new state's middleware must not run cancelled.
    let cancelledSender = cancelEffects(enteringState: next, sparing: origin)
    await entered(next, output: output, number: number)
    cancelledSender?.cancel()
    return core.finish()
  }

  /// Runs what entering `state` triggers: its output's side effect, then state middleware, then
  /// pipes.
  @inlinable
  func entered(
    _ state: S, output: O?? = .none, number: UInt64, isolation: isolated (any Actor)? = #isolation
  ) async {
    if let output = output ?? definition.output(when: state) {
      startSideEffect(for: output, in: state)
    }
    for middleware in runtime.stateMiddlewares {
      await core.onBehalf(of: number) { await middleware(state, executor: core.executor) }
    }
    for sender in runtime.senders { sender(state) }
  }

  /// Cancels the side effects whose strategy says entering `state` ends them, and forgets those
  /// that are done. `sender`, the side effect whose event is being processed, is not cancelled
  /// here but returned, if it must be, for the caller to cancel when the event is done.
  @inlinable
  func cancelEffects(enteringState state: S, sparing sender: EffectHandle?) -> EffectHandle? {
    var cancelled: [EffectHandle] = []
    processing.value.cancellable.removeAll { entry in
      if entry.handle.isDone { return true }
      guard entry.strategy.cancelsOnEntering(state) else { return false }
      cancelled.append(entry.handle)
      return true
    }
    var spared: EffectHandle?
    for handle in cancelled {
      if handle === sender { spared = handle } else { handle.cancel() }
    }
    return spared
  }

  @inlinable
  func startSideEffect(for output: O, in state: S) {
    guard let mapping = runtime.outputMappings.first(where: { $0.matches(output) }) else {
      core.services.report(
        .unmappedOutput, "\(state) executes \(output), which the runtime maps to no side effect.")
      return
    }
    let handle = core.effects.start(priority: mapping.priority, callSite: mapping.callSite) {
      [weak self] handle in
      try await mapping.run(output) { [weak self] event in
        guard !handle.isCancelled, let self else { return }
        // Checked again when the event's turn comes: a state change queued before it may cancel
        // this side effect, and then the event is dropped.
        await core.send(
          .event(event), callSite: mapping.callSite, origin: handle, inline: true, processor: self)
      }
    }
    if let handle, mapping.strategy.canCancel {
      processing.value.cancellable.append(CancellableEffect(handle: handle, strategy: mapping.strategy))
    }
  }
}
