/// Where a batch of the journal's queue cuts its ring owner's records: those numbered during a step
/// the batch does not write wait for the next batch, so that their lines follow the step's.
///
/// A batch takes the waiting records, then the ring's steps; the owner runs meanwhile. Records
/// that arrive while the batch takes the steps may belong to a step begun after the take, unless
/// a step taken comes after them.
package struct BatchCut {
  /// The owner's records the batch took first wait from this sequence number on; `nil`: none wait.
  package let firstWaiting: UInt64?
  /// The owner's records that arrived while the batch took the steps wait from this number on;
  /// `nil`: the batch takes none of them.
  package let firstWaitingOfLate: UInt64?

  /// - Parameters:
  ///   - stepInFlight: the first sequence number of the step under way that the take did not take
  ///     (``RingTake/stepInFlight``).
  ///   - lastTaken: the sequence number of the last record of the steps taken.
  package init(stepInFlight: UInt64?, lastTaken: UInt64?) {
    firstWaiting = stepInFlight
    firstWaitingOfLate = lastTaken.map { min(stepInFlight ?? .max, $0 + 1) }
  }
}
