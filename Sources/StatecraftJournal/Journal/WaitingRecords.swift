import DequeModule
import StatecraftEngine

/// The records a journal received and has not written yet, at most its buffer limit of them.
struct WaitingRecords {
  private var records = Deque<InspectionRecord>()
  /// Records dropped since the last write took the waiting ones.
  private var dropped: UInt64 = 0
  /// Whether a write is queued that will take the records waiting.
  private var isScheduled = false

  /// What the sender does after it queued a record.
  enum Next {
    /// Nothing: a write is queued that will take it.
    case queued
    /// Queue a write.
    case scheduleWrite
    /// Write now: more than the limit wait.
    case full
  }

  /// Queues `record`; past `limit` records, drops the oldest if `dropping`, or else asks the
  /// sender to write them.
  mutating func append(_ record: InspectionRecord, limit: Int, dropping: Bool) -> Next {
    records.append(record)
    if records.count > limit {
      guard dropping else { return .full }
      // The limit may have shrunk since the last record: drop down to it.
      while records.count > limit, let oldest = records.popFirst() {
        dropped += 1 + oldest.droppedBefore
      }
    }
    defer { isScheduled = true }
    return isScheduled ? .queued : .scheduleWrite
  }

  /// Takes the records waiting, and how many were dropped before them.
  mutating func take() -> (Deque<InspectionRecord>, UInt64) {
    defer {
      records = []
      dropped = 0
      isScheduled = false
    }
    return (records, dropped)
  }
}
