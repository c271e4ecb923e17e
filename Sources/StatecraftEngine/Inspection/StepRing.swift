public import Synchronization

/// An inspector that reads a store's steps from a ring the store writes, rather than receiving a
/// `received` and a `stateUpdated` record for each: the live inspector, so that inspecting a busy
/// store costs a tick read, an atomic add and a copy of the step's values, not two records.
///
/// A store whose only inspector reads steps this way writes them to one ``StepRing``, typed, with
/// no allocation and nothing boxed; the reader drains it when it likes, and boxes only then. The
/// other records (effects, diagnostics) still reach ``Inspector/receive(_:)``, numbered in the
/// same sequence. Once another inspector is attached, the owner makes records again, for every
/// inspector.
package protocol StepReader: Inspector {
  /// Takes `ring`, which the owner writes its steps to from now on.
  func read(_ ring: AnyStepRing)
}

/// What a drain of a ``StepRing`` gives: the steps written since the last drain, oldest first,
/// each as its `received` and `stateUpdated` records, and how many steps were overwritten before
/// they were read.
package struct DrainedSteps: Sendable {
  package var records: [InspectionRecord]
  package var dropped: UInt64

  package init(records: [InspectionRecord], dropped: UInt64) {
    self.records = records
    self.dropped = dropped
  }
}

/// A ring of steps as its reader sees it, whatever the owner's types: see ``StepRing``.
@usableFromInline
// Unchecked: its stored properties are immutable or atomic; see `StepRing` for the rest.
package class AnyStepRing: @unchecked Sendable {
  /// The owner that writes it.
  package let owner: OwnerIdentity
  /// The owner's sequence numbers, which its records take too.
  @usableFromInline let sequence: InspectionSequence
  private let closed = Atomic<Bool>(false)

  init(owner: OwnerIdentity, sequence: InspectionSequence) {
    self.owner = owner
    self.sequence = sequence
  }

  /// The steps written since the last drain, at most the newest `limit`: the older ones are
  /// counted as dropped, and never boxed. Takes them on the main actor, where the owner writes
  /// them, and boxes them on the caller's executor. Called by one reader at a time.
  package final func drain(keepingNewest limit: Int = .max) async -> DrainedSteps {
    let taken = await MainActor.run { take() }
    return taken?.records(keepingNewest: limit) ?? DrainedSteps(records: [], dropped: 0)
  }

  /// Takes the steps written since the last take, leaving empty room for the next: an instant on
  /// the main actor, so that a reader with many rings takes them all in one hop. `nil` when
  /// nothing was written. Box them with ``TakenSteps/records(keepingNewest:)`` before the next
  /// take.
  @MainActor
  package func take() -> TakenSteps? {
    fatalError("StepRing overrides it")
  }

  /// Calls `wake` after the next write, once: a reader that waits asks for it before it waits,
  /// on the main actor. Returns `false`, and keeps nothing, if the ring holds steps already.
  @MainActor
  package func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
    fatalError("StepRing overrides it")
  }

  /// Whether the owner writes no more steps here: it was released, or makes records again. A
  /// closed ring may still hold steps to drain.
  @usableFromInline
  package final var isClosed: Bool { closed.load(ordering: .acquiring) }

  /// The owner writes no more steps here.
  package final func closeForOwner() {
    closed.store(true, ordering: .releasing)
  }

  /// Takes the sequence numbers of a step's `received` record and of its `stateUpdated` record,
  /// which is the next, before the step runs: one atomic add for both. A record the step emits
  /// meanwhile (a diagnostic) comes after the two.
  @inlinable
  package final func beginStep() -> UInt64 {
    sequence.next(count: 2)
  }
}

