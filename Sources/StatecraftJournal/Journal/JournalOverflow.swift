/// What a ``Journal`` does when more records wait for its writes than it keeps
/// (``Journal/bufferLimit``): a sender faster than the journal's writes, for longer than its buffer
/// lasts.
///
/// ```swift
/// struct Ticks: Codable { var count = 0 }
/// enum Tick: Codable, Sendable { case tick }
///
/// // Telemetry that must never slow the app: lose steps under a burst, and say how many.
/// let journal = try Journal(schema: SnapshotSchema<Ticks>("ticks"), action: Tick.self, overflow: .dropOldest)
/// print(journal.overflow)  // dropOldest
/// ```
public enum JournalOverflow: Sendable, Equatable {
  /// The sender writes the waiting records itself before it goes on: nothing the journal receives
  /// is lost, and its sends take as long as the writes while the journal is behind. The default: a
  /// journal is for replaying what happened, which a gap stops. (The owner's own queue of records
  /// still drops past its limit, as for every inspector, if other threads emit records while the
  /// sender writes.)
  case write
  /// The oldest waiting record is dropped, and the journal writes a `dropped` line that counts the
  /// records lost: a send never waits for the journal, and replay cannot cross the gap.
  case dropOldest
}
