/// Steps whose processing may suspend (a machine's, a chart's): begun before the step runs, with
/// what its start knows, and written when it ends.
extension StepRing {
  /// Begins a step whose processing may suspend (a machine's): takes its sequence numbers, and
  /// keeps what its start knows until ``endPendingStep(after:)`` writes it. The owner's steps run
  /// one at a time, so one step at most is pending.
  @inlinable
  package func beginPendingStep(message: Message, callSite: CallSite?, clockTime: Duration?) {
    pendingSkipped = false
    pending = PendingStep(
      received: beginStep(), message: message, callSite: callSite, clockTime: clockTime, holdsStates: false)
  }

  /// Begins a step as ``beginPendingStep(message:callSite:clockTime:)`` does, keeping the state
  /// before it, for a reader that needs this step's states.
  @inlinable
  package func beginPendingStep(message: Message, before: State, callSite: CallSite?, clockTime: Duration?) {
    pendingSkipped = false
    pendingBefore = before
    pending = PendingStep(
      received: beginStep(), message: message, callSite: callSite, clockTime: clockTime, holdsStates: true)
  }

  /// Skips the step about to begin, if the ring skips steps (``AnyStepRing/skipsSteps``): its
  /// end then writes nothing. Returns whether it did.
  @inlinable
  package func skipsPendingStep() -> Bool {
    guard skipsStep() else { return false }
    pendingSkipped = true
    return true
  }

  /// How ``endPendingStep(after:)`` or ``endPendingStep()`` ended a step.
  @usableFromInline
  package enum PendingStepEnd {
    /// No step was begun in the ring: its records end it.
    case notBegun
    case written
    /// The step was skipped: counted, and nothing more.
    case skipped
    /// The ring was closed while the step ran: the owner makes its records, from these.
    case closed(ClosedStep)
  }

  /// What a step that ended in a closed ring hands back for its records. A class, so that the
  /// end of every other step moves one reference, whatever the owner's state.
  @usableFromInline
  package final class ClosedStep {
    @usableFromInline package let message: Message
    @usableFromInline package let states: StepStates<State>?
    @usableFromInline package let callSite: CallSite?
    @usableFromInline package let clockTime: Duration?

    @usableFromInline
    init(message: Message, states: StepStates<State>?, callSite: CallSite?, clockTime: Duration?) {
      self.message = message
      self.states = states
      self.callSite = callSite
      self.clockTime = clockTime
    }
  }

  /// Ends the step that a `beginPendingStep` began, with the state after it, and writes it as
  /// ``endStep(received:message:before:after:callSite:clockTime:)`` does. `after` is copied only
  /// if the step holds states.
  @inlinable
  package func endPendingStep(after: State) -> PendingStepEnd {
    endPendingStep(computingAfter: { _ in after })
  }

  /// Ends the step that a `beginPendingStep` began, which left the state unchanged.
  @inlinable
  package func endPendingStep() -> PendingStepEnd {
    endPendingStep(computingAfter: { $0 })
  }

  /// Ends the pending step; `after` gives the state after it from the state before it, and is
  /// called only if the step holds states.
  @inlinable @inline(__always)
  func endPendingStep(computingAfter after: (State) -> State) -> PendingStepEnd {
    guard let pending = pending.take() else {
      guard pendingSkipped else { return .notBegun }
      pendingSkipped = false
      return .skipped
    }
    guard pending.holdsStates, let before = pendingBefore.take() else {
      guard
        write(
          received: pending.received, message: pending.message, callSite: pending.callSite,
          clockTime: pending.clockTime, holdsStates: false, initializeStates: { _ in })
      else {
        return .closed(
          ClosedStep(message: pending.message, states: nil, callSite: pending.callSite, clockTime: pending.clockTime))
      }
      return .written
    }
    let states = StepStates(before: before, after: after(before))
    guard
      write(
        received: pending.received, message: pending.message, callSite: pending.callSite,
        clockTime: pending.clockTime, holdsStates: true, initializeStates: { $0.initialize(to: states) })
    else {
      return .closed(
        ClosedStep(message: pending.message, states: states, callSite: pending.callSite, clockTime: pending.clockTime))
    }
    return .written
  }
}