/// The last `capacity` steps of one store, typed: the message, the state before and after it,
/// where it was sent from, its sequence numbers and its ticks.
///
/// No lock: the steps are touched only on the main actor. A store writes its steps
/// there, and the reader hops there to swap the full storage for an empty one, an instant, and
/// reads it elsewhere. The oldest unread step is overwritten when the ring is full, and counted,
/// so a main actor too busy to let the reader in only loses old steps.
@usableFromInline
// Unchecked: `State` need not be `Sendable` (a store's state is not). The ring holds copies of
// values its owner has finished with, and hands them out only as `InspectedValue`s, which the same
// reasoning makes safe (see there). `storage` is touched only on the main actor; `spare` by the
// reader's takes (on the main actor) and boxes, which alternate.
package final class StepRing<State, Message: Sendable>: AnyStepRing, @unchecked Sendable {
  @usableFromInline
  struct Step {
    @usableFromInline let received: UInt64
    @usableFromInline let ticks: UInt64
    @usableFromInline let message: Message
    @usableFromInline let before: State
    @usableFromInline let after: State
    @usableFromInline let callSite: CallSite?

    @inlinable
    init(
      received: UInt64, ticks: UInt64, message: Message, before: State, after: State,
      callSite: CallSite?
    ) {
      self.received = received
      self.ticks = ticks
      self.message = message
      self.before = before
      self.after = after
      self.callSite = callSite
    }
  }

  /// Steps written since the last drain: `count` of them from `start`, wrapping around, in room
  /// for `allocated`, which grows by doubling up to the ring's capacity: a store that takes few
  /// steps between drains keeps little.
  @usableFromInline
  // Unchecked: a value that the main actor and the reader hand to each other, each touching its
  // steps only while it holds them (see `StepRing`).
  struct Storage: @unchecked Sendable {
    @usableFromInline var steps: UnsafeMutablePointer<Step>
    @usableFromInline var allocated: Int
    @usableFromInline var start = 0
    @usableFromInline var count = 0
    @usableFromInline var dropped: UInt64 = 0

    init(allocated: Int) {
      self.steps = .allocate(capacity: allocated)
      self.allocated = allocated
    }

    init(emptied: Storage) {
      self.steps = emptied.steps
      self.allocated = emptied.allocated
    }

    /// Writes a step after the last, or over the oldest once the ring's capacity is reached.
    @inlinable @inline(__always)
    mutating func append(_ step: consuming Step, capacity: Int) {
      if count == allocated, allocated < capacity { grow(capacity: capacity) }
      if count < allocated {
        var index = start &+ count
        if index >= allocated { index &-= allocated }
        (steps + index).initialize(to: step)
        count &+= 1
      } else {
        (steps + start).pointee = step
        start = start &+ 1 == allocated ? 0 : start &+ 1
        dropped &+= 1
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

  /// The room a ring starts with.
  static var initialRoom: Int { 16 }

  @usableFromInline let capacity: Int
  /// Whether steps are stamped with the processor's counter: ``StepTicks/counterIsSteady``, kept
  /// here so that a write does not check a global's initialisation.
  @usableFromInline let usesCounter = StepTicks.counterIsSteady
  // Safe without isolation: touched only on the main actor (see `StepRing`). No runtime
  // exclusivity checks: no access overlaps another.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var storage: Storage
  /// The reader's wake-up, called by the next write. Main actor only, as `storage`.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var wake: (@Sendable () -> Void)?
  /// Empty room that the next take swaps in. Safe without isolation: the reader's take uses it
  /// on the main actor, and its box sets it again; takes and boxes alternate.
  @exclusivity(unchecked) private nonisolated(unsafe) var spare: Storage?
  #if DEBUG
    /// Whether steps were taken and not boxed yet: the promise that takes and boxes alternate,
    /// checked.
    private let awaitingBox = Atomic(false)
  #endif

  package init(owner: OwnerIdentity, sequence: InspectionSequence, capacity: Int) {
    precondition(capacity > 0, "A step ring keeps at least one step.")
    self.capacity = capacity
    self.storage = Storage(allocated: min(capacity, Self.initialRoom))
    StepTicks.start()
    super.init(owner: owner, sequence: sequence)
  }

  deinit {
    storage.deallocate()
    spare?.deallocate()
  }

  /// Ends a step that ``AnyStepRing/beginStep()`` began: writes it, and overwrites the oldest
  /// unread step if the ring is full. On the main actor only, where a store's steps run.
  ///
  /// Inlined into the owner's out-of-line `writeStep`, specialised for the owner's types.
  @inlinable @inline(__always)
  package func endStep(
    received: UInt64, message: Message, before: State, after: State, callSite: CallSite?
  ) {
    #if DEBUG
      // The promise behind the unsafely nonisolated `storage` and `wake`.
      MainActor.assertIsolated("a step ring is written on the main actor only")
    #endif
    let ticks = usesCounter ? StepTicks.counter : StepTicks.clock
    // Made in place: a step made outside and copied in went through its value witnesses.
    storage.append(
      Step(
        received: received, ticks: ticks, message: message, before: before, after: after,
        callSite: callSite),
      capacity: capacity)
    if _slowPath(wake != nil) { wake.take()?() }
  }

  @MainActor
  override package func take() -> TakenSteps? {
    guard storage.count > 0 || storage.dropped > 0 else { return nil }
    #if DEBUG
      assert(
        !awaitingBox.exchange(true, ordering: .acquiringAndReleasing),
        "a step ring's taken steps are boxed before its next take")
    #endif
    let full = storage
    storage = spare.take() ?? Storage(allocated: min(capacity, Self.initialRoom))
    return TakenSteps { [self] limit in records(of: full, keepingNewest: limit) }
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
          kind: .stateUpdated(before: InspectedValue(step.before), after: InspectedValue(step.after))))
    }
    // Empty again: the next take swaps it in. Takes and boxes alternate (one reader), so the
    // main actor's take never touches `spare` while this sets it.
    spare = Storage(emptied: full)
    #if DEBUG
      awaitingBox.store(false, ordering: .releasing)
    #endif
    return DrainedSteps(records: records, dropped: full.dropped + UInt64(skipped))
  }

  @MainActor
  override package func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
    guard storage.count == 0, storage.dropped == 0 else { return false }
    self.wake = wake
    return true
  }
}

/// Steps taken from a ``StepRing`` on the main actor, not yet boxed: the reader boxes them where
/// it likes, once, before its next take.
package final class TakenSteps: Sendable {
  private let box: @Sendable (Int) -> DrainedSteps
  /// Whether they were boxed: boxing moves the steps out of their storage, so a second time would
  /// destroy them twice.
  private let isBoxed = Atomic(false)

  init(box: @escaping @Sendable (Int) -> DrainedSteps) {
    self.box = box
  }

  /// The steps as `received` and `stateUpdated` records, oldest first, at most the newest `limit`
  /// steps: the older ones are counted as dropped, and never boxed. Once only.
  package func records(keepingNewest limit: Int = .max) -> DrainedSteps {
    precondition(
      !isBoxed.exchange(true, ordering: .acquiringAndReleasing), "taken steps are boxed once only")
    return box(limit)
  }
}

/// An owner's record sequence numbers, shared by its records and the ring its steps go to.
@usableFromInline
package final class InspectionSequence: Sendable {
  @usableFromInline let last = Atomic<UInt64>(0)

  package init() {}

  /// The first of the next `count` numbers.
  @inlinable
  package func next(count: UInt64) -> UInt64 {
    last.wrappingAdd(count, ordering: .relaxed).newValue - count + 1
  }

  /// The next number, from 1.
  @inlinable
  package func next() -> UInt64 {
    // Wrapping: a plain `add` checks for overflow in a compare-and-exchange loop, where this is
    // one locked add. A 64-bit count never wraps.
    last.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
