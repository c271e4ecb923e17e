import CStatecraftRuntime
public import Synchronization

/// The last `capacity` steps of one owner, typed: the message, the state before and after it
/// when its reader needs them, where it was sent from, its sequence numbers and its ticks.
///
/// The owner writes a step from whichever thread runs it, and a reader takes every step written
/// so far from any other, without a lock. The steps are in a storage whose address is in one
/// atomic slot. The writer holds the storage for the instant of a write (one atomic exchange puts
/// a mark in the slot; a plain store puts the storage back); a reader takes it with a
/// compare-and-exchange, leaving the slot empty, and waits (yielding) while the writer holds it.
/// The writer then writes to empty room the reader gave back, or to new room. The reader boxes
/// the steps as records after the take. Nothing is allocated on the writing thread but when the
/// room grows, or shrinks to the reader's ``AnyStepRing/stepLimit``. When the storage is full,
/// the oldest unread step is overwritten and counted, unless the reader asked to make room first
/// (``AnyStepRing/whenFull(_:)``).
///
/// The slot, the closed flag and the reader's wait flag are sequentially consistent, so that:
/// - a take that finds the ring closed, then takes nothing, is sure that no later write lands
///   (the writer checks the flag after its exchange);
/// - a reader that waits for the next write, then finds the slot empty, is sure that the next
///   writer sees its flag (the writer loads it after its exchange).
@usableFromInline
// Unchecked: `State` need not be `Sendable` (a store's state is not). The ring holds copies of
// values its owner has finished with, and hands them out only as `InspectedValue`s, which the same
// reasoning makes safe (see there). A storage is touched by the writer that holds it or by the one
// reader that took it, each handing it over through the slot's exchanges; `pending`,
// `pendingBefore` and `pendingSkipped` only by the owner's step in progress, and the owner runs one
// step at a time.
package final class StepRing<State, Message: Sendable>: AnyStepRing, @unchecked Sendable {
  @usableFromInline
  struct Step {
    @usableFromInline let received: UInt64
    @usableFromInline let ticks: UInt64
    @usableFromInline let message: Message
    @usableFromInline let callSite: CallSite?
    /// The clock's time of a ``ClockedState`` after the step, kept or not.
    @usableFromInline let clockTime: Duration?
    /// Whether its states are in the storage's `states`; ``AnyStepRing/statesLimit`` bounds the
    /// steps that hold them.
    @usableFromInline let holdsStates: Bool
    /// How many steps the owner had skipped in all when it wrote this one.
    @usableFromInline let skipped: UInt64

    @inlinable
    init(
      received: UInt64, ticks: UInt64, message: Message, callSite: CallSite?, clockTime: Duration?, holdsStates: Bool,
      skipped: UInt64
    ) {
      self.received = received
      self.ticks = ticks
      self.skipped = skipped
      self.message = message
      self.callSite = callSite
      self.clockTime = clockTime
      self.holdsStates = holdsStates
    }
  }

  /// A step begun by an owner whose processing suspends (a machine's), until it ends: what the
  /// step's start knows but the state before it, which ``pendingBefore`` keeps.
  @usableFromInline
  struct PendingStep: Sendable {
    @usableFromInline let received: UInt64
    @usableFromInline let message: Message
    @usableFromInline let callSite: CallSite?
    /// The clock's time of a ``ClockedState`` after the step.
    @usableFromInline let clockTime: Duration?
    /// Whether the reader needs this step's states.
    @usableFromInline let holdsStates: Bool

    @inlinable
    init(received: UInt64, message: Message, callSite: CallSite?, clockTime: Duration?, holdsStates: Bool) {
      self.received = received
      self.message = message
      self.callSite = callSite
      self.clockTime = clockTime
      self.holdsStates = holdsStates
    }
  }

  /// What a reader leaves for the writer.
  @usableFromInline
  struct ReaderCalls: Sendable {
    /// The reader's wake-up, called after the next write.
    var wake: (@Sendable () -> Void)?
    /// The reader's way to make room in a full ring (see ``AnyStepRing/whenFull(_:)``).
    @usableFromInline var makeRoom: (@Sendable () -> Void)?
  }

  /// The room a ring starts with.
  static var initialRoom: Int { 16 }
  /// The slot's value while the writer holds the storage.
  @usableFromInline static var writing: UInt { 1 }

  @usableFromInline let capacity: Int
  /// Whether steps are stamped with the processor's counter: ``StepTicks/counterIsSteady``, kept
  /// here so that a write does not check a global's initialisation.
  @usableFromInline let usesCounter = StepTicks.counterIsSteady
  /// The address of the storage holding the steps written since the last take; 0 when the last
  /// take left none, ``writing`` while the writer holds it.
  @usableFromInline let slot = Atomic<UInt>(0)
  /// Empty room the last take gave back, for the writer's next storage; 0 when none.
  @usableFromInline let spare = Atomic<UInt>(0)
  /// Whether a reader waits for the next write (``wakeOnNextWrite(_:)``).
  @usableFromInline let readerWaits = Atomic<Bool>(false)
  /// Whether the reader makes room in a full storage, rather than let the oldest step go.
  @usableFromInline let readerMakesRoom = Atomic<Bool>(false)
  @usableFromInline let readerCalls = CriticalState(ReaderCalls())
  /// The step an owner whose processing suspends began and has not ended.
  // Unchecked exclusivity: touched only by the owner's step in progress, and the owner runs one
  // step at a time; the dynamic check was a visible part of every inspected chart's step.
  @exclusivity(unchecked) @usableFromInline var pending: PendingStep?
  /// The state before the pending step, if it holds states; touched as `pending` is. A step
  /// without states leaves it as it is (clearing it would cost that step an optional's destroy):
  /// only a step begun and never ended can leave a state here, until the next that holds states.
  @exclusivity(unchecked) @usableFromInline var pendingBefore: State?
  /// Whether the owner's step in progress was skipped (``AnyStepRing/skipsSteps``); touched as
  /// `pending` is.
  @exclusivity(unchecked) @usableFromInline var pendingSkipped = false

  /// - Parameters:
  ///   - currentState: The owner's state now: what a reader shows after the steps it had the
  ///     owner skip.
  package init(
    owner: OwnerIdentity, sequence: InspectionSequence, capacity: Int,
    currentState: @escaping @Sendable () -> OwnerStateNow = { .gone }
  ) {
    precondition(capacity > 0, "A step ring keeps at least one step.")
    self.capacity = capacity
    StepTicks.start()
    super.init(owner: owner, sequence: sequence, currentState: currentState)
  }

  deinit {
    for address in [slot.load(ordering: .acquiring), spare.load(ordering: .acquiring)] where address > Self.writing {
      Self.free(Self.storage(at: address))
    }
  }

  @inlinable @inline(__always)
  static func storage(at address: UInt) -> UnsafeMutablePointer<Storage> {
    UnsafeMutablePointer(bitPattern: address).unsafelyUnwrapped
  }

  @inlinable @inline(__always)
  static func address(of storage: UnsafeMutablePointer<Storage>) -> UInt {
    UInt(bitPattern: storage)
  }

  private static func free(_ storage: UnsafeMutablePointer<Storage>) {
    storage.pointee.deallocate()
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Takes the slot's storage for a write: the one it holds, or, after a take, the room the
  /// reader gave back, or new room. `nil` if the ring is closed (the slot is left as it was).
  /// Returns whether a reader waits for this write too.
  @inlinable @inline(__always)
  func holdStorage() -> (storage: UnsafeMutablePointer<Storage>, readerWaits: Bool)? {
    let held = slot.exchange(Self.writing, ordering: .sequentiallyConsistent)
    // After the exchange, as a take loads it before its own (see the class).
    if _slowPath(isClosed) {
      slot.store(held, ordering: .releasing)
      return nil
    }
    let waits = readerWaits.load(ordering: .sequentiallyConsistent)
    return (held > Self.writing ? Self.storage(at: held) : takeSpare(), waits)
  }

  /// How many steps the ring keeps now: its capacity, or its reader's lower
  /// ``AnyStepRing/stepLimit``.
  @inlinable
  var keptSteps: Int { min(capacity, stepLimit.load(ordering: .relaxed)) }

  /// The room a take gave back, or new room: new room too when the room given back is larger
  /// than ``keptSteps``.
  @usableFromInline @inline(never)
  func takeSpare() -> UnsafeMutablePointer<Storage> {
    let limit = keptSteps
    let spare = spare.exchange(0, ordering: .acquiring)
    if spare != 0 {
      let storage = Self.storage(at: spare)
      guard storage.pointee.allocated > limit else { return storage }
      Self.free(storage)
    }
    let storage = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
    storage.initialize(to: Storage(allocated: max(1, min(limit, Self.initialRoom))))
    return storage
  }

  /// Puts the storage back in the slot after a write, and wakes the reader if it waits.
  @inlinable @inline(__always)
  func putBack(_ storage: UnsafeMutablePointer<Storage>, wakingReader waits: Bool) {
    slot.store(Self.address(of: storage), ordering: .releasing)
    stepInFlight.store(0, ordering: .releasing)
    if _slowPath(waits) { wakeReader() }
  }

  @usableFromInline @inline(never)
  func wakeReader() {
    guard readerWaits.exchange(false, ordering: .acquiringAndReleasing) else { return }
    readerCalls.withLock { $0.wake.take() }?()
  }

  /// Ends a step that ``AnyStepRing/beginStep()`` began: writes it, with its states if the
  /// owner kept them for the reader (`before` given; `after` `nil` when unchanged). When the ring
  /// is full, makes room as its reader asked, or overwrites the oldest unread step. From the
  /// thread that ran the step. Returns `false`, and writes nothing, once the ring is closed: the
  /// owner then makes the step's records.
  ///
  /// Inlined into the owner's out-of-line `writeStep`, specialised for the owner's types.
  @inlinable @inline(__always)
  package func endStep(
    received: UInt64, message: Message, before: State?, after: State?, callSite: CallSite?,
    clockTime: Duration? = nil
  ) -> Bool {
    guard let before else {
      return write(
        received: received, message: message, callSite: callSite, clockTime: clockTime, holdsStates: false
      ) { _ in }
    }
    return write(received: received, message: message, callSite: callSite, clockTime: clockTime, holdsStates: true) {
      $0.initialize(to: StepStates(before: before, after: after ?? before))
    }
  }

  /// Writes a step, and has `initializeStates` initialise its states' slot if it holds states.
  @inlinable @inline(__always)
  func write(
    received: UInt64, message: Message, callSite: CallSite?, clockTime: Duration?, holdsStates: Bool,
    initializeStates: (UnsafeMutablePointer<StepStates<State>>) -> Void
  ) -> Bool {
    let ticks = usesCounter ? StepTicks.counter : StepTicks.clock
    let statesLimit = statesLimit.load(ordering: .relaxed)
    let capacity = keptSteps
    guard let (storage, waits) = holdStorage() else {
      stepInFlight.store(0, ordering: .releasing)
      return false
    }
    if _slowPath(
      storage.pointee.isFull(capacity: capacity, statesLimit: statesLimit, holdingStates: holdsStates)
        && readerMakesRoom.load(ordering: .relaxed))
    {
      putBack(storage, wakingReader: waits)
      return writeMakingRoom(
        received: received, ticks: ticks, message: message, callSite: callSite, clockTime: clockTime,
        holdsStates: holdsStates, initializeStates: initializeStates)
    }
    // Made in place: a step made outside and copied in went through its value witnesses.
    storage.pointee.append(
      Step(
        received: received, ticks: ticks, message: message, callSite: callSite, clockTime: clockTime,
        holdsStates: holdsStates, skipped: skippedSteps.load(ordering: .relaxed)),
      capacity: capacity, statesLimit: statesLimit, initializeStates: initializeStates)
    putBack(storage, wakingReader: waits)
    return true
  }

  /// Writes a step in a full ring whose reader makes room: has it take the steps, then writes the
  /// step, overwriting the oldest if there is still no room.
  @inlinable @inline(never)
  func writeMakingRoom(
    received: UInt64, ticks: UInt64, message: Message, callSite: CallSite?, clockTime: Duration?,
    holdsStates: Bool, initializeStates: (UnsafeMutablePointer<StepStates<State>>) -> Void
  ) -> Bool {
    readerCalls.withLock { $0.makeRoom }?()
    let statesLimit = statesLimit.load(ordering: .relaxed)
    let capacity = keptSteps
    guard let (storage, waits) = holdStorage() else {
      stepInFlight.store(0, ordering: .releasing)
      return false
    }
    storage.pointee.append(
      Step(
        received: received, ticks: ticks, message: message, callSite: callSite, clockTime: clockTime,
        holdsStates: holdsStates, skipped: skippedSteps.load(ordering: .relaxed)),
      capacity: capacity, statesLimit: statesLimit, initializeStates: initializeStates)
    putBack(storage, wakingReader: waits)
    return true
  }

  override package func takeSteps() -> RingTake {
    // Both before the take (see the class): a step that ends after the take sees the ring
    // closed, and a step still in flight here was not taken.
    let wasClosed = isClosed
    let inFlight = stepInFlight.load(ordering: .acquiring)
    let skipped = skippedSteps.load(ordering: .relaxed)
    while true {
      let address = slot.load(ordering: .sequentiallyConsistent)
      if address == Self.writing {
        // The writer holds the storage for an instant.
        statecraft_yield()
        continue
      }
      guard address != 0 else {
        return RingTake(
          steps: nil, wasClosed: wasClosed, stepInFlight: inFlight.nonZero, lastSequence: nil, skippedSteps: skipped)
      }
      guard
        slot.compareExchange(expected: address, desired: 0, ordering: .sequentiallyConsistent).exchanged
      else { continue }
      return RingTake(
        steps: TakenSteps { [self] limit in
          records(of: Self.storage(at: address), keepingNewest: limit)
        },
        wasClosed: wasClosed, stepInFlight: inFlight.nonZero,
        lastSequence: Self.storage(at: address).pointee.lastSequence, skippedSteps: skipped)
    }
  }

  /// Boxes the steps of `full`, which is the reader's alone now, at most the newest `limit`, and
  /// gives its room back for the writer's next storage. Each step's first record counts the steps
  /// skipped before it as dropped too.
  private func records(of full: UnsafeMutablePointer<Storage>, keepingNewest limit: Int) -> DrainedSteps {
    let converter = StepTicks.Converter()
    let taken = full.pointee
    let left = max(0, taken.count - max(0, limit))
    var records: [InspectionRecord] = []
    records.reserveCapacity(2 * (taken.count - left))
    // A step's count of skipped steps includes those before the steps overwritten.
    var reported = skippedStepsReported.load(ordering: .relaxed)
    var skipped: UInt64 = 0
    var skippedBeforeLeftOut: UInt64 = 0
    for offset in 0..<taken.count {
      var index = taken.start + offset
      if index >= taken.allocated { index -= taken.allocated }
      guard offset >= left else {
        let leftOut = (taken.steps + index).pointee.skipped
        if leftOut > reported {
          skippedBeforeLeftOut += leftOut - reported
          reported = leftOut
        }
        if (taken.steps + index).pointee.holdsStates { (taken.states + index).deinitialize(count: 1) }
        (taken.steps + index).deinitialize(count: 1)
        continue
      }
      let step = (taken.steps + index).move()
      let time = converter.sinceEpoch(step.ticks)
      var received = InspectionRecord(
        owner: owner, sequence: step.received, sinceEpoch: time,
        kind: .received(InspectedValue(message: step.message)), callSite: step.callSite)
      // The records of the steps skipped, overwritten and left out: the first record after the
      // gap counts them.
      let skippedBefore = step.skipped > reported ? step.skipped - reported : 0
      reported = max(reported, step.skipped)
      skipped += skippedBefore
      let lost = offset == left ? skippedBeforeLeftOut + taken.dropped + UInt64(left) : 0
      if skippedBefore + lost > 0 { received.droppedBefore = 2 * (skippedBefore + lost) }
      records.append(received)
      let update: InspectionRecord.Kind
      if step.holdsStates {
        let states = (taken.states + index).move()
        update = .stateUpdated(before: InspectedValue(states.before), after: InspectedValue(states.after))
      } else {
        update = .stateUpdated(before: .notKept, after: .notKept(clockTime: step.clockTime))
      }
      records.append(InspectionRecord(owner: owner, sequence: step.received + 1, sinceEpoch: time, kind: update))
    }
    // Empty again: the writer's next storage, unless it has one already.
    full.pointee = Storage(emptied: taken)
    if !spare.compareExchange(expected: 0, desired: Self.address(of: full), ordering: .releasing).exchanged {
      Self.free(full)
    }
    skippedStepsReported.store(reported, ordering: .relaxed)
    return DrainedSteps(records: records, dropped: skippedBeforeLeftOut + skipped + taken.dropped + UInt64(left))
  }

  override package func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
    readerCalls.withLock { $0.wake = wake }
    readerWaits.store(true, ordering: .sequentiallyConsistent)
    // After the flag (see the class): a write that did not see it left its storage here.
    guard slot.load(ordering: .sequentiallyConsistent) == 0 else {
      // Steps are there: no wait, unless a writer took the flag already, and so wakes the reader.
      guard readerWaits.exchange(false, ordering: .acquiringAndReleasing) else { return true }
      readerCalls.withLock { $0.wake = nil }
      return false
    }
    return true
  }

  override package var wakesOnNextWrite: Bool {
    readerWaits.load(ordering: .acquiring)
  }

  override package func whenFull(_ makeRoom: (@Sendable () -> Void)?) {
    readerCalls.withLock { $0.makeRoom = makeRoom }
    readerMakesRoom.store(makeRoom != nil, ordering: .relaxed)
  }
}

extension UInt64 {
  /// `nil` for 0.
  fileprivate var nonZero: UInt64? { self == 0 ? nil : self }
}
