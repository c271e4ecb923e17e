/// An inspector that reads an owner's steps from a ring the owner writes, rather than receiving a
/// `received` and a `stateUpdated` record for each: the live inspector and a journal, so that
/// inspecting a busy store costs a tick read, an atomic add, an atomic exchange and a copy of the
/// step's values, not two records.
///
/// An owner whose only inspector reads steps this way (a store, a machine, a state-object machine,
/// a chart for each step that holds only its message) writes them to one ``StepRing``, typed, with
/// no allocation and nothing boxed; the reader drains it when it likes, and boxes only then. The
/// ring holds a step's states when the owner kept them (every step's, unless the reader samples
/// states: see ``StateSampling``). The other records (effects, diagnostics) still reach
/// ``Inspector/receive(_:)``, numbered in the same sequence: the reader merges them with the
/// steps, and holds back those numbered during a step the ring does not hold yet
/// (``RingTake/stepInFlight``). Once another inspector is attached, the owner makes records again, for every
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
