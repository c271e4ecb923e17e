/// The send, post and drain of an owner whose processing suspends (a machine's middleware, a
/// state's `enter()`, a chart's outputs): its ``MessageProcessor`` brings what a message means.
extension OwnerCore where State: Sendable {
  /// Sends `message` and returns once it has been processed.
  ///
  /// - Parameters:
  ///   - inline: If the owner is idle, process the message in the caller's task, without a hop.
  ///     Otherwise every message is processed in the owner's own task.
  ///   - origin: The effect that sends it; the message is dropped if that effect is cancelled
  ///     before its turn.
  @inlinable
  package func send<Processor: MessageProcessor<State, Message>>(
    _ message: Message,
    callSite: CallSite?,
    origin: EffectHandle? = nil,
    inline: Bool,
    processor: Processor,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    if inline, let (number, state) = withLock({ cell in cell.claim().map { ($0, cell.current!) } }) {
      // The fast path, written out rather than through `processOne`: each async call it saves is
      // a task-allocator frame per message.
      let finished: Finished
      if origin?.isCancelled == true {
        finished = finish()
      } else {
        willProcess(message, state: state, callSite: callSite)
        #if DEBUG
          finished = await holdingTheRight(isolation: isolation) {
            await processor.process(
              message, number: number, state: state, callSite: callSite, origin: origin, core: self,
              isolation: isolation)
          }
        #else
          finished = await processor.process(
            message, number: number, state: consume state, callSite: callSite, origin: origin,
            core: self, isolation: isolation)
        #endif
      }
      continueAfter(finished, processor: processor)
      return
    }
    if let number = ProcessingChain.number(in: self),
      queueReentrant(message, whileProcessing: number, callSite: callSite, origin: origin)
    {
      return
    }
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
      let envelope = Envelope(
        message, completion: OwnerStateMachine<State, Message>.Completion(continuation), origin: origin,
        callSite: callSite)
      switch withLock({ $0.submit(envelope) }) {
      case .process(let envelope, let number):
        startOwnTask(envelope, number: number, processor: processor)
      case .enqueued:
        break
      case .rejected(let envelope):
        envelope.completion?.resume()
      }
    }
  }

  /// Claims the processing right for `message` if the owner is idle, for a front-end that
  /// processes it in the caller's task itself, as ``send(_:callSite:origin:inline:processor:isolation:)``
  /// does with a processor: returns the message's number and the state it arrives in. End the
  /// message with ``commit(_:finishing:)`` or ``finish()``, then call
  /// ``continueAfter(_:processor:)``.
  @inlinable
  package func claimIfIdle(_ message: Message, callSite: CallSite?) -> (number: UInt64, state: State)? {
    guard
      let (number, state) = withLockReturningResult({ cell in cell.claim().map { ($0, cell.current!) } })
    else { return nil }
    willProcess(message, state: state, callSite: callSite)
    return (number, state)
  }

  /// Processes the messages that were queued while the one just finished was processed, in the
  /// owner's own task.
  @inlinable
  package func continueAfter<Processor: MessageProcessor<State, Message>>(
    _ finished: Finished, processor: Processor
  ) {
    if case .process(let next, let nextNumber) = finished.next {
      startOwnTask(next, number: nextNumber, processor: processor)
    }
  }

  /// Queues `message` behind the message being processed now, and reports it, for a front-end
  /// that knows the sender runs on behalf of that message (its task is the one processing it).
  /// Returns `false`, queuing nothing, if no message is being processed.
  package func queueReentrant(_ message: Message, callSite: CallSite?) -> Bool {
    guard let number = withLock({ $0.mailbox.processingNumber }) else { return false }
    return queueReentrant(message, whileProcessing: number, callSite: callSite)
  }

  /// Queues `message`, sent by code that runs on behalf of message `number`, behind that message,
  /// and reports it: its sender must not wait, since the message it would wait behind waits for
  /// it. Returns `false`, queuing nothing, if message `number` is no longer being processed.
  @usableFromInline
  package func queueReentrant(
    _ message: Message, whileProcessing number: UInt64, callSite: CallSite?, origin: EffectHandle? = nil
  ) -> Bool {
    guard
      withLock({
        $0.submitReentrant(
          Envelope(message, origin: origin, callSite: callSite), whileProcessing: number)
      })
    else { return false }
    services.report(
      .reentrantSend,
      """
      \(message) was sent to \(services.name) by code that runs while it processes a message \
      (a middleware, or a state's enter() or exit()). It was queued behind that message, and the \
      call returned without waiting for it: waiting would never end.
      """,
      callSite: callSite)
    return true
  }

  /// Queues `message` without waiting for it, processing it in the owner's own task if the owner
  /// is idle.
  @usableFromInline
  package func post<Processor: MessageProcessor<State, Message>>(
    _ message: Message, callSite: CallSite?, origin: EffectHandle? = nil, processor: Processor
  ) {
    if case .process(let envelope, let number) = withLock({
      $0.submit(Envelope(message, origin: origin, callSite: callSite))
    }) {
      startOwnTask(envelope, number: number, processor: processor)
    }
  }

  /// Processes one message, unless the effect that sent it was cancelled, resumes its sender, and
  /// returns what comes next.
  @usableFromInline
  func processOne<Processor: MessageProcessor<State, Message>>(
    _ envelope: Envelope, number: UInt64, state: State, processor: Processor,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Finished {
    defer { envelope.completion?.resume() }
    guard envelope.origin?.isCancelled != true else { return finish() }
    willProcess(envelope.message, state: state, callSite: envelope.callSite)
    #if DEBUG
      return await holdingTheRight(isolation: isolation) {
        await processor.process(
          envelope.message, number: number, state: state, callSite: envelope.callSite,
          origin: envelope.origin, core: self, isolation: isolation)
      }
    #else
      return await processor.process(
        envelope.message, number: number, state: state, callSite: envelope.callSite,
        origin: envelope.origin, core: self, isolation: isolation)
    #endif
  }

  #if DEBUG
    /// Runs `process`, the processor's work on one message, marked as the work of this owner's
    /// holder of the processing right, so that ``ProcessorLocal`` can check that only that work
    /// touches it. Debug builds only: release builds call the processor directly, since every
    /// async call in between is a task-allocator frame per message.
    @inlinable
    func holdingTheRight(
      isolation: isolated (any Actor)?, _ process: () async -> Finished
    ) async -> Finished {
      await ProcessingRight.holder.withValue(
        ObjectIdentifier(self),
        operation: {
          _ = isolation
          return await process()
        }, isolation: isolation)
    }
  #endif

  /// Tells inspectors that `message` is being processed, and keeps the state before it: in the
  /// step ring, if a step reader is the only inspector. An owner whose processor begins its steps
  /// begins each itself, ring or records (see ``beginProcessorStep(_:state:callSite:holdsOneMessage:clockTime:)``):
  /// it knows what the step received (a chart's catch-up with its clock) only once it has taken it.
  @inlinable
  func willProcess(_ message: Message, state: State, callSite: CallSite?) {
    guard isInspected, !processorBeginsSteps else { return }
    if let ring = stepRing {
      beginStep(in: ring, message, state: state, callSite: callSite)
      return
    }
    services.emit(.received(InspectedValue(message: message)), callSite: callSite)
    services.keepStateBefore(services.keepsStates() ? InspectedValue(state) : notKept(state))
  }

  /// Processes messages, starting with `first`, until the mailbox is idle, in a task of the owner's
  /// own: it inherits no sender's cancellation, task-locals or priority.
  @usableFromInline
  package func startOwnTask<Processor: MessageProcessor<State, Message>>(
    _ first: Envelope, number: UInt64, processor: Processor
  ) {
    let executor = self.executor
    guard let actor = processor.ownIsolation else {
      Task.detached(executorPreference: executor) {
        await self.drain(first, number: number, processor: processor, isolation: nil)
      }
      return
    }
    if actor === MainActor.shared {
      startOwnMainActorTask(first, number: number, processor: processor)
    } else {
      Task.detached(executorPreference: executor) {
        await self.drain(first, number: number, processor: processor, isolation: actor)
      }
    }
  }

  /// Starts the owner's task on the main actor, rather than hopping there from the global
  /// executor (unless a test store asks for its executor).
  private func startOwnMainActorTask<Processor: MessageProcessor<State, Message>>(
    _ first: Envelope, number: UInt64, processor: Processor
  ) {
    detachedOnMainActor(executorPreference: executor) {
      await self.drain(first, number: number, processor: processor, isolation: MainActor.shared)
    }
  }

  private func drain<Processor: MessageProcessor<State, Message>>(
    _ first: Envelope, number: UInt64, processor: Processor, isolation: isolated (any Actor)?
  ) async {
    var envelope = first
    var number = number
    while true {
      let state = withLock { $0.current! }
      let finished = await processOne(envelope, number: number, state: state, processor: processor)
      guard case .process(let next, let nextNumber) = finished.next else { return }
      (envelope, number) = (next, nextNumber)
    }
  }

  /// Runs `body` as code that works on behalf of message `number`: a send from it to this owner
  /// is recognised as re-entrant. Front-ends wrap the user code they await while processing
  /// (a machine's middleware, a chart's output handler) in it. State objects carry the number in
  /// the one task-local their states' wrappers need anyway, rather than binding two.
  ///
  /// A closure literal passed as `body` runs on the caller's isolation only if it captures the
  /// caller's isolated parameter (write `_ = isolation` in it): otherwise it is nonisolated, and
  /// hops to the global executor and back.
  @usableFromInline
  package func onBehalf<Result>(
    of number: UInt64, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await ProcessingChain.$current.withValue(
      ProcessingChain.current.entering(.init(core: ObjectIdentifier(self), number: number)),
      operation: body, isolation: isolation)
  }
}

/// Starts `operation` in a detached task, which inherits no caller's task-locals or priority. Without
/// an executor preference it starts on the main actor from its first instruction, in creation
/// order (the `@isolated(any)` initializer); with one, it starts on that executor and hops there.
private func detachedOnMainActor(
  executorPreference: (any TaskExecutor)?, _ operation: @escaping @MainActor @Sendable () async -> Void
) {
  guard let executorPreference else {
    Task.detached(operation: operation)
    return
  }
  Task.detached(executorPreference: executorPreference, operation: operation)
}
