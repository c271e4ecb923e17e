public import Synchronization

/// The last `capacity` steps of one owner, typed: the message, the state before and after it
/// when its reader needs them, where it was sent from, its sequence numbers and its ticks.
///
/// The owner writes a step under the ring's lock, from whichever thread runs the step; a reader
/// takes every step written so far under the same lock, an instant (it swaps the full storage
/// for empty room), and boxes them as records outside it. Nothing is allocated on the writing
/// thread but when the room grows. When the ring is full, the oldest unread step is overwritten
/// and counted, unless the reader asked to make room first (``AnyStepRing/whenFull(_:)``).
@usableFromInline
// Unchecked: `State` need not be `Sendable` (a store's state is not). The ring holds copies of
// values its owner has finished with, and hands them out only as `InspectedValue`s, which the same
// reasoning makes safe (see there). Its storage is touched under its lock, or by the one reader
// that took it.
package final class StepRing<State, Message: Sendable>: AnyStepRing, @unchecked Sendable {
  @usableFromInline
  struct Step {
    @usableFromInline let received: UInt64
    @usableFromInline let ticks: UInt64
    @usableFromInline let message: Message
    @usableFromInline let before: State?
    @usableFromInline let after: State?
    @usableFromInline let callSite: CallSite?
    /// Whether it holds states, which ``AnyStepRing/statesLimit`` bounds.
    @usableFromInline let holdsStates: Bool

    @inlinable
    init(
      received: UInt64, ticks: UInt64, message: Message, before: State?, after: State?,
      callSite: CallSite?, holdsStates: Bool
    ) {
      self.received = received
      self.ticks = ticks
      self.message = message
      self.before = before
      self.after = after
      self.callSite = callSite
      self.holdsStates = holdsStates
    }
  }

  /// Steps written since the last take: `count` of them from `start`, wrapping around, in room
  /// for `allocated`, which grows by doubling up to the ring's capacity: an owner that takes few
  /// steps between takes keeps little.
  @usableFromInline
  // Unchecked: handed between the ring's lock and the one reader that took it, each touching its
  // steps only while it holds them.
  struct Storage: @unchecked Sendable {
    @usableFromInline var steps: UnsafeMutablePointer<Step>
    @usableFromInline var allocated: Int
    @usableFromInline var start = 0
    @usableFromInline var count = 0
    @usableFromInline var dropped: UInt64 = 0
    /// How many of the steps hold states.
    @usableFromInline var holdingStates = 0

    init(allocated: Int) {
      self.steps = .allocate(capacity: allocated)
      self.allocated = allocated
    }

    init(emptied: Storage) {
      self.steps = emptied.steps
      self.allocated = emptied.allocated
    }

    /// Whether writing a step needs room made first: the ring holds `capacity` steps, or, for a
    /// step that holds states, `statesLimit` that do.
    @inlinable @inline(__always)
    func isFull(capacity: Int, statesLimit: Int, holdingStates holds: Bool) -> Bool {
      count >= capacity || holds && holdingStates >= statesLimit
    }

    /// Writes a step after the last, or over the oldest once the ring's capacity is reached; a
    /// step that holds states first drops the oldest while `statesLimit` steps hold states.
    @inlinable @inline(__always)
    mutating func append(_ step: consuming Step, capacity: Int, statesLimit: Int) {
      if _slowPath(step.holdsStates && holdingStates >= statesLimit) {
        dropOldest(whileHoldingStates: statesLimit)
      }
      if count == allocated, allocated < capacity { grow(capacity: capacity) }
      if step.holdsStates { holdingStates &+= 1 }
      if count < allocated {
        var index = start &+ count
        if index >= allocated { index &-= allocated }
        (steps + index).initialize(to: step)
        count &+= 1
      } else {
        if (steps + start).pointee.holdsStates { holdingStates &-= 1 }
        (steps + start).pointee = step
        start = start &+ 1 == allocated ? 0 : start &+ 1
        dropped &+= 1
      }
    }

    /// Drops the oldest steps, counting them, until fewer than `statesLimit` hold states.
    @inlinable @inline(never)
    mutating func dropOldest(whileHoldingStates statesLimit: Int) {
      while count > 0, holdingStates >= statesLimit {
        let oldest = (steps + start).move()
        if oldest.holdsStates { holdingStates -= 1 }
        start = start + 1 == allocated ? 0 : start + 1
        count -= 1
        dropped += 1
      }
    }

    /// Doubles the room, up to `capacity`, keeping the steps in order.
    @inlinable @inline(never)
    mutating func grow(capacity: Int) {
      let larger = UnsafeMutablePointer<Step>.allocate(capacity: min(capacity, 2 * allocated))
      let first = min(count, allocated - start)
      larger.moveInitialize(from: steps + start, count: first)
      (larger + first).moveInitialize(from: steps, count: count - first)
      steps.deallocate()
      steps = larger
      allocated = min(capacity, 2 * allocated)
      start = 0
    }

    /// Destroys the steps it holds, and frees their room.
    func deallocate() {
      let first = min(count, allocated - start)
      (steps + start).deinitialize(count: first)
      steps.deinitialize(count: count - first)
      steps.deallocate()
    }
  }

  /// A step begun by an owner whose processing suspends (a machine's), until it ends: what the
  /// step's start knows.
  @usableFromInline
  // Unchecked: it holds a copy of the owner's state for the reader, as a step does (see the class).
  struct PendingStep: @unchecked Sendable {
    @usableFromInline let received: UInt64
    @usableFromInline let message: Message
    @usableFromInline let before: State?
    @usableFromInline let callSite: CallSite?
    @usableFromInline let holdsStates: Bool

    @inlinable
    init(received: UInt64, message: Message, before: State?, callSite: CallSite?, holdsStates: Bool) {
      self.received = received
      self.message = message
      self.before = before
      self.callSite = callSite
      self.holdsStates = holdsStates
    }
  }

  /// What the ring's lock guards.
  @usableFromInline
  struct Locked: Sendable {
    @usableFromInline var storage: Storage
    /// The step an owner whose processing suspends began and has not ended.
    @usableFromInline var pending: PendingStep?
    /// Empty room that the next take swaps in, given back by the last box.
    var spare: Storage?
    /// The reader's wake-up, called after the next write.
    @usableFromInline var wake: (@Sendable () -> Void)?
    /// The reader's way to make room in a full ring (see ``AnyStepRing/whenFull(_:)``).
    @usableFromInline var makeRoom: (@Sendable () -> Void)?
  }

  /// The room a ring starts with.
  static var initialRoom: Int { 16 }

  @usableFromInline let capacity: Int
  /// Whether steps are stamped with the processor's counter: ``StepTicks/counterIsSteady``, kept
  /// here so that a write does not check a global's initialisation.
  @usableFromInline let usesCounter = StepTicks.counterIsSteady
  @usableFromInline let locked: CriticalState<Locked>

  package init(owner: OwnerIdentity, sequence: InspectionSequence, capacity: Int) {
    precondition(capacity > 0, "A step ring keeps at least one step.")
    self.capacity = capacity
    self.locked = CriticalState(Locked(storage: Storage(allocated: min(capacity, Self.initialRoom))))
    StepTicks.start()
    super.init(owner: owner, sequence: sequence)
  }

  deinit {
    locked.withLock { locked in
      locked.storage.deallocate()
      locked.spare?.deallocate()
    }
  }

  /// Ends a step that ``AnyStepRing/beginStep()`` began: writes it, with its states if the
  /// owner kept them for the reader. When the ring is full, makes room as its reader asked, or
  /// overwrites the oldest unread step. From the thread that ran the step. Returns `false`, and
  /// writes nothing, once the ring is closed: the owner then makes the step's records.
  ///
  /// Inlined into the owner's out-of-line `writeStep`, specialised for the owner's types.
  @inlinable @inline(__always)
  package func endStep(
    received: UInt64, message: Message, before: State?, after: State?, callSite: CallSite?,
    holdsStates: Bool
  ) -> Bool {
    let ticks = usesCounter ? StepTicks.counter : StepTicks.clock
    let statesLimit = statesLimit.load(ordering: .relaxed)
    var outcome = StepWrite.written
    let wake = locked.withLock { locked -> (@Sendable () -> Void)? in
      // Under the lock, as a take reads it: no step lands in a ring that a take found closed.
      if _slowPath(isClosed) {
        outcome = .closed
        return nil
      }
      if _slowPath(
        locked.makeRoom != nil
          && locked.storage.isFull(capacity: capacity, statesLimit: statesLimit, holdingStates: holdsStates))
      {
        outcome = .full
        return nil
      }
      // Made in place: a step made outside and copied in went through its value witnesses.
      locked.storage.append(
        Step(
          received: received, ticks: ticks, message: message, before: before, after: after,
          callSite: callSite, holdsStates: holdsStates),
        capacity: capacity, statesLimit: statesLimit)
      stepInFlight.store(0, ordering: .relaxed)
      return locked.wake.take()
    }
    switch outcome {
    case .written:
      if _slowPath(wake != nil) { wake?() }
      return true
    case .full:
      return endStepMakingRoom(
        received: received, ticks: ticks, message: message, before: before, after: after,
        callSite: callSite, holdsStates: holdsStates)
    case .closed:
      stepInFlight.store(0, ordering: .relaxed)
      return false
    }
  }

  /// What ``endStep(received:message:before:after:callSite:holdsStates:)`` did under the lock.
  @usableFromInline
  enum StepWrite {
    case written, full, closed
  }

  /// Ends a step in a full ring whose reader makes room: has it take the steps, then writes the
  /// step, overwriting the oldest if there is still no room.
  @inlinable @inline(never)
  func endStepMakingRoom(
    received: UInt64, ticks: UInt64, message: Message, before: State?, after: State?,
    callSite: CallSite?, holdsStates: Bool
  ) -> Bool {
    locked.withLock { $0.makeRoom }?()
    let statesLimit = statesLimit.load(ordering: .relaxed)
    var written = true
    let wake = locked.withLock { locked -> (@Sendable () -> Void)? in
      guard !isClosed else {
        written = false
        return nil
      }
      locked.storage.append(
        Step(
          received: received, ticks: ticks, message: message, before: before, after: after,
          callSite: callSite, holdsStates: holdsStates),
        capacity: capacity, statesLimit: statesLimit)
      return locked.wake.take()
    }
    stepInFlight.store(0, ordering: .relaxed)
    wake?()
    return written
  }

  /// Begins a step whose processing may suspend (a machine's): takes its sequence numbers, and
  /// keeps what its start knows until ``endPendingStep(after:)`` writes it. The owner's steps run
  /// one at a time, so one step at most is pending.
  @inlinable
  package func beginPendingStep(message: Message, before: State?, callSite: CallSite?, holdsStates: Bool) {
    let pending = PendingStep(
      received: beginStep(), message: message, before: before, callSite: callSite, holdsStates: holdsStates)
    locked.withLock { $0.pending = pending }
  }

  /// How ``endPendingStep(after:)`` ended a step.
  @usableFromInline
  package enum PendingStepEnd {
    /// No step was begun in the ring: its records end it.
    case notBegun
    case written
    /// The ring was closed while the step ran: the owner makes its records, from these.
    case closed(message: Message, before: State?, after: State?, callSite: CallSite?)
  }

  /// Ends the step that ``beginPendingStep(message:before:callSite:holdsStates:)`` began, with the
  /// state after it (`nil`: unchanged), and writes it as
  /// ``endStep(received:message:before:after:callSite:holdsStates:)`` does.
  @inlinable
  package func endPendingStep(after: State?) -> PendingStepEnd {
    guard let pending = locked.withLock({ $0.pending.take() }) else { return .notBegun }
    let after = pending.holdsStates ? (after ?? pending.before) : nil
    guard
      endStep(
        received: pending.received, message: pending.message, before: pending.before, after: after,
        callSite: pending.callSite, holdsStates: pending.holdsStates)
    else {
      return .closed(message: pending.message, before: pending.before, after: after, callSite: pending.callSite)
    }
    return .written
  }

  override package func takeSteps() -> RingTake {
    let capacity = capacity
    let (full, wasClosed, inFlight) = locked.withLock { locked -> (Storage?, Bool, UInt64) in
      let wasClosed = isClosed
      let inFlight = stepInFlight.load(ordering: .relaxed)
      guard locked.storage.count > 0 || locked.storage.dropped > 0 else { return (nil, wasClosed, inFlight) }
      let full = locked.storage
      locked.storage = locked.spare.take() ?? Storage(allocated: min(capacity, Self.initialRoom))
      return (full, wasClosed, inFlight)
    }
    return RingTake(
      steps: full.map { full in TakenSteps { [self] limit in records(of: full, keepingNewest: limit) } },
      wasClosed: wasClosed, stepInFlight: inFlight == 0 ? nil : inFlight)
  }

  /// Boxes the steps of `full`, which is the reader's alone now, at most the newest `limit`.
  private func records(of full: Storage, keepingNewest limit: Int) -> DrainedSteps {
    let converter = StepTicks.Converter()
    let skipped = max(0, full.count - max(0, limit))
    var records: [InspectionRecord] = []
    records.reserveCapacity(2 * (full.count - skipped))
    for offset in 0..<full.count {
      var index = full.start + offset
      if index >= full.allocated { index -= full.allocated }
      guard offset >= skipped else {
        (full.steps + index).deinitialize(count: 1)
        continue
      }
      let step = (full.steps + index).move()
      let time = converter.sinceEpoch(step.ticks)
      var received = InspectionRecord(
        owner: owner, sequence: step.received, sinceEpoch: time,
        kind: .received(InspectedValue(message: step.message)), callSite: step.callSite)
      // The records of the overwritten and skipped steps: the first record after the gap
      // counts them.
      if offset == skipped { received.droppedBefore = 2 * (full.dropped + UInt64(skipped)) }
      records.append(received)
      records.append(
        InspectionRecord(
          owner: owner, sequence: step.received + 1, sinceEpoch: time,
          kind: .stateUpdated(
            before: step.before.map { InspectedValue($0) } ?? .notKept,
            after: step.after.map { InspectedValue($0) } ?? .notKept)))
    }
    // Empty again: the next take swaps it in, unless it has empty room already.
    let emptied = Storage(emptied: full)
    let unused = locked.withLock { locked -> Storage? in
      guard locked.spare == nil else { return emptied }
      locked.spare = emptied
      return nil
    }
    unused?.steps.deallocate()
    return DrainedSteps(records: records, dropped: full.dropped + UInt64(skipped))
  }

  override package func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
    locked.withLock { locked in
      guard locked.storage.count == 0, locked.storage.dropped == 0 else { return false }
      locked.wake = wake
      return true
    }
  }

  override package func whenFull(_ makeRoom: (@Sendable () -> Void)?) {
    locked.withLock { $0.makeRoom = makeRoom }
  }
}
