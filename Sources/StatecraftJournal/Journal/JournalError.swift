/// Why a journal could not be written or read.
///
/// ```swift
/// let schema = SnapshotSchema<Int>("counter")
/// do {
///   _ = try JournalRecording(Data("{}".utf8), schema: schema, action: Int.self)
/// } catch JournalError.notAJournal {
///   print("not a journal")   // `{}` has no journal header
/// } catch {
///   print(error)             // any other reason, in a sentence
/// }
/// ```
public enum JournalError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be created or written.
  case cannotWrite(path: String, reason: String)
  /// The file could not be read.
  case cannotRead(path: String, reason: String)
  /// A line is not JSON, or not a journal line.
  case corruptLine(number: Int, reason: String)
  /// The data has no journal header: it is not a Statecraft journal.
  case notAJournal
  /// The journal is of a newer format than this version of Statecraft reads.
  case unsupportedFormat(Int)
  /// The journal is of another definition, or of a schema version this build cannot read.
  case otherDefinition(expected: String, found: String)
  /// The journal's states are of a newer schema version than this build's.
  case newerVersion(found: Int, supported: Int)
  /// The journal has no `start` line: nothing to replay from.
  case noStartState
  /// A state or a message in the journal does not decode as its type.
  case doesNotDecode(line: Int, reason: String)
  /// The inspector dropped records at this step, under load: replay cannot go past it.
  case recordsDropped(step: Int, records: Int)
  /// There is no step `step` in the journal.
  case noSuchStep(Int, available: ClosedRange<Int>)
  /// Step `step` is missing from the journal (see ``JournalRecording/gaps``): its line was removed,
  /// or is among `unreadableLines`. The steps after it are recorded, but replay cannot cross it.
  case missingStep(Int, unreadableLines: [Int])
  /// Step `step` has no keyframe of its own, and the journal was read without a
  /// ``JournalReplayer`` to replay it from the keyframe at step `keyframe`.
  case needsReplayer(step: Int, keyframe: Int)

  /// A sentence that says what is wrong, naming the path, line or step concerned.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): "The journal \(path) could not be written: \(reason)."
    case .cannotRead(let path, let reason): "The journal \(path) could not be read: \(reason)."
    case .corruptLine(let number, let reason): "Line \(number) of the journal is corrupt: \(reason)"
    case .notAJournal: "The data is not a Statecraft journal: its first line is not a journal header."
    case .unsupportedFormat(let format):
      "The journal is of format \(format); this version of Statecraft reads format \(JournalFormat.current) and older."
    case .otherDefinition(let expected, let found): "The journal is of \"\(found)\", not of \"\(expected)\"."
    case .newerVersion(let found, let supported):
      "The journal's states are of version \(found); this build knows versions up to \(supported)."
    case .noStartState: "The journal has no start line: there is no state to replay from."
    case .doesNotDecode(let line, let reason): "Line \(line) of the journal does not decode: \(reason)"
    case .recordsDropped(let step, let records):
      "The inspector dropped \(records) records at step \(step), under load: replay stops there."
    case .noSuchStep(let step, let available):
      "The journal has no step \(step); it has steps \(available.lowerBound) to \(available.upperBound)."
    case .missingStep(let step, let lines):
      "Step \(step) is missing from the journal"
        + (lines.isEmpty
          ? ": its line was removed."
          : ": line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", ")) cannot be read.")
        + " The steps after it are as recorded, but nothing replays or steps across the gap."
    case .needsReplayer(let step, let keyframe):
      "The journal holds no state for step \(step): its last keyframe before it is step \(keyframe). Read it with a JournalReplayer (the reducer, machine or statechart that took the steps) to replay from there, or record with JournalKeyframes.everyStep."
    }
  }
}
