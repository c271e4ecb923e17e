public import Synchronization

#if DEBUG
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The running thread, for the debug builds' lock checks.
  @usableFromInline
  func currentThreadID() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
#endif

/// The one engine under every front-end: an owner's mailbox, state, observers, effects, inspectors
/// and diagnostics.
///
/// `Store`, the running declarative machine (`AsyncStateMachineSequence`), the running chart
/// (`AsyncStatechartSequence`) and `ContextualStateMachine` are thin public types over a core; they
/// supply only what processing one message means (a reducer, a transition, a chart's step, a
/// state's `exit()` and `enter()`). A front-end holds its core, or is one: `Store` extends it, so
/// that a store is one object on the heap rather than two. What they share is written once, here:
///
/// - **Run-to-completion.** Messages go through one FIFO mailbox (``OwnerStateMachine``, behind one
///   lock) and are processed one at a time. Whoever finds the owner idle processes its own message
///   in place, in its own task (every front-end sends with `inline: true`); messages that others
///   queued meanwhile are processed in a task of the owner's own, so that no sender's
///   cancellation, task-locals or priority reach another sender's message.
/// - **Re-entry.** Code that runs on behalf of a message (a middleware, a state's `enter()`) and
///   sends to its own owner would wait for itself. The core recognises it, queues the message
///   without waiting, and reports ``Diagnostic/Kind/reentrantSend``.
/// - **Cancelled effects deliver nothing**, checked when their message's turn comes.
/// - **One state.** Observers are replayed from the state the lock holds, and the holder of the
///   processing right publishes each new state before it gives the right up, so no observer sees
///   states out of order.
/// - **Inspection.** Each message is recorded as `received`, then `stateUpdated`, when an inspector
///   is attached; with none, nothing is built.
///
/// A machine event that needs no side effect and no observer costs two critical sections: one to
/// claim the processing right and read the state, one to store the new state and give the right
/// up. So does a store action: one to claim the right and take the state out, once Observation's
/// `willSet` has run, to reduce it in place, and one to put it back and give the right up.
///
/// Public and open only so that a front-end in another module can extend it. It is no API of its
/// own: none of its members is public, and each one declared in its body is `final`, so that
/// nothing is dispatched dynamically.
@_documentation(visibility: internal)
// Unchecked, and safe: as the checked conformance of a final class would require, every stored
// property is immutable and Sendable, atomic, or unsafely nonisolated with the reason beside it. A
// class that others extend cannot have the conformance checked.
open class OwnerCore<State, Message: Sendable>: @unchecked Sendable {
  @usableFromInline
  package typealias Envelope = OwnerStateMachine<State, Message>.Envelope

