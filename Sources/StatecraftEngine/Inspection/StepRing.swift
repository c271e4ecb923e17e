import Synchronization

/// An inspector that reads a store's steps from a ring the store writes, rather than receiving
/// a `received` and a `stateUpdated` record for each: the live inspector, so that inspecting a
/// busy store costs a clock read, a lock and a copy of the step's values, not two records.
///
/// A store whose every inspector reads steps this way writes them to one ``StepRing``, typed,
/// with no allocation and nothing boxed; the reader drains it when it likes, and boxes only then.
/// The other records (effects, diagnostics) still reach ``Inspector/receive(_:)``. Once an
/// inspector of another kind, or a second reader, is attached, the owner makes records again, for
/// every inspector.
package protocol StepReader: Inspector {
  /// Takes `ring`, which the owner writes its steps to from now on.
  func read(_ ring: AnyStepRing)
}

/// A ring of steps as its reader sees it, whatever the owner's types: see ``StepRing``.
// Unchecked: its one stored property of its own is atomic; see `StepRing` for the rest.
@usableFromInline
package class AnyStepRing: @unchecked Sendable {
  /// The owner that writes it.
  package let owner: OwnerIdentity
  private let closed = Atomic<Bool>(false)

  init(owner: OwnerIdentity) {
    self.owner = owner
  }

  /// The steps written since the last drain, oldest first, each as its `received` and
  /// `stateUpdated` records; and how many steps were overwritten before they were read.
  package func drain() -> (records: [InspectionRecord], dropped: UInt64) {
    fatalError("StepRing overrides it")
  }

  /// Calls `wake` after the next write, or when the ring closes, once: a reader that waits asks
  /// for it before it waits. Returns `false`, and keeps nothing, if the ring holds steps already.
  package func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
    fatalError("StepRing overrides it")
  }

  /// Whether the owner writes no more steps here: it was released, or makes records again. A
  /// closed ring may still hold steps to drain.
  @usableFromInline
  package final var isClosed: Bool { closed.load(ordering: .acquiring) }

  /// The owner writes no more steps here.
  package func closeForOwner() {
    closed.store(true, ordering: .releasing)
  }
}

/// The last `capacity` steps of one owner, typed: the message, the state before and after it,
/// where it was sent from, and its sequence numbers and time.
///
/// The owner's thread writes a step with one lock; the oldest unread step is overwritten when the
/// ring is full, and counted. The reader takes everything written so far at once, and makes the
/// records outside the lock.
// Unchecked: `State` need not be `Sendable` (a store's state is not). The ring holds copies of
// values its owner has finished with, and hands them out only as `InspectedValue`s, which the
// same reasoning makes safe (see there); every access to the slots is under `slots`' lock.
@usableFromInline
package final class StepRing<State, Message: Sendable>: AnyStepRing, @unchecked Sendable {
  @usableFromInline
  struct Step {
    @usableFromInline let sequence: UInt64
    @usableFromInline let sinceEpoch: Duration
    @usableFromInline let message: Message
    @usableFromInline let before: State
    @usableFromInline let after: State
    @usableFromInline let callSite: CallSite?

    @inlinable
    init(
      sequence: UInt64, sinceEpoch: Duration, message: Message, before: State, after: State,
      callSite: CallSite?
    ) {
      self.sequence = sequence
      self.sinceEpoch = sinceEpoch
      self.message = message
      self.before = before
      self.after = after
      self.callSite = callSite
    }
  }

  @usableFromInline
  struct Slots {
    /// Oldest first once full: `start` is the oldest.
    @usableFromInline var steps: [Step]
    @usableFromInline var start = 0
    @usableFromInline var dropped: UInt64 = 0
    @usableFromInline var wake: (@Sendable () -> Void)?

    /// Room for `room` steps, made before the lock is taken: the owner's thread then writes
    /// that many without allocating.
    init(room: Int = 0, wake: (@Sendable () -> Void)? = nil) {
      steps = []
      steps.reserveCapacity(room)
      self.wake = wake
    }
  }

  @usableFromInline let capacity: Int
  @usableFromInline let lock = CriticalState(())
  // Safe without isolation: read and written only inside `lock` (see `withSlots`). A lock of its
  // own rather than a `CriticalState<Slots>`: the steps hold `State`, which need not be
  // `Sendable`, and cannot be sent into a mutex's region.
  @usableFromInline nonisolated(unsafe) var storage: Slots

  @inlinable
  func withSlots<Result>(_ body: (inout Slots) -> Result) -> Result {
    lock.withLock { _ in body(&storage) }
  }

  package init(owner: OwnerIdentity, capacity: Int) {
    precondition(capacity > 0, "A step ring keeps at least one step.")
    self.capacity = capacity
    self.storage = Slots()
    super.init(owner: owner)
  }

  /// Writes one step; overwrites the oldest unread one if the ring is full. Inlined into the
  /// owner's send, so that it is specialised for the owner's types.
  @inlinable
  package func write(
    sequence: UInt64, message: Message, before: State, after: State, callSite: CallSite?
  ) {
    let step = Step(
      sequence: sequence, sinceEpoch: InspectionRecord.sinceEpoch, message: message,
      before: before, after: after, callSite: callSite)
    let wake = withSlots { slots -> (@Sendable () -> Void)? in
      if slots.steps.count < capacity {
        slots.steps.append(step)
      } else {
        slots.steps[slots.start] = step
        slots.start = slots.start + 1 == capacity ? 0 : slots.start + 1
        slots.dropped += 1
      }
      return slots.wake.take()
    }
    wake?()
  }

  override package func drain() -> (records: [InspectionRecord], dropped: UInt64) {
    // A ring that was written to gets room for as many steps as it held, allocated here rather
    // than on the owner's thread; one that was not keeps nothing.
    let written = withSlots { $0.steps.count }
    guard written > 0 else { return ([], 0) }
    var fresh = Slots(room: written)
    let (steps, start, dropped) = withSlots { slots in
      fresh.wake = slots.wake
      swap(&slots, &fresh)
      return (fresh.steps, fresh.start, fresh.dropped)
    }
    var records: [InspectionRecord] = []
    records.reserveCapacity(2 * steps.count)
    for offset in 0..<steps.count {
      let step = steps[(start + offset) % steps.count]
      var received = InspectionRecord(
        owner: owner, sequence: step.sequence, sinceEpoch: step.sinceEpoch,
        kind: .received(InspectedValue(message: step.message)), callSite: step.callSite)
      if offset == 0 { received.droppedBefore = dropped * 2 }
      records.append(received)
      records.append(
        InspectionRecord(
          owner: owner, sequence: step.sequence + 1, sinceEpoch: step.sinceEpoch,
          kind: .stateUpdated(before: InspectedValue(step.before), after: InspectedValue(step.after))))
    }
    return (records, dropped)
  }

  override package func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
    withSlots { slots in
      guard slots.steps.isEmpty, slots.dropped == 0 else { return false }
      slots.wake = wake
      return true
    }
  }

  override package func closeForOwner() {
    super.closeForOwner()
    let wake = withSlots { $0.wake.take() }
    wake?()
  }
}
