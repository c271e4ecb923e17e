public import Synchronization

/// How an owner's steps reach its inspectors: as a step in its ring, when a step reader is the
/// only inspector, or as a `received` and a `stateUpdated` record.
extension OwnerCore {
  /// Records the state before and after the message being processed, once per message: at the
  /// first commit, or when the message ends without one. Only the holder of the processing right
  /// calls it.
  @inlinable
  final func recordStateUpdate(after: State) {
    guard isInspected, !endStepInRing(after: after), let before = services.takeStateBefore() else { return }
    services.emit(.stateUpdated(before: before, after: before.isKept ? InspectedValue(after) : notKept(after)))
  }

  /// What a record holds of `state` when the inspector did not need it: nothing, but the clock's
  /// time of a ``ClockedState``.
  @inlinable
  final func notKept(_ state: State) -> InspectedValue {
    .notKept(clockTime: (state as? any ClockedState)?.clockTime)
  }

  /// Begins the step of `message`, for an owner whose processor begins its steps, before the step
  /// emits anything: in the ring if a ``StepReader`` is the only inspector and the step holds
  /// only `message`; otherwise as records, the `received` record first, which the step's other
  /// messages follow. Nothing if the step's records began already. `clockTime` is the clock's
  /// time of a ``ClockedState`` after the step, which its processor knows before the step ends.
  @inlinable
  package final func beginProcessorStep(
    _ message: Message, state: State, callSite: CallSite?, holdsOneMessage: Bool, clockTime: Duration? = nil
  ) {
    guard isInspected, !services.keepsStateBefore else { return }
    if holdsOneMessage, let ring = stepRing {
      beginStep(in: ring, message, state: state, callSite: callSite, clockTime: clockTime)
      return
    }
    services.emit(.received(InspectedValue(message: message)), callSite: callSite)
    services.keepStateBefore(services.keepsStates() ? InspectedValue(state) : notKept(state))
  }

  /// Whether the step about to run keeps its states for its inspectors
  /// (``OwnerServices/keepsStates()``): on the ring's path, without retaining the services, which
  /// the owner keeps while it has a ring.
  @inlinable
  final var stepKeepsStates: Bool {
    servicesSlot.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { $0.keepsStates() } ?? true
  }

  /// Begins the step of `message` in `ring`: takes its sequence numbers, and keeps its message,
  /// and its state if the reader needs this step's, until ``endStepInRing(after:)``; or only
  /// counts it, if the ring skips steps.
  /// Specialised for the owner's types where the owner's code is, but not inlined there.
  @inlinable @inline(never)
  final func beginStep(
    in ring: Unmanaged<AnyStepRing>, _ message: Message, state: State, callSite: CallSite?,
    clockTime: Duration? = nil
  ) {
    ring._withUnsafeGuaranteedRef { ring in
      let ring = unsafeDowncast(ring, to: StepRing<State, Message>.self)
      guard !ring.skipsPendingStep() else { return }
      if stepKeepsStates {
        ring.beginPendingStep(message: message, before: state, callSite: callSite, clockTime: clockTime)
      } else {
        ring.beginPendingStep(message: message, callSite: callSite, clockTime: clockTime)
      }
    }
  }

  /// Ends the step that ``beginStep(in:_:state:callSite:clockTime:)`` began, with the state after
  /// it, which is copied only if the step holds states. `false` if the step was not begun in a
  /// ring (its reader was attached while it ran): its records end it.
  @inlinable
  final func endStepInRing(after: State) -> Bool {
    // Closed rings too: a step begun before another inspector was attached is pending there.
    guard let ring = services.anyStepRing else { return false }
    return endedInRing(
      ring._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: StepRing<State, Message>.self).endPendingStep(after: after)
      })
  }

  /// Ends the step that ``beginStep(in:_:state:callSite:clockTime:)`` began, which left the state
  /// unchanged, as ``endStepInRing(after:)`` does.
  @inlinable
  final func endUnchangedStepInRing() -> Bool {
    guard let ring = services.anyStepRing else { return false }
    return endedInRing(
      ring._withUnsafeGuaranteedRef { unsafeDowncast($0, to: StepRing<State, Message>.self).endPendingStep() })
  }

  /// Whether a step pending in a ring was ended there: makes its records if the ring was closed.
  @inlinable
  final func endedInRing(_ end: StepRing<State, Message>.PendingStepEnd) -> Bool {
    switch end {
    case .notBegun: return false
    case .written, .skipped: return true
    case .closed(let step):
      emitStep(
        step.message, before: step.states?.before, after: step.states?.after, callSite: step.callSite,
        clockTime: step.clockTime)
      return true
    }
  }

  /// Makes the `received` and `stateUpdated` records of a step begun in a ring that was closed
  /// before it was written: every inspector, the ring's reader included, gets them.
  @usableFromInline
  final func emitStep(
    _ message: Message, before: State?, after: State?, callSite: CallSite?, clockTime: Duration? = nil
  ) {
    services.emit(.received(InspectedValue(message: message)), callSite: callSite)
    services.emit(
      .stateUpdated(
        before: before.map { InspectedValue($0) } ?? .notKept,
        after: after.map { InspectedValue($0) } ?? .notKept(clockTime: clockTime)))
  }
}