  /// The owner's lock, with the ThreadSanitizer edge that ``CriticalState`` explains. The edge's
  /// counter is 32-bit, as it only has to change: beside the lock, it fills the lock's padding.
  @usableFromInline final let mutex = Mutex(())
  @usableFromInline final let handoff = Atomic<UInt32>(0)
  /// The state, mailbox and observers, which only ``withLock(_:)`` touches (as it does the effect
  /// scope that the context keeps for the core). Inline rather than in a `Mutex` of their own: a
  /// `Mutex`'s `sending` parameters would require a `Sendable` state, and a store's state need not
  /// be one.
  // Safe without isolation: every access is inside `withLock`, so accesses are serialised. What moves
  // in and out does not cross isolation domains: the core moves a non-Sendable state only between
  // here and the code that processes it, and a store, the one owner whose state may be
  // non-Sendable, processes and reads it on the main actor alone; machines and state objects,
  // whose processing and readers run anywhere, require `Sendable` states. The one exception, the
  // live inspector's copy of a store's state after steps it skipped (see `readStepsFromRing`),
  // is made under the lock too, between steps, and handed on as an `InspectedValue`, which only
  // describes it, as every inspected state is. No runtime exclusivity
  // check: `withLock` is not re-entrant, so two accesses never overlap.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) final var machine: OwnerStateMachine<State, Message>
  /// Whether an inspector is attached: the context's flag, kept here too, so that the check made
  /// for every message needs no load of the context's slot.
  @usableFromInline final let inspected: Atomic<Bool>
  private final let effectsOnMainActor: Bool
  /// Whether the owner's processor begins each message's step itself (see
  /// ``beginProcessorStep(_:state:callSite:holdsOneMessage:)``), once it knows whether the step
  /// holds only that message: a chart's may also hold the events it raises, each a `received`
  /// record of its own, which a ``StepRing`` has no room for. Otherwise the core begins it, in
  /// the ring if a ``StepReader`` is the only inspector.
  @usableFromInline final let processorBeginsSteps: Bool
  /// Whether ``processSynchronously(_:queued:origin:callSite:observing:registrar:step:then:)`` runs,
  /// checked before Observation's willSet, so that a send from an observer's willSet is queued.
  // Safe without isolation: owners that process synchronously (a store) live on one actor and call
  // that method only from it, so only that actor reads or writes this flag, in single accesses
  // that need no runtime exclusivity check.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) final var processesSynchronously = false
  /// Whether ``processSynchronously(_:queued:origin:callSite:observing:registrar:step:then:)`` runs.
  // A getter rather than the stored flag for the other modules: a read that another module's
  // inlined code makes of the flag itself carries a runtime exclusivity check, which the
  // attribute above does not remove there.
  @inlinable package final var isProcessingSynchronously: Bool { processesSynchronously }
  #if DEBUG
    /// How many critical sections ran, so that tests can pin how many a path takes.
    // Safe without isolation: only touched inside `withLock`.
    @usableFromInline nonisolated(unsafe) final var criticalSections = 0
    /// The thread running a critical section, if one is, for ``assertLockHeld(_:file:line:)``.
    /// Debug builds only.
    // Safe without isolation: written only inside `withLock`; read by the assertion, which holds
    // the lock when the contract it checks is kept (a read without it is the breach it reports).
    @usableFromInline nonisolated(unsafe) final var lockHolder: UInt?
  #endif

  // Declared after the fields every message touches, which then share fewer cache lines. The
  // one-byte fields above follow the machine's last byte. What inspectors see of a message, and
  // the state before it, are kept by the inspection itself (see `willProcess`), so that an owner
  // nobody inspects keeps neither.

  /// Who the owner is. Kept here, not only in the context, so that the context can wait.
  @usableFromInline package final let identity: OwnerIdentity
  /// The owner's context, created when something first needs it (an effect, a diagnostic, an
  /// inspector) unless the owner was created under a diagnostic handler, inspector or test
  /// executor of its own, which the context captures at once. An idle owner keeps none: a context
  /// is 176 heap bytes. Unmanaged, so that it is installed with one compare-and-exchange; the core
  /// releases it in `deinit`.
  @usableFromInline final let servicesSlot: Atomic<Unmanaged<OwnerServices>?>
  /// Creates the core of an owner whose state starts as `state`.
  ///
  /// - Parameters:
  ///   - type: The owner's type, which names it in diagnostics and inspectors.
  ///   - callSite: Where the owner was created.
  ///   - effectsOnMainActor: Whether the owner's effect tasks start on the main actor, where a
  ///     main-actor owner receives what they deliver.
  ///   - processorBeginsSteps: Whether the owner's processor begins each message's step itself,
  ///     with ``beginProcessorStep(_:state:callSite:holdsOneMessage:)``, rather than the core.
  ///
  /// Inspectors see a message as itself, or as what its ``InspectableMessage/inspectedMessage``
  /// says.
  @usableFromInline
  package init(
    state: State, type: Any.Type, callSite: CallSite, effectsOnMainActor: Bool = false,
    processorBeginsSteps: Bool = false
  ) {
    let identity = OwnerIdentity(type: type, callSite: callSite)
    self.identity = identity
    let context = OwnerServices.scopeIsStandard ? nil : OwnerServices(identity: identity)
    self.servicesSlot = Atomic(context.map { Unmanaged.passRetained($0) })
    self.inspected = Atomic(context?.isInspected ?? false)
    self.effectsOnMainActor = effectsOnMainActor
    self.processorBeginsSteps = processorBeginsSteps
    self.machine = OwnerStateMachine(state: state)
    #if DEBUG
      context?.isOwnersLockHeld = lockCheck
    #endif
    // A step reader among the scope's inspectors (the live inspector, a journal) reads the
    // owner's steps from a ring.
    if context?.isInspected == true { readStepsFromRing() }
  }

  #if DEBUG
    /// What the context checks its effect scope's accesses with: whether this core's lock is held.
    private final var lockCheck: @Sendable () -> Bool {
      { [weak self] in self.map { $0.lockHolder == currentThreadID() } ?? true }
    }
  #endif

