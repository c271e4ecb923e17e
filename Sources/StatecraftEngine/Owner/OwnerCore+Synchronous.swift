public import Observation
public import Synchronization

/// The loop of an owner that lives on one actor and whose processing never suspends (a store):
/// each message processed in the sender's call, and everything queued behind it, with the state
/// taken out of the lock for the whole run.
extension OwnerCore {
  /// What the synchronous processing loop does after one message.
  @usableFromInline
  enum SynchronousStep {
    case process(Envelope)
    case publish(State, [ObserverList<State>.Observer])
    case done
  }

  /// Processes `message` now, and everything queued behind it, or queues it if a message is being
  /// processed. The state is taken out for the whole run, so that `step` mutates it in place, and
  /// the run is one Observation change of the property that `registrar` observes. Used by owners
  /// that live on one actor and whose processing never suspends, such as a store.
  ///
  /// - Parameters:
  ///   - queued: Makes the message to queue when another is being processed; called only then.
  ///   - step: Changes the state for a message, and returns what follows from it.
  ///   - then: Acts on what `step` returned (such as starting effects), after inspectors have seen
  ///     the new state.
  /// - Returns: `false` if the message was not processed now: it was queued behind the one being
  ///   processed, or the owner is closed.
  // Always inlined into the owner's `send` (see `Store.send`): the inspected branches made it too
  // large for the compiler's heuristics.
  @inlinable @inline(__always)
  package final func processSynchronously<Subject: Observable, Outcome>(
    _ message: @autoclosure () -> Message,
    queued: () -> Message,
    origin: EffectHandle?,
    callSite: CallSite?,
    observing subject: Subject, registrar: borrowing LazyObservationRegistrar<Subject, State>,
    step: (inout State, Message, CallSite?) -> Outcome,
    then: (Outcome, Message, CallSite?) -> Void
  ) -> Bool {
    // A message sent while another is processed (by the reducer, an observer's willSet, an
    // inspector: only re-entrant code can) is queued behind it, inside its Observation change.
    guard !processesSynchronously else {
      withLock { $0.append(Envelope(queued(), origin: origin, callSite: callSite)) }
      return false
    }
    processesSynchronously = true
    defer { processesSynchronously = false }
    var processed = false
    // Observation's willSet runs before the state is taken out, so that an observer that reads
    // the state in it finds it. `willSet` and `didSet` rather than `withMutation`, which is a
    // generic call through Observation's resilient interface with the processing as its closure.
    registrar.willSet(subject)
    defer { registrar.didSet(subject) }
    // Called at once, so that its early returns end the run.
    _ = { () -> Void in
      var claimed = withLock { cell -> State? in
        guard cell.claim() != nil else {
          // Closed, or processing for a sender of another kind: queue it.
          _ = cell.submit(Envelope(queued(), origin: origin, callSite: callSite))
          return nil
        }
        return cell.take()
      }
      // Moved out, not copied: a second reference would make the reducer copy the state.
      guard var state = claimed.take() else { return }
      processed = true
      var envelope = Envelope(message(), origin: origin, callSite: callSite)
      while true {
        if envelope.origin?.isCancelled != true {
          let outcome: Outcome
          if _slowPath(isInspected) {
            if let ring = stepRing {
              if ring._withUnsafeGuaranteedRef({ $0.skipsStep() }) {
                // The reader will describe none of the steps of the next while: counted only.
                outcome = step(&state, envelope.message, envelope.callSite)
              } else {
                // A step reader is the only inspector: the step goes to its ring, typed, with its
                // states if the reader needs this step's (a kept state makes the step copy it).
                let keeps = stepKeepsStates
                let before = keeps ? state : nil
                let received = ring._withUnsafeGuaranteedRef { $0.beginStep() }
                outcome = step(&state, envelope.message, envelope.callSite)
                writeStep(
                  to: ring, received: received, envelope.message, callSite: envelope.callSite, before: before,
                  after: keeps ? state : nil)
              }
            } else {
              // A state kept for the inspectors makes the step copy it: keep it only if they
              // need this step's.
              let keeps = services.keepsStates()
              let before = keeps ? InspectedValue(state) : .notKept
              let received = InspectionRecord.Kind.received(InspectedValue(message: envelope.message))
              let claim = services.beginStep(received, callSite: envelope.callSite)
              outcome = step(&state, envelope.message, envelope.callSite)
              services.endStep(
                claim, received: received, callSite: envelope.callSite,
                update: .stateUpdated(
                  before: before, after: keeps ? InspectedValue(state) : .notKept))
            }
          } else {
            outcome = step(&state, envelope.message, envelope.callSite)
          }
          then(outcome, envelope.message, envelope.callSite)
        }
        envelope.completion?.resume()
        // With more queued, go on with the state still out; otherwise put it back, publish it,
        // and give the processing right up.
        let step = withLock { cell -> SynchronousStep in
          if cell.mailbox.queuedCount > 0, case .process(let next, _) = cell.next() {
            return .process(next)
          }
          switch cell.restore(state) {
          case .committed:
            _ = cell.next()  // the queue is empty: this gives the right up
            return .done
          case .publish(let published, let observers): return .publish(published, observers)
          }
        }
        switch step {
        case .process(let next):
          envelope = next
          continue
        case .done:
          return
        case .publish(let published, let observers):
          publish(published, to: observers)
        }
        // A message may have arrived while the state was published: take it out again and go on.
        let resumed = withLock { cell -> (Envelope, State)? in
          guard case .process(let next, _) = cell.next() else { return nil }
          return (next, cell.take())
        }
        guard let (next, taken) = resumed else { return }
        (envelope, state) = (next, taken)
      }
    }()
    return processed
  }

  /// Writes a step to the ring a step reader reads, or, if the ring was closed during the step
  /// (another inspector was attached), makes its records: specialised for the owner's types where
  /// the owner's code is, but not inlined there.
  @inlinable @inline(never)
  final func writeStep(
    to ring: Unmanaged<AnyStepRing>, received: UInt64, _ message: Message, callSite: CallSite?,
    before: State?, after: State?
  ) {
    let written = ring._withUnsafeGuaranteedRef { ring in
      unsafeDowncast(ring, to: StepRing<State, Message>.self).endStep(
        received: received, message: message, before: before, after: after, callSite: callSite)
    }
    if !written {
      emitStep(message, before: before, after: after, callSite: callSite)
    }
  }

  /// The ring the owner writes its steps to, while a ``StepReader`` is its only inspector; `nil`
  /// when it makes records (see ``Inspection/stepRing``). Unretained: the owner's context keeps it, and the core keeps its
  /// context.
  @inlinable
  final var stepRing: Unmanaged<AnyStepRing>? {
    servicesSlot.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { $0.stepRing }
  }
}
