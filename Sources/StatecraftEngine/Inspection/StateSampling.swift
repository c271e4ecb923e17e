public import Synchronization

/// An inspector that needs an owner's states only at some of its steps: a journal, which writes a
/// whole state only every so often (a keyframe) and each step in between as its message.
///
/// An owner whose only inspector samples states keeps its state before and after a step only
/// when the inspector's ``StateDemand`` asks for it. At the other steps, the `stateUpdated`
/// record holds ``InspectedValue/notKept`` for both, and the step mutates its state in place: a
/// state kept for an inspector would make the step copy it, however little it changes. Once
/// another inspector is attached, the owner keeps every state again, for every inspector.
package protocol StateSampling: Inspector {
  /// When the inspector needs the states of the owner's next step.
  var stateDemand: StateDemand { get }
}

/// Which steps' states a ``StateSampling`` inspector needs: every step's, or one every
/// ``stepsBetween`` steps and the next step's after each ``ask()``. The owner decides at each step,
/// from what the inspector last said, so that a burst the inspector has not read yet still keeps a
/// state every so many steps.
@usableFromInline
package final class StateDemand: Sendable {
  /// Whether every step's states are needed.
  @usableFromInline package let always: Bool
  @usableFromInline let isDue = Atomic<Bool>(true)
  @usableFromInline let stepsBetweenKept: Atomic<Int>
  /// Steps since the owner last kept states: written by the owner's steps only, one at a time
  /// (an inspector that samples states serves one owner).
  @usableFromInline let sinceKept = Atomic<Int>(0)
  private let sampling = Atomic<Bool>(false)

  /// A demand for every step's states when `always`; otherwise for the first step's, then one
  /// every `stepsBetween` steps, and the next after each ``ask()``.
  package init(always: Bool, stepsBetween: Int) {
    self.always = always
    self.stepsBetweenKept = Atomic(max(1, stepsBetween))
  }

  /// How many steps the owner takes between steps whose states it keeps.
  package var stepsBetween: Int {
    get { stepsBetweenKept.load(ordering: .relaxed) }
    set { stepsBetweenKept.store(max(1, newValue), ordering: .relaxed) }
  }

  /// Whether the owner keeps states for this inspector alone, so only when ``take()`` says: set
  /// by the owner, false once it keeps every state for another inspector too.
  package var ownerSamples: Bool {
    get { sampling.load(ordering: .relaxed) }
    set { sampling.store(newValue, ordering: .relaxed) }
  }

  /// Asks for the states of the owner's next step.
  package func ask() {
    isDue.store(true, ordering: .relaxed)
  }

  /// Whether the states of the step about to run are needed. Called by the owner's steps, one at
  /// a time.
  @inlinable
  package func take() -> Bool {
    if always { return true }
    let since = sinceKept.load(ordering: .relaxed) &+ 1
    if isDue.load(ordering: .relaxed) && isDue.exchange(false, ordering: .relaxed)
      || since >= stepsBetweenKept.load(ordering: .relaxed)
    {
      // One kept state answers both a request and the count.
      isDue.store(false, ordering: .relaxed)
      sinceKept.store(0, ordering: .relaxed)
      return true
    }
    sinceKept.store(since, ordering: .relaxed)
    return false
  }
}
