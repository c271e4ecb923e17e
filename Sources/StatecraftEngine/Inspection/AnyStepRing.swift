public import Synchronization

/// A ring of steps as its reader sees it, whatever the owner's types: see ``StepRing``.
@usableFromInline
// Unchecked: its stored properties are immutable or atomic; see `StepRing` for the rest.
package class AnyStepRing: @unchecked Sendable {
  /// The owner that writes it.
  package let owner: OwnerIdentity
  /// The owner's sequence numbers, which its records take too.
  @usableFromInline let sequence: InspectionSequence
  /// How many steps that hold states the ring keeps, at most: a reader whose states encode large
  /// lowers it, so that the copies waiting stay within its memory budget. The capacity bounds the
  /// rest.
  @usableFromInline package let statesLimit = Atomic<Int>(.max)
  /// How many steps the ring keeps, at most, below its capacity: a reader that will box only the
  /// newest few steps at its next take lowers it, so that a busy owner overwrites a few steps in
  /// room that stays in the processor's cache, rather than cycle through the whole capacity. Both
  /// count the steps they overwrite. It applies from the first write after the next take, when
  /// the room shrinks to it: until then the room in use may hold more.
  @usableFromInline package let stepLimit = Atomic<Int>(.max)
  /// The first sequence number of the step the owner began and has not written yet; 0 when none.
  @usableFromInline let stepInFlight = Atomic<UInt64>(0)
  @usableFromInline let closed = Atomic<Bool>(false)
  /// Whether the owner skips its steps, only counting them: a reader that will describe none of
  /// the steps of the next while (the live inspector's pump, out of budget during a flood) sets
  /// it, and clears it a little before its next take, so that the ring then holds the newest.
  @usableFromInline package let skipsSteps = Atomic<Bool>(false)
  /// How many steps the owner skipped, in all. Only the owner's step adds to it, one step at a
  /// time, so a load and a store do, without a locked instruction. Each step written keeps it,
  /// so that its reader knows how many were skipped before that step.
  @usableFromInline let skippedSteps = Atomic<UInt64>(0)
  /// How many of ``skippedSteps`` the reader has reported: in the steps it took, or in the
  /// owner's state after them. Only the reader touches it.
  let skippedStepsReported = Atomic<UInt64>(0)
  /// The owner's state now: what a reader shows after steps it skipped.
  private let currentState: @Sendable () -> OwnerStateNow

  init(
    owner: OwnerIdentity, sequence: InspectionSequence,
    currentState: @escaping @Sendable () -> OwnerStateNow = { .gone }
  ) {
    self.owner = owner
    self.sequence = sequence
    self.currentState = currentState
  }

  /// The steps written since the last drain, at most the newest `limit`: the older ones are
  /// counted as dropped, and never boxed.
  package final func drain(keepingNewest limit: Int = .max) -> DrainedSteps {
    take()?.records(keepingNewest: limit) ?? DrainedSteps(records: [], dropped: 0)
  }

  /// The steps written since the last take, `nil` when none: ``takeSteps()`` without the rest.
  package final func take() -> TakenSteps? {
    takeSteps().steps
  }

  /// Takes the steps written since the last take, leaving empty room for the next: an instant,
  /// from any thread. Box them with ``TakenSteps/records(keepingNewest:)``.
  package func takeSteps() -> RingTake {
    fatalError("StepRing overrides it")
  }

  /// Calls `wake` after the next write, once, on the writing thread: a reader that waits asks for
  /// it before it waits. Returns `false`, and keeps nothing, if the ring holds steps already, unless
  /// a write under way calls `wake` anyway (then `true`).
  package func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
    fatalError("StepRing overrides it")
  }

  /// Whether the next write calls the wake a reader left (``wakeOnNextWrite(_:)``). For tests.
  package var wakesOnNextWrite: Bool {
    fatalError("StepRing overrides it")
  }

  /// Has a full ring call `makeRoom` on the writing thread, before it writes
  /// the next step, rather than overwrite its oldest: a reader that must lose nothing takes the
  /// steps there (a journal writes them). With `nil`, the default, the oldest step is overwritten
  /// and counted.
  package func whenFull(_ makeRoom: (@Sendable () -> Void)?) {
    fatalError("StepRing overrides it")
  }

  /// Whether the owner writes no more steps here: it was released, or makes records again. A
  /// closed ring may still hold steps to drain.
  ///
  /// Sequentially consistent, as the ring's slot is: a take that loads it before taking, and finds
  /// the ring closed and empty, is sure that no later write lands (see ``StepRing``).
  @inlinable
  package final var isClosed: Bool { closed.load(ordering: .sequentiallyConsistent) }

  /// The owner writes no more steps here.
  package final func closeForOwner() {
    skipsSteps.store(false, ordering: .relaxed)
    closed.store(true, ordering: .sequentiallyConsistent)
  }

  /// Whether the step about to begin is skipped (``skipsSteps``): if so, counts it. Called by the
  /// owner's step, before it begins.
  @inlinable @inline(__always)
  package final func skipsStep() -> Bool {
    guard _slowPath(skipsSteps.load(ordering: .relaxed)) else { return false }
    skippedSteps.store(skippedSteps.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    return true
  }

  /// Whether the owner skipped steps that no take has reported yet.
  package final var holdsUnreportedSkips: Bool {
    skippedSteps.load(ordering: .relaxed) != skippedStepsReported.load(ordering: .relaxed)
  }

  /// Reports the steps the owner skipped after the last step its reader took (`skipped`, the
  /// ``RingTake/skippedSteps`` of that take, counts those skipped until then), once the take's
  /// steps are boxed: with the owner's state now, or only counted when the owner is gone. `nil`
  /// if it skipped none; `nil` too while a step runs, whose state is not the owner's yet: that
  /// step ends soon, ``holdsUnreportedSkips`` stays true, and the reader tries again.
  package final func reportSkippedSteps(until skipped: UInt64) -> SkippedSteps? {
    let reported = skippedStepsReported.load(ordering: .relaxed)
    guard skipped > reported else { return nil }
    let state: InspectedValue
    switch currentState() {
    case .state(let now): state = now
    case .busy where !isClosed: return nil
    case .busy, .gone:
      // Another inspector took over, or the owner went away: nothing to wait for.
      skippedStepsReported.store(skipped, ordering: .relaxed)
      return .dropped(skipped - reported)
    }
    skippedStepsReported.store(skipped, ordering: .relaxed)
    var record = InspectionRecord(
      owner: owner, sequence: sequence.next(), sinceEpoch: InspectionRecord.sinceEpoch,
      kind: .stateUpdated(before: .notKept, after: state))
    record.droppedBefore = 2 * (skipped - reported)
    return .stateAfter(record)
  }

  /// What a reader learns of the steps an owner skipped after the last step it took.
  package enum SkippedSteps {
    /// The owner's state now: a `stateUpdated` record whose state before is not kept, counting
    /// the skipped steps' records as dropped before it.
    case stateAfter(InspectionRecord)
    /// How many steps were skipped, with no state to show: the owner is gone, or makes records
    /// again.
    case dropped(UInt64)
  }

  /// Takes the sequence numbers of a step's `received` record and of its `stateUpdated` record,
  /// which is the next, before the step runs: one atomic add for both. A record the step emits
  /// meanwhile (a diagnostic) comes after the two, and its reader holds it back until the step is
  /// written (``RingTake/stepInFlight``).
  @inlinable
  package final func beginStep() -> UInt64 {
    let received = sequence.next(count: 2)
    stepInFlight.store(received, ordering: .relaxed)
    return received
  }
}

