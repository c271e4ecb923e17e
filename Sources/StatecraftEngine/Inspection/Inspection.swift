import DequeModule
public import Synchronization

/// The inspectors of one owner, and the serial delivery of its records to them.
///
/// An owner creates it when its first inspector is attached (see ``OwnerServices``). The hot paths
/// ask the owner's `isInspected` first, a relaxed atomic load: an owner with no inspector builds no
/// record, copies no state and takes no lock. Records are numbered and queued under one lock,
/// then delivered outside it: whoever finds no delivery under way delivers until the queue is
/// empty. Records of one owner thus reach inspectors one at a time and in
/// order, even when effects emit them from several threads, and an inspector that causes a record
/// itself (by reporting a diagnostic) does not deadlock: that record waits its turn.
///
/// **Bounded, dropping the oldest.** While one thread delivers (to a slow inspector, say), the
/// others only queue, and the queue keeps at most ``bufferLimit`` records: the largest
/// ``Inspector/bufferLimit`` of the inspectors attached. A record queued beyond it drops the oldest
/// one waiting. The owner never waits for its inspectors. The next record delivered says how many
/// were dropped before it (``InspectionRecord/droppedBefore``), and its sequence number skips
/// theirs.
@usableFromInline
package final class Inspection: Sendable {
  private struct State {
    var inspectors: [any Inspector]
    /// Whether a thread is delivering records now; the others queue theirs.
    var isDelivering = false
    var queue = Deque<InspectionRecord>()
    var bufferLimit: Int
    /// Records dropped since the last one delivered.
    var dropped: UInt64 = 0
    /// Records dropped since the owner was created.
    var droppedInAll: UInt64 = 0
    /// The owner's state before the message being processed, until its update is recorded.
    var stateBefore: InspectedValue?

    init(inspectors: [any Inspector]) {
      self.inspectors = inspectors
      self.bufferLimit = inspectors.map(\.bufferLimit).max() ?? Inspection.defaultBufferLimit
    }

    /// The next queued record to deliver, with the number of records dropped before it; `nil`
    /// when the queue is empty, which ends this thread's delivery.
    mutating func nextRecord() -> InspectionRecord? {
      guard var record = queue.popFirst() else {
        isDelivering = false
        return nil
      }
      record.droppedBefore = dropped
      dropped = 0
      return record
    }
  }

  /// How many records wait for a slow inspector, unless an inspector asks for more: about a
  /// second of a busy owner's records, at a few hundred bytes each plus the states they hold.
  package static let defaultBufferLimit = 1_000

  private let state: CriticalState<State>
  /// The owner's sequence numbers. Records take theirs under the lock, so that they queue in
  /// their order; a step written to a ``StepRing`` takes its own without it.
  private let sequence = InspectionSequence()
  /// The ring the owner writes its steps to while a ``StepReader`` is its only inspector: set
  /// once, never replaced, released in `deinit`. Closed when another inspector is attached.
  @usableFromInline let stepRingSlot = Atomic<Unmanaged<AnyStepRing>?>(nil)
  /// The demand of the owner's only inspector, if it samples states (``StateSampling``): set when
  /// that inspector is attached, never replaced, released in `deinit`.
  @usableFromInline let demandSlot = Atomic<Unmanaged<StateDemand>?>(nil)
  /// Whether the owner keeps every step's states: true until a sampling inspector is its only
  /// one, and for good once another is attached.
  @usableFromInline let keepsEveryState = Atomic<Bool>(true)
  /// Whether `stateBefore` holds a state: read at every inspected step (an owner whose steps go
  /// to a ring keeps none), without the lock.
  private let holdsStateBefore = Atomic<Bool>(false)
  /// Whether a thread is delivering records: `State.isDelivering`, for the owner's step to read
  /// without the lock (see ``stepRing``).
  @usableFromInline let isDelivering = Atomic<Bool>(false)

  package init(inspectors: [any Inspector]) {
    self.state = CriticalState(State(inspectors: inspectors))
    if inspectors.count == 1, let sampling = inspectors[0] as? any StateSampling {
      sampling.stateDemand.ownerSamples = true
      demandSlot.store(Unmanaged.passRetained(sampling.stateDemand), ordering: .releasing)
      keepsEveryState.store(false, ordering: .releasing)
    }
  }

  deinit {
    demandSlot.load(ordering: .acquiring)?.release()
    if let ring = stepRingSlot.load(ordering: .acquiring) {
      ring.takeUnretainedValue().closeForOwner()
      ring.release()
    }
  }

  /// Attaches another inspector; it receives the records emitted from now on. The owner stops
  /// writing its steps to a ring: every inspector, the ring's reader included, gets records.
  package func attach(_ inspector: any Inspector) {
    // Before the inspector is added: the steps it gets records of keep their states.
    keepsEveryState.store(true, ordering: .releasing)
    demandSlot.load(ordering: .acquiring)?.takeUnretainedValue().ownerSamples = false
    state.withLock { state in
      state.bufferLimit =
        state.inspectors.isEmpty ? inspector.bufferLimit : max(state.bufferLimit, inspector.bufferLimit)
      state.inspectors.append(inspector)
    }
    stepRingSlot.load(ordering: .acquiring)?.takeUnretainedValue().closeForOwner()
  }

  /// Makes the owner write its steps to the ring that `make` makes, if its only inspector is a
  /// ``StepReader`` and it has no ring yet, and hands the ring to that reader.
  package func installStepRing(
    _ make: (_ sequence: InspectionSequence, _ capacity: Int) -> AnyStepRing
  ) {
    let reader = state.withLock { state -> (any StepReader)? in
      guard state.inspectors.count == 1, let reader = state.inspectors[0] as? any StepReader,
        stepRingSlot.load(ordering: .acquiring) == nil
      else { return nil }
      return reader
    }
    guard let reader else { return }
    let made = Unmanaged.passRetained(make(sequence, reader.bufferLimit))
    guard
      stepRingSlot.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        .exchanged
    else {
      made.release()
      return
    }
    // Another inspector attached meanwhile found no ring to close: close it now.
    if state.withLock({ $0.inspectors.count }) > 1 { made.takeUnretainedValue().closeForOwner() }
    reader.read(made.takeUnretainedValue())
  }

  /// The ring the owner writes its steps to, while it does: `nil` when it makes records.
  /// Unretained: the inspection keeps it as long as the owner's context, and the owner's step
  /// that writes to it holds the context.
  ///
  /// `nil` too while another thread delivers records: records the owner emitted before this step
  /// may wait in the queue for that thread, and a step written to the ring now could reach the
  /// reader before them (a chart's step, its first message, before the state update of the step
  /// before it). The step makes records instead, which queue behind them.
  @inlinable
  package var stepRing: Unmanaged<AnyStepRing>? {
    guard let ring = stepRingSlot.load(ordering: .acquiring), !isDelivering.load(ordering: .acquiring) else {
      return nil
    }
    return ring._withUnsafeGuaranteedRef { $0.isClosed } ? nil : ring
  }

  /// Whether the step about to run keeps its states for the inspectors: always, unless the only
  /// inspector samples states and does not need this step's.
  @inlinable
  package func keepsStates() -> Bool {
    guard !keepsEveryState.load(ordering: .acquiring),
      let demand = demandSlot.load(ordering: .acquiring)
    else { return true }
    return demand._withUnsafeGuaranteedRef { $0.take() }
  }

  /// How many records wait to be delivered. For tests.
  package var queuedCount: Int { state.withLock { $0.queue.count } }

  /// How many records were dropped since the owner was created. For tests.
  package var droppedCount: UInt64 { state.withLock { $0.droppedInAll } }

  /// Keeps the owner's state before the message being processed, until
  /// ``takeStateBefore()`` records its update. Kept here, so that an owner nobody inspects keeps
  /// no room for it.
  package func keepStateBefore(_ before: InspectedValue) {
    state.withLock { $0.stateBefore = before }
    holdsStateBefore.store(true, ordering: .relaxed)
  }

  /// Whether ``keepStateBefore(_:)`` kept a state that ``takeStateBefore()`` has not taken.
  /// Without the lock: only the owner's processing keeps and takes it, one step at a time.
  package var keepsStateBefore: Bool {
    holdsStateBefore.load(ordering: .relaxed)
  }

  /// The state that ``keepStateBefore(_:)`` kept, once.
  package func takeStateBefore() -> InspectedValue? {
    guard holdsStateBefore.load(ordering: .relaxed) else { return nil }
    holdsStateBefore.store(false, ordering: .relaxed)
    return state.withLock { $0.stateBefore.take() }
  }

  /// What a thread that claimed the delivery needs to build and deliver its record outside the
  /// lock.
  @usableFromInline
  package struct Claim {
    let sequence: UInt64
    let time: Duration
    let dropped: UInt64
    let inspectors: [any Inspector]
  }

  /// Numbers, timestamps and delivers a record of `owner`.
  ///
  /// The common case, no other thread delivering, takes the lock twice and copies the record
  /// into no queue: once to number it and claim the delivery, once to find the queue empty.
  package func emit(_ kind: consuming InspectionRecord.Kind, owner: OwnerIdentity, callSite: CallSite?) {
    guard let claim = claim({ copy kind }, owner: owner, callSite: callSite) else { return }
    deliver(record(kind, claim, owner: owner, callSite: callSite), then: nil, to: claim.inspectors)
  }

  /// Numbers and timestamps the `received` record of a step and claims the delivery, without
  /// delivering yet: ``emitStateUpdated(_:callSite:update:owner:claim:)`` delivers both when the step ends,
  /// with one more lock and one clock read for the two. `nil` when another thread is delivering:
  /// the record is queued, as ``emit(_:owner:callSite:)`` would.
  ///
  /// Records that the step emits meanwhile (a diagnostic, say) are queued behind this one, so
  /// inspectors still receive every record in sequence order.
  package func claimStep(
    _ received: InspectionRecord.Kind, owner: OwnerIdentity, callSite: CallSite?
  ) -> Claim? {
    claim({ received }, owner: owner, callSite: callSite)
  }

  /// Ends a step that ``claimStep(_:owner:callSite:)`` began: delivers its `received` record and
  /// then its state update, stamped with the step's time.
  package func emitStateUpdated(
    _ received: consuming InspectionRecord.Kind, callSite: CallSite?,
    update: consuming InspectionRecord.Kind, owner: OwnerIdentity, claim: Claim
  ) {
    let first = record(received, claim, owner: owner, callSite: callSite)
    let updated = state.withLock { state -> (sequence: UInt64, inspectors: [any Inspector])? in
      let sequence = sequence.next()
      guard state.queue.isEmpty else {
        // Records emitted during the step wait: the update goes behind them.
        state.queue.append(
          InspectionRecord(owner: owner, sequence: sequence, sinceEpoch: claim.time, kind: copy update))
        return nil
      }
      return (sequence, state.inspectors)
    }
    guard let updated else {
      deliver(first, then: nil, to: claim.inspectors)
      return
    }
    let second = InspectionRecord(
      owner: owner, sequence: updated.sequence, sinceEpoch: claim.time, kind: update)
    deliver(first, then: second, to: updated.inspectors)
  }

  /// Numbers and timestamps a record, and claims the delivery; queues the record instead if
  /// another thread is delivering.
  private func claim(
    _ kind: () -> InspectionRecord.Kind, owner: OwnerIdentity, callSite: CallSite?
  ) -> Claim? {
    state.withLock { state -> Claim? in
      let sequence = sequence.next()
      let time = InspectionRecord.sinceEpoch
      guard !state.isDelivering else {
        // Someone else delivers: queue the record, keeping the bound by dropping the oldest.
        state.queue.append(
          InspectionRecord(
            owner: owner, sequence: sequence, sinceEpoch: time, kind: kind(), callSite: callSite))
        if state.queue.count > state.bufferLimit, state.queue.popFirst() != nil {
          state.dropped += 1
          state.droppedInAll += 1
        }
        return nil
      }
      state.isDelivering = true
      isDelivering.store(true, ordering: .relaxed)
      defer { state.dropped = 0 }
      return Claim(
        sequence: sequence, time: time, dropped: state.dropped, inspectors: state.inspectors)
    }
  }

  private func record(
    _ kind: consuming InspectionRecord.Kind, _ claim: Claim, owner: OwnerIdentity,
    callSite: CallSite?
  ) -> InspectionRecord {
    var record = InspectionRecord(
      owner: owner, sequence: claim.sequence, sinceEpoch: claim.time, kind: kind,
      callSite: callSite)
    record.droppedBefore = claim.dropped
    return record
  }

  /// Delivers `first` (and `second`) to `inspectors`, then what was queued meanwhile, until the
  /// queue is empty; then gives the delivery up. Only the thread holding the delivery calls it.
  private func deliver(
    _ first: InspectionRecord, then second: InspectionRecord?, to inspectors: [any Inspector]
  ) {
    // Outside the lock: an inspector may emit (by reporting a diagnostic), and that record
    // waits its turn behind these.
    for inspector in inspectors {
      inspector.receive(first)
      if let second { inspector.receive(second) }
    }
    while let (record, inspectors) = state.withLock({ state -> (InspectionRecord, [any Inspector])? in
      guard let record = state.nextRecord() else {
        // After every record delivered: an owner's step that reads it sees them delivered.
        isDelivering.store(false, ordering: .releasing)
        return nil
      }
      return (record, state.inspectors)
    }) {
      for inspector in inspectors { inspector.receive(record) }
    }
  }
}