  deinit {
    // The context and its effect scope refer to each other: a core dropped without `close()`
    // (front-ends close theirs in their own `deinit`) must still end its effects and free both.
    // No lock: nothing else can reach a core that is being deinitialised.
    existingServices?.effectScope.take()?.close()
    servicesSlot.load(ordering: .acquiring)?.release()
  }

  /// Who the owner is, where its diagnostics go, and its inspectors. Created on first use.
  @usableFromInline
  package final var services: OwnerServices {
    if let existing = servicesSlot.load(ordering: .acquiring) { return existing.takeUnretainedValue() }
    let made = Unmanaged.passRetained(OwnerServices(standardScopeFor: identity))
    #if DEBUG
      made.takeUnretainedValue().isOwnersLockHeld = lockCheck
    #endif
    let (installed, existing) = servicesSlot.compareExchange(
      expected: nil, desired: made, ordering: .acquiringAndReleasing)
    guard installed, existing == nil else {
      made.release()
      return existing!.takeUnretainedValue()
    }
    return made.takeUnretainedValue()
  }

  /// Whether the context exists. For tests.
  package final var hasServices: Bool { servicesSlot.load(ordering: .acquiring) != nil }

  /// Whether an inspector is attached, without reaching the context: what the hot paths check, a
  /// relaxed atomic load.
  @inlinable
  package final var isInspected: Bool { inspected.load(ordering: .relaxed) }

  /// Attaches an inspector; it receives the records emitted from now on.
  package final func attach(_ inspector: any Inspector) {
    services.attach(inspector)
    inspected.store(true, ordering: .relaxed)
    readStepsFromRing()
  }

  /// If the owner's only inspector is a ``StepReader``, makes it write its steps to a ring that
  /// the reader drains, rather than records. Called when an inspector is attached, and by the
  /// owner once created (for the inspectors of its scope).
  @usableFromInline
  package final func readStepsFromRing() {
    guard isInspected else { return }
    let identity = self.identity
    services.installStepRing { sequence, capacity in
      StepRing<State, Message>(owner: identity, sequence: sequence, capacity: capacity) { [weak self] in
        guard let self else { return .gone }
        // A copy, made under the lock, of the state the cell holds between steps: during one,
        // a machine's cell still holds the state before it.
        return withLock { cell in
          if cell.mailbox.isClosed { return .gone }
          guard !cell.mailbox.isProcessing, let state = cell.state else { return .busy }
          return .state(InspectedValue(state))
        }
      }
    }
  }

  /// The task executor the owner's tasks prefer, without creating the context: `nil` but under a
  /// test store.
  @usableFromInline
  package final var executor: (any TaskExecutor)? {
    servicesSlot.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { $0.executor }
  }

  /// Closes the mailbox, resumes senders whose messages will never run, ends observers' streams
  /// and cancels every effect. Front-ends call it from their `deinit`.
  ///
  /// - Parameter releasingState: Whether to let the state go too: for an owner whose core may
  ///   outlive it, such as a state-object machine, whose states' visits keep its core.
  /// - Returns: The messages that will never be processed, with where they were sent from.
  @discardableResult
  package final func close(releasingState: Bool = false) -> [(message: Message, callSite: CallSite?)] {
    let (closed, effects) = withLock { cell in
      (cell.close(releasingState: releasingState), existingServices?.effectScope.take())
    }
    for envelope in closed.unprocessed { envelope.completion?.resume() }
    for observer in closed.observers {
      if let final = observer.final {
        // Safe: only `Sendable` states have observers (see `Delivery`).
        nonisolated(unsafe) let final = final
        observer.continuation.yield(final)
      }
      observer.continuation.finish()
    }
    effects?.close()
    return closed.unprocessed.map { ($0.message, $0.callSite) }
  }

