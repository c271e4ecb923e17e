import DequeModule
import StatecraftEngine

/// The records a journal received and has not written yet, at most its buffer limit of them.
struct WaitingRecords {
  private var records = Deque<InspectionRecord>()
  /// How many of them hold states.
  private var holdingStates = 0
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

  /// Queues `record`; past `limit` records, or `statesLimit` records that hold states, drops the
  /// oldest if `dropping`, or else asks the sender to write them.
  mutating func append(
    _ record: InspectionRecord, limit: Int, statesLimit: Int, dropping: Bool
  ) -> Next {
    records.append(record)
    if Self.holdsStates(record) { holdingStates += 1 }
    if records.count > limit || holdingStates > statesLimit {
      guard dropping else { return .full }
      // The limit may have shrunk since the last record: drop down to it.
      while records.count > limit || holdingStates > statesLimit, let oldest = records.popFirst() {
        dropped += 1 + oldest.droppedBefore
        if Self.holdsStates(oldest) { holdingStates -= 1 }
      }
    }
    defer { isScheduled = true }
    return isScheduled ? .queued : .scheduleWrite
  }

  /// Puts records a write took back before the ones waiting, for the next write, with the
  /// records `dropped` before them.
  mutating func putBack(_ taken: some Collection<InspectionRecord>, dropped: UInt64) {
    records.prepend(contentsOf: taken)
    holdingStates += taken.count { Self.holdsStates($0) }
    self.dropped += dropped
  }

  /// Takes the records waiting, and how many were dropped before them.
  mutating func take() -> (Deque<InspectionRecord>, UInt64) {
    defer {
      records = []
      dropped = 0
      holdingStates = 0
      isScheduled = false
    }
    return (records, dropped)
  }

  /// Whether `record` holds an owner's states: its owner keeps a copy of them while it waits.
  private static func holdsStates(_ record: InspectionRecord) -> Bool {
    guard case .stateUpdated(let before, _) = record.kind else { return false }
    return before.isKept
  }
}
