package import Dispatch

/// A journal, as the queue that writes it and its owner's ring see it: whatever its types.
protocol WritingJournal: AnyObject, Sendable {
  /// Writes what waits, but the records of a step still under way: the queue's write, which
  /// only the queue calls (and tests that stand for it), once for each batch queued.
  func writeBatch()
  /// Writes everything received: a sender's write, when the ring is full.
  func writeEverything()
  /// Queues the next batch.
  func scheduleBatch()
}

extension Journal: WritingJournal {}

/// Where a journal writes: a serial queue of its own, off the threads that send to its owner, so
/// that a journal busy with a large keyframe holds up no other.
package struct JournalQueue: Sendable {
  package let queue = DispatchQueue(label: "Statecraft.Journal", qos: .utility)

  /// Queues a write of `journal`'s waiting records, `interval` from now. The queue keeps the
  /// journal until it is done.
  func schedule(_ journal: any WritingJournal, after interval: Duration) {
    guard interval > .zero else {
      queue.async { journal.writeBatch() }
      return
    }
    let (seconds, attoseconds) = interval.components
    let nanoseconds =
      seconds >= Int64(Int.max / 1_000_000_000)
      ? Int.max : Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { journal.writeBatch() }
  }
}
