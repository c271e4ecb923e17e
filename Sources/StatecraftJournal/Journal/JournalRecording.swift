/// A journal read back: its header, the state it starts from, and its steps, each decoded only
/// when asked for, so that a journal of 100,000 steps opens in one pass over its bytes and any
/// step comes back replaying at most the steps since the keyframe before it.
///
/// ```swift
/// struct Todos: Codable { var items: [String] = [] }
/// enum TodosAction: Codable, Sendable { case add(String), clear }
///
/// func todosReducer() -> Reduce<Todos, TodosAction> {
///   Reduce { todos, action in
///     switch action {
///     case .add(let item): todos.items.append(item)
///     case .clear: todos.items = []
///     }
///     return .none
///   }
/// }
/// ```
///
/// ```swift
/// let todosSchema = SnapshotSchema<Todos>("todos")
/// let recording = try JournalRecording(contentsOf: "/tmp/todos.jsonl", schema: todosSchema, action: TodosAction.self)
/// print(recording.steps)                 // 1...2000
/// let replayer = JournalReplayer.reducer(todosReducer())
/// let state = try recording.state(at: 1_500, replaying: replayer)
/// let step = try recording.step(1_500, replaying: replayer)   // its action, time, call site, and state
/// print(state.items.count, step.action as Any)
/// ```
///
/// Time travel is reading a keyframe and replaying the steps after it: a journal writes a whole
/// state every so often (``JournalKeyframes``), so the state at step N is one keyframe's decoding
/// and the steps since it replayed: a few hundred at most for a small state, whatever N. A step that is a keyframe, or any step
/// of a journal written with ``JournalKeyframes/everyStep``, needs no replayer.
/// ``JournalTimeline`` adds a cursor that steps forwards and backwards.
public struct JournalRecording<State: Codable, Action: Decodable>: Sendable {
  /// The definition the journal is of, and the schema version of its states.
  public let definition: String
  /// The schema version of the journal's states, as its header says (1 when it says none). States
  /// of an older version are upgraded by the schema's migrations as they are read.
  public let version: Int
  /// The Swift types of the state and the actions, as the journal recorded them.
  public let stateType: String
  /// The Swift type of the actions (or events), as the journal recorded it: empty when its header
  /// names none.
  public let actionType: String
  /// How many steps the journal had dropped to stay bounded, as its header says.
  public let droppedSteps: Int
  /// The number of the step before the first one this journal holds: 0 for a whole journal.
  public let startStep: Int
  /// The steps the journal holds, from its first to its last, those in its ``gaps`` included. A
  /// closed range is never empty: for a journal that holds no step it is the one step after the
  /// start, so check ``isEmpty`` first.
  public var steps: ClosedRange<Int> { (startStep + 1)...(startStep + max(stepLines.count, 1)) }
  /// Whether the journal holds no step.
  public var isEmpty: Bool { stepLines.isEmpty }
  /// The runs of steps missing between the journal's first step and its last: a line removed, or
  /// one that no longer reads. Empty for a whole journal. The steps after a gap are as recorded,
  /// but nothing leads to them from before it: reading a missing step, replaying across a gap or
  /// stepping a ``JournalTimeline`` into one throws ``JournalError/missingStep(_:unreadableLines:)``.
  public let gaps: [JournalGap]
  /// The lines (numbered from 1) that are not journal lines: garbage, or lines cut short. Those in
  /// place of a step are also in that step's gap.
  public let unreadableLines: [Int]
  /// Whether the journal ends in a line cut short, not a whole JSON object and with no newline
  /// after it: its writer was killed, or failed, in the middle of a write. The cut line is the last of
  /// ``unreadableLines``, and ``steps`` end at the last whole step before it.
  ///
  /// ```swift
  /// let lines = """
  ///   {"statecraft":"journal","format":2,"definition":"counter","version":1}
  ///   {"type":"start","step":0,"time":0,"state":0}
  ///   {"type":"step","step":1,"time":0.1,"message":2}
  ///   {"type":"state","step":1,"time":0.1,"state":2}
  ///   {"type":"step","step":2,"time":0.2,"mess
  ///   """
  /// let recording = try JournalRecording(Data(lines.utf8), schema: SnapshotSchema<Int>("counter"), action: Int.self)
  /// print(recording.isCutShort, recording.steps, recording.unreadableLines)   // true 1...1 [5]
  /// ```
  public let isCutShort: Bool