  /// The context, if it has been made.
  private final var existingServices: OwnerServices? {
    servicesSlot.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// Whether the owner's effect scope exists. For tests.
  package final var hasEffectScope: Bool {
    guard let context = existingServices else { return false }
    return withLock { _ in context.effectScope != nil }
  }

  /// The owner's effects, created on first use. Once the owner is closed, it is a closed scope,
  /// which starts nothing. The scope is kept in the context, and read and installed under the
  /// owner's lock, where closing takes it.
  @usableFromInline
  package final var effects: EffectScope {
    let context = services
    if let scope = withLock({ cell in cell.isClosed ? nil : context.effectScope }) { return scope }
    // Made outside the lock. Another caller may install one first; this one is then dropped
    // unused. An owner that is closed gets it closed: it starts nothing.
    let made = EffectScope(context: context, startsOnMainActor: effectsOnMainActor)
    let installed = withLock { cell -> EffectScope? in
      guard !cell.isClosed else { return nil }
      if let existing = context.effectScope { return existing }
      context.effectScope = made
      return made
    }
    if let installed { return installed }
    made.close()
    return made
  }

  /// The current state. Fails with a precondition while the state is out with its processor,
  /// which only code that runs inside that processing (a reducer reading its own store) can see.
  @inlinable
  package final var ownerState: State {
    guard let state = withLock({ $0.current }) else {
      preconditionFailure(
        "\(services.name)'s state was read while a message was being processed, from inside the processing itself. Read the state the reducer is given instead."
      )
    }
    return state
  }

  /// Queues a message behind the one being processed, such as a follow-up that a store's reducer
  /// returned. Only the holder of the processing right calls it.
  @inlinable
  package final func enqueue(_ message: Message, callSite: CallSite?) {
    guard case .enqueued = withLock({ $0.submit(Envelope(message, callSite: callSite)) }) else {
      preconditionFailure("enqueue(_:callSite:) is for the holder of the processing right")
    }
  }

  // MARK: Finishing a message

  /// Proof that a processor finished its message, and what comes next.
  @usableFromInline
  package struct Finished {
    @usableFromInline package let next: MailboxStateMachine<Envelope>.NextAction

    @inlinable
    init(next: MailboxStateMachine<Envelope>.NextAction) {
      self.next = next
    }
  }

  /// Makes `newState` current and hands it to observers. With `finishing`, it also ends the
  /// message: when no one observes, storing the state and giving up the processing right take one
  /// critical section.
  @inlinable
  package final func commit(_ newState: consuming State, finishing: Bool) -> Finished? {
    // Recorded while the processing right is held: the next holder records its own message.
    recordStateUpdate(after: newState)
    // Moved into the cell rather than copied: the caller gives its copy up.
    var moving = Optional(newState)
    let (action, next) = withLockReturningResult { cell in
      let action = cell.commit(taking: moving.take()!)
      guard finishing, case .committed = action else {
        return (action, MailboxStateMachine<Envelope>.NextAction?.none)
      }
      return (action, cell.next())
    }
    if case .publish(let state, let observers) = action { publish(state, to: observers) }
    guard finishing else { return nil }
    return Finished(next: next ?? withLock { $0.next() })
  }

  /// ``commit(_:finishing:)`` for a caller that keeps its copy of the state: the core copies it
  /// once, inside the lock. For an existential state (a state-object machine's), which costs more
  /// to move through an optional than to copy there.
  ///
  /// Written out rather than sharing a helper with ``commit(_:finishing:)`` that takes the store
  /// as a closure: through the closure, a chart's snapshot is copied twice more.
  @inlinable
  package final func commit(copying newState: State, finishing: Bool) -> Finished? {
    recordStateUpdate(after: newState)
    let (action, next) = withLockReturningResult { cell in
      let action = cell.commit(newState)
      guard finishing, case .committed = action else {
        return (action, MailboxStateMachine<Envelope>.NextAction?.none)
      }
      return (action, cell.next())
    }
    if case .publish(let state, let observers) = action { publish(state, to: observers) }
    guard finishing else { return nil }
    return Finished(next: next ?? withLock { $0.next() })
  }

  /// Ends a message that changed nothing, or whose new state was committed already.
  @inlinable
  package final func finish() -> Finished {
    // Without a commit, the state after the message is the state before it.
    if isInspected, !endUnchangedStepInRing(), let before = services.takeStateBefore() {
      services.emit(.stateUpdated(before: before, after: before))
    }
    return Finished(next: withLockReturningResult { $0.next() })
  }

  @usableFromInline
  final func publish(_ state: State, to observers: [ObserverList<State>.Observer]) {
    let delivery = Delivery(state, to: observers)
    if !delivery.terminated.isEmpty {
      _ = withLock { $0.unsubscribe(ids: delivery.terminated) }
    }
  }
}
