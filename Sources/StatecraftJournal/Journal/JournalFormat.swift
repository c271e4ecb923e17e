/// The journal's format, version 2: JSON Lines, one JSON object per line, in the order things
/// happened.
///
/// ```text
/// {"statecraft":"journal","format":2,"definition":"todos","version":3,"state_type":"App.Todos","action_type":"App.TodosAction","started":"2026-11-25T23:00:00Z","firstStep":1,"droppedSteps":0}
/// {"type":"start","step":0,"time":0,"state":{"items":[],"filter":"all"}}
/// {"type":"step","step":1,"time":0.0021,"message":{"add":{"_0":"milk"}},"callSite":"App/TodosView.swift:42:9"}
/// {"type":"state","step":1,"time":0.0021,"state":{"items":[{"title":"milk"}],"filter":"all"}}
/// {"type":"effectStarted","step":1,"time":0.0022,"effect":1,"id":"save","callSite":"App/Todos.swift:30:14"}
/// {"type":"effectFinished","step":1,"time":0.0150,"effect":1}
/// {"type":"step","step":2,"time":0.0150,"message":{"saved":{}},"callSite":"App/Todos.swift:30:14"}
/// {"type":"diagnostic","step":2,"time":0.0151,"kind":"effectFailed","message":"…","callSite":"…"}
/// {"type":"dropped","step":7,"time":0.2,"records":12}
/// ```
///
/// - The **header** names the journal's definition and the schema version its states are encoded
///   in (``SnapshotSchema``), the Swift types of the state and the messages (actions or events),
///   when it started, the number of its first step, and how many steps the journal had dropped
///   (a bounded journal; for rolling files, the steps of the files deleted when this one began).
///   The steps before `firstStep` that are not dropped are in the older files.
/// - **`start`** holds the state before the journal's first step: replay begins there.
/// - Each **`step`** is one message the owner received and processed: the message, and where it
///   was sent from (the line of a `send`, or the line of the effect that delivered it). `step`
///   counts from 1; `time` is in seconds from the journal's first record.
///   For a statechart, the message is the event that started the step, and `null` for a step that
///   the chart's clock started (a delayed transition, a delayed send) or its start; the events the
///   step raised or sent itself are reflected in its state. A statechart's step also holds
///   `chartTime`, the chart's time after the step as `[seconds, attoseconds]`, and `catchUp` when
///   a step of its clock fired every timer due rather than the first: replay takes the step at
///   that time. A chart's start has neither, and its state is a keyframe.
/// - **`state`** is a keyframe: the whole state after the step it names, written every so often
///   (``JournalKeyframes``). The state after a step without one is found by replaying the steps
///   since the keyframe before it.
/// - **`effectStarted`**, **`effectFinished`**, **`effectCancelled`** say what each step's effects
///   did, by the effect's number within its owner; **`diagnostic`** is a diagnostic the owner
///   reported; **`dropped`** counts records the inspector had to drop under load, after which
///   replay cannot go on until the next keyframe.
///
/// Format 1, which journals written before keyframes are in, has no `state` lines: each `step`
/// line holds the state after it in a `state` field, and every step is a keyframe. Both read.
///
/// Readers ignore fields and line types they do not know, so that later versions may add them;
/// a journal of a newer `format` is refused.
public enum JournalFormat {
  /// The format this version of Statecraft writes.
  public static let current = 2
}

/// A journal line as read, before its state and message are decoded as their types.
struct JournalLine: Decodable {
  // Header.
  var statecraft: String?
  var format: Int?
  var definition: String?
  var version: Int?
  var started: String?
  var firstStep: Int?
  var droppedSteps: Int?
  var stateType: String?
  var actionType: String?
  // Entries.
  var type: String?
  var step: Int?
  var time: Double?
  var message: JSONValue?
  var state: JSONValue?
  var callSite: String?
  var effect: UInt64?
  var id: String?
  var kind: String?
  var records: Int?

  enum CodingKeys: String, CodingKey {
    case statecraft, format, definition, version, started, firstStep, droppedSteps
    case stateType = "state_type", actionType = "action_type"
    case type, step, time, message, state, callSite, effect, id, kind, records
  }
}