  private let data: Data
  /// Where each line of interest is, as byte ranges of `data`: `nil` for a missing step.
  private let startLine: Range<Int>?
  private let stepLines: [Range<Int>?]
  /// The keyframes: the steps with a `state` line, in order, and where the line is. Empty for a
  /// format 1 journal, whose step lines hold their states.
  private let keyframeLines: [(step: Int, range: Range<Int>)]
  /// Whether each step line holds the state after it (format 1).
  private let stepLinesHoldStates: Bool
  /// The steps at which the inspector dropped records, and how many.
  package let drops: [(step: Int, records: Int)]
  private let schema: SnapshotSchema<State>

  /// Reads the journal at `path`.
  public init(
    contentsOf path: String, schema: SnapshotSchema<State>, action: Action.Type = Action.self
  ) throws(JournalError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(filePath: path))
    } catch {
      throw .cannotRead(path: path, reason: "\(error)")
    }
    try self.init(data, schema: schema, action: action)
  }

  /// Reads a journal from its bytes, such as ``Journal/contents()``.
  public init(
    _ data: Data, schema: SnapshotSchema<State>, action: Action.Type = Action.self
  ) throws(JournalError) {
    self.data = data
    self.schema = schema
    let lines = Self.lineRanges(of: data)
    guard let first = lines.first, let header = try? Self.decodeLine(JournalLine.self, data, first),
      header.statecraft == "journal", let format = header.format
    else { throw .notAJournal }
    guard format <= JournalFormat.current else { throw .unsupportedFormat(format) }
    guard header.definition == schema.definition else {
      throw .otherDefinition(expected: schema.definition, found: header.definition ?? "nothing")
    }
    definition = schema.definition
    version = header.version ?? 1
    guard version <= schema.version else {
      throw .newerVersion(found: version, supported: schema.version)
    }
    stateType = header.stateType ?? ""
    actionType = header.actionType ?? ""
    droppedSteps = header.droppedSteps ?? 0
    startStep = (header.firstStep ?? 1) - 1
    // Lines are told apart by their start, which the writer fixes, so that opening a journal
    // parses no state; only drops, and each step's number, are parsed here. A step is found by its
    // number, not by its place: a step whose line is gone leaves a gap, and does not shift the
    // steps after it onto the wrong lines.
    var start: Range<Int>?
    var steps: [Range<Int>?] = []
    var drops: [(Int, Int)] = []
    var keyframes: [(step: Int, range: Range<Int>)] = []
    var gaps: [JournalGap] = []
    var unreadable: [Int] = []
    /// The unreadable lines since the last step line: those a gap after them was written on.
    var unreadableSinceStep: [Int] = []
    // A last line with no newline after it is cut short if it is not a whole JSON object.
    isCutShort =
      data.last.map { $0 != UInt8(ascii: "\n") } == true && lines.count > 1
      && (try? Self.decodeLine(JSONValue.self, data, lines[lines.count - 1])) == nil
    for (index, range) in lines.enumerated().dropFirst() {
      let number = index + 1
      if isCutShort, index == lines.count - 1 {
        // Cut short mid-write: whatever it starts with, it does not read.
        unreadable.append(number)
        continue
      }
      if Self.has(prefix: Self.stepPrefix, data, range) {
        let expected = startStep + steps.count + 1
        guard let step = Self.stepNumber(data, range), step >= expected else {
          // Not a number, or a step already read: not a line this journal's writer wrote.
          unreadable.append(number)
          unreadableSinceStep.append(number)
          continue
        }
        if step > expected {
          gaps.append(JournalGap(missingSteps: expected...(step - 1), unreadableLines: unreadableSinceStep))
          steps += repeatElement(nil, count: step - expected)
        }
        steps.append(range)
        unreadableSinceStep = []
      } else if Self.has(prefix: Self.statePrefix, data, range) {
        // A keyframe of the step line before it; one whose step line is missing is that step's,
        // and a missing step is read from nothing.
        guard let step = Self.number(after: Self.statePrefix, data, range) else {
          unreadable.append(number)
          unreadableSinceStep.append(number)
          continue
        }
        if step == startStep + steps.count, steps.last.flatMap({ $0 }) != nil {
          keyframes.append((step, range))
        }
      } else if start == nil, Self.has(prefix: Self.startPrefix, data, range) {
        start = range
      } else if Self.has(prefix: Self.droppedPrefix, data, range) {
        guard let line = try? Self.decodeLine(JournalLine.self, data, range) else {
          throw .corruptLine(number: number, reason: "a dropped line that does not decode")
        }
        drops.append((line.step ?? 0, line.records ?? 0))
      } else if !Self.has(prefix: Self.linePrefix, data, range) {
        // Every line the writer writes starts so; a type this reader does not know is skipped.
        unreadable.append(number)
        unreadableSinceStep.append(number)
      }
    }
    startLine = start
    stepLines = steps
    keyframeLines = keyframes
    stepLinesHoldStates = format < 2
    self.drops = drops
    self.gaps = gaps
    self.unreadableLines = unreadable
  }

  /// The state before the journal's first step.
  ///
  /// ```swift
  /// let schema = SnapshotSchema<Int>("counter")
  /// let journal = try Journal(schema: schema, action: Int.self)
  /// let store = Store(initialState: 10) { (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// store.attach(journal)
  /// store.send(5)
  /// let recording = try JournalRecording(journal.contents(), schema: schema, action: Int.self)
  /// print(try recording.startState(), try recording.state(at: 1))   // 10 15
  /// ```
  public func startState() throws(JournalError) -> State {
    guard let startLine else { throw .noStartState }
    return try decodeState(in: startLine, line: 2)
  }

  /// The state after `step`: a keyframe's, or replayed from the keyframe before it with
  /// `replayer`. A step between keyframes read without a replayer throws
  /// ``JournalError/needsReplayer(step:keyframe:)``.
  ///
  /// ```swift
  /// let schema = SnapshotSchema<Int>("counter")
  /// let adding = Reduce<Int, Int> { count, step in count += step; return .none }
  /// let journal = try Journal(schema: schema, action: Int.self)
  /// let store = Store(initialState: 0, reducer: adding)
  /// store.attach(journal)
  /// for step in 1...10 { store.send(step) }
  /// let recording = try JournalRecording(journal.contents(), schema: schema, action: Int.self)
  /// print(try recording.state(at: 10, replaying: .reducer(adding)))   // 55
  /// ```
  public func state(
    at step: Int, replaying replayer: JournalReplayer<State, Action>? = nil
  ) throws(JournalError) -> State {
    let (keyframe, state) = try keyframe(atOrBefore: step)
    guard keyframe < step else { return state }
    guard let replayer else { throw .needsReplayer(step: step, keyframe: keyframe) }
    var replayed = state
    for number in (keyframe + 1)...step {
      try advance(&replayed, to: number, with: replayer)
    }
    return replayed
  }

  /// Everything the journal recorded of `step`, and the state after it (see
  /// ``state(at:replaying:)``).
  public func step(
    _ step: Int, replaying replayer: JournalReplayer<State, Action>? = nil
  ) throws(JournalError) -> JournalStep<State, Action> {
    let line = try stepLine(step)
    return JournalStep(
      number: step, time: line.time, action: line.message, callSite: line.callSite,
      state: try state(at: step, replaying: replayer))
  }

  /// The step line of `step`: its time, message and call site.
  package func stepLine(_ step: Int) throws(JournalError) -> StepLine {
    do {
      return try Self.decodeLine(StepLine.self, data, try range(of: step))
    } catch let error as JournalError {
      throw error
    } catch {
      throw .doesNotDecode(line: step, reason: Self.explain(error))
    }
  }

  /// The state the journal recorded after `step`, if it is a keyframe.
  package func recordedState(at step: Int) throws(JournalError) -> State? {
    if step == startStep { return try startState() }
    if stepLinesHoldStates { return try decodeState(in: try range(of: step), line: step) }
    guard let range = keyframeRange(of: step) else {
      _ = try range(of: step)
      return nil
    }
    return try decodeState(in: range, line: step)
  }

  /// The newest keyframe at `step` or before it, and its state: the start when there is none.
  private func keyframe(atOrBefore step: Int) throws(JournalError) -> (step: Int, state: State) {
    if step == startStep { return (step, try startState()) }
    _ = try range(of: step)
    if stepLinesHoldStates { return (step, try decodeState(in: try range(of: step), line: step)) }
    let after = keyframesAfter(step)
    guard after > 0 else { return (startStep, try startState()) }
    let found = keyframeLines[after - 1]
    return (found.step, try decodeState(in: found.range, line: found.step))
  }

  private func keyframeRange(of step: Int) -> Range<Int>? {
    let after = keyframesAfter(step)
    return after > 0 && keyframeLines[after - 1].step == step ? keyframeLines[after - 1].range : nil
  }

  /// The index of the first keyframe after `step`: a binary search, as keyframes are in order.
  private func keyframesAfter(_ step: Int) -> Int {
    var low = 0
    var high = keyframeLines.count
    while low < high {
      let middle = (low + high) / 2
      if keyframeLines[middle].step <= step { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Moves `state`, the state after the step before `step`, to the state after `step`, with
  /// `replayer`: the step's own keyframe if it has one. Throws at a step after dropped records,
  /// at a missing step, and at a step with no action to replay.
  func advance(
    _ state: inout State, to step: Int, with replayer: JournalReplayer<State, Action>
  ) throws(JournalError) {
    if let drop = drops.first(where: { $0.step == step - 1 }) {
      throw .recordsDropped(step: drop.step, records: drop.records)
    }
    if let recorded = try recordedState(at: step) {
      state = recorded
      return
    }
    let line = try stepLine(step)
    if let time = line.clockTime, let applyAtTime = replayer.applyAtTime {
      applyAtTime(&state, line.message, time, line.catchUp == true)
      return
    }
    guard let action = line.message else {
      throw .doesNotDecode(
        line: step, reason: "step \(step) has no action of type \(Action.self) to replay")
    }
    replayer.apply(&state, action)
  }

  private func range(of step: Int) throws(JournalError) -> Range<Int> {
    let index = step - startStep - 1
    guard stepLines.indices.contains(index) else { throw .noSuchStep(step, available: steps) }
    guard let range = stepLines[index] else {
      throw .missingStep(step, unreadableLines: gap(containing: step)?.unreadableLines ?? [])
    }
    return range
  }

  /// The gap `step` is missing in, if it is.
  func gap(containing step: Int) -> JournalGap? {
    gaps.first { $0.missingSteps.contains(step) }
  }

  /// The state of a line: decoded as `State` at once when the journal is of the schema's
  /// version, or upgraded by its migrations first.
  private func decodeState(in range: Range<Int>, line: Int) throws(JournalError) -> State {
    do {
      if version == schema.version {
        return try Self.decodeLine(StateLine<State>.self, data, range).state
      }
      let old = try Self.decodeLine(StateLine<JSONValue>.self, data, range).state
      return try schema.upgrade(old, from: version).decoded(as: State.self)
    } catch {
      throw .doesNotDecode(line: line, reason: Self.explain(error))
    }
  }

  private struct StateLine<Value: Decodable>: Decodable { var state: Value }
  package struct StepLine: Decodable {
    package var time: Double
    package var message: Action?
    package var callSite: String?
    /// A chart's time after the step, as seconds and attoseconds.
    var chartTime: [Int64]?
    /// Whether a chart's step of its clock fired every timer due, not just the first.
    var catchUp: Bool?

    /// A chart's time after the step, which replay takes the step at.
    var clockTime: Duration? {
      guard let chartTime, chartTime.count == 2 else { return nil }
      return Duration(secondsComponent: chartTime[0], attosecondsComponent: chartTime[1])
    }
  }

  private static var linePrefix: [UInt8] { Array(#"{"type":""#.utf8) }
  private static var stepPrefix: [UInt8] { Array(#"{"type":"step","#.utf8) }
  private static var stepNumberPrefix: [UInt8] { Array(#"{"type":"step","step":"#.utf8) }
  private static var startPrefix: [UInt8] { Array(#"{"type":"start","#.utf8) }
  private static var statePrefix: [UInt8] { Array(#"{"type":"state","step":"#.utf8) }
  private static var droppedPrefix: [UInt8] { Array(#"{"type":"dropped","#.utf8) }

  private static func has(prefix: [UInt8], _ data: Data, _ range: Range<Int>) -> Bool {
    range.count >= prefix.count && data[range.lowerBound..<range.lowerBound + prefix.count].elementsEqual(prefix)
  }

  /// The number of the step line at `range`, read from its start (`{"type":"step","step":N,`),
  /// or `nil` if the line does not start so.
  private static func stepNumber(_ data: Data, _ range: Range<Int>) -> Int? {
    number(after: stepNumberPrefix, data, range)
  }

  /// The number that follows `prefix` at the start of the line at `range`, and a comma; `nil` if
  /// the line does not start so.
  private static func number(after prefix: [UInt8], _ data: Data, _ range: Range<Int>) -> Int? {
    guard has(prefix: prefix, data, range) else { return nil }
    var number = 0
    var digits = 0
    for byte in data[(range.lowerBound + prefix.count)..<range.upperBound] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
        return digits > 0 && byte == UInt8(ascii: ",") ? number : nil
      }
      guard digits < 18 else { return nil }
      number = number * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
    }
    return nil
  }

  private static func decodeLine<Line: Decodable>(_ type: Line.Type, _ data: Data, _ range: Range<Int>) throws -> Line {
    try JSONDecoder().decode(type, from: data[range])
  }

  private static func lineRanges(of data: Data) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = data.startIndex
    for index in data.indices where data[index] == UInt8(ascii: "\n") {
      if index > start { ranges.append(start..<index) }
      start = index + 1
    }
    if start < data.endIndex { ranges.append(start..<data.endIndex) }
    return ranges
  }

  static func explain(_ error: any Error) -> String {
    (error as? DecodingError)?.explanation ?? "\(error)"
  }
}

/// One step of a journal: the action the owner received, when, from where, and its state after.
///
/// ```swift
/// let schema = SnapshotSchema<Int>("counter")
/// let journal = try Journal(schema: schema, action: Int.self)
/// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///   count += step
///   return .none
/// }
/// store.attach(journal)
/// store.send(5)
/// let recording = try JournalRecording(journal.contents(), schema: schema, action: Int.self)
/// let step = try recording.step(1)
/// print(step.number, step.action ?? 0, step.state)   // 1 5 5
/// print(step.callSite ?? "")                          // the line of `store.send(5)`
/// ```
public struct JournalStep<State, Action> {
  /// The step's number, from 1.
  public let number: Int
  /// Seconds from the journal's first record.
  public let time: Double
  /// The action; `nil` when the journal could not record it (not of the journal's action type).
  public let action: Action?
  /// Where it was sent from: the line of a `send`, or of the effect that delivered it.
  public let callSite: String?
  /// The state after it.
  public let state: State
}

extension JournalStep: Sendable where State: Sendable, Action: Sendable {}

/// A run of steps missing from a journal: their lines were removed, or no longer read.
///
/// ```swift
/// let lines = """
///   {"statecraft":"journal","format":1,"definition":"counter","version":1}
///   {"type":"start","step":0,"time":0,"state":0}
///   {"type":"step","step":1,"time":0.1,"message":2,"state":2}
///   garbage where step 2 was
///   {"type":"step","step":3,"time":0.3,"message":1,"state":5}
///   """
/// let recording = try JournalRecording(Data(lines.utf8), schema: SnapshotSchema<Int>("counter"), action: Int.self)
/// print(recording.gaps)                   // [step 2 missing (unreadable line 4)]
/// print(try recording.state(at: 3))       // 5: recorded, though step 2 is missing
/// // try recording.state(at: 2) throws JournalError.missingStep(2, unreadableLines: [4])
/// ```
public struct JournalGap: Sendable, Equatable, CustomStringConvertible {
  /// The steps missing.
  public let missingSteps: ClosedRange<Int>
  /// The lines (numbered from 1) between the steps on either side of the gap that do not read:
  /// where the missing steps were, if they were not removed. Empty when the lines are gone.
  public let unreadableLines: [Int]

  /// Says which steps are missing, and which lines did not read.
  public var description: String {
    let steps =
      missingSteps.count == 1
      ? "step \(missingSteps.lowerBound)" : "steps \(missingSteps.lowerBound) to \(missingSteps.upperBound)"
    let lines =
      unreadableLines.isEmpty
      ? ""
      : " (unreadable line\(unreadableLines.count == 1 ? "" : "s") \(unreadableLines.map(String.init).joined(separator: ", ")))"
    return "\(steps) missing\(lines)"
  }
}
