import Dispatch

/// A journal, as the queue that writes it sees it: whatever its types.
protocol WritingJournal: AnyObject, Sendable {
  /// Writes the records waiting.
  func write()
}

extension Journal: WritingJournal {}

/// Where journals write: one serial queue for all of them, off the threads that send to their
/// owners.
enum JournalQueue {
  private static let writing = DispatchQueue(label: "Statecraft.Journal", qos: .utility)

  /// Queues a write of `journal`'s waiting records. The queue keeps the journal until it is done.
  static func schedule(_ journal: any WritingJournal) {
    writing.async { journal.write() }
  }
}