/// An owner's state, as a reader of its ring that had it skip steps finds it.
package enum OwnerStateNow: Sendable {
  /// The state no step holds: where the steps so far led.
  case state(InspectedValue)
  /// A step runs, and its state is not the owner's yet.
  case busy
  /// The owner is closed or gone.
  case gone
}

/// What a take of a ``StepRing`` gives its reader.
package struct RingTake: Sendable {
  /// The steps written since the last take; `nil` when none were.
  package let steps: TakenSteps?
  /// Whether the owner had stopped writing to the ring at the take: a ring found closed and empty
  /// gets no step again.
  package let wasClosed: Bool
  /// The first sequence number of a step the owner had begun and the take did not take: records
  /// numbered from it on belong to that step or come after it, so they wait for it. `nil` when no
  /// step was under way, or when the one under way was written and taken before the take ended.
  package let stepInFlight: UInt64?
  /// The sequence number of the last record the taken steps make (the newest step's
  /// `stateUpdated`); `nil` when no step was taken. The owner's records numbered below it that
  /// reached the reader while it took the ring go before that step.
  package let lastSequence: UInt64?
  /// How many steps the owner had skipped (``AnyStepRing/skipsSteps``) in all, read as the take
  /// began: the records of the steps taken count those skipped before each as dropped, and
  /// ``AnyStepRing/stateRecord(afterSkippingUntil:)`` those skipped after the last.
  package let skippedSteps: UInt64

  /// - Parameters:
  ///   - stepInFlight: The first sequence number of the step under way when the take began. It is
  ///     read before the steps are taken, so the step may have ended meanwhile and be among them:
  ///     a step numbered at or below `lastSequence` is not reported.
  ///   - skippedSteps: How many steps the owner had skipped in all as the take began.
  package init(
    steps: TakenSteps?, wasClosed: Bool, stepInFlight: UInt64?, lastSequence: UInt64?, skippedSteps: UInt64 = 0
  ) {
    self.steps = steps
    self.skippedSteps = skippedSteps
    self.wasClosed = wasClosed
    self.stepInFlight = stepInFlight.flatMap { step in (lastSequence ?? 0) >= step ? nil : step }
    self.lastSequence = lastSequence
  }
}
