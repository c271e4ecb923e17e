import DequeModule
import StatecraftEngine

/// An inspector that records what one owner received, in order, with timestamps, the state after
/// each step, and the effects each step started and ended, as JSON Lines (``JournalFormat``).
///
/// ```swift
/// struct Todos: Codable, Equatable { var items: [String] = [] }
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
/// let store = Store(initialState: Todos(), reducer: todosReducer())
/// let journal = try Journal(schema: todosSchema, action: TodosAction.self, to: .file("/tmp/todos.jsonl"))
/// store.attach(journal)
/// store.send(.add("milk"))
/// ```
///
/// The state must be `Codable` (through its ``SnapshotSchema``) and the actions `Encodable`: the
/// initialiser requires both, so that a journal of a type that cannot be written does not compile.
///
/// A journal is an ``/StatecraftEngine/Inspector``: the owner never waits for it, and under load the records past its
/// ``bufferLimit`` are dropped and written as a `dropped` line. Its lines also go to the streams of
/// ``makeLineStream(bufferingNewest:)``, for
/// any `AsyncSequence` consumer (a socket, a log shipper). Failures to write go to the
/// ``/StatecraftEngine/DiagnosticHandler`` that was current when the journal was made.
public final class Journal<State: Codable, Action: Encodable>: Inspector, Sendable {
  /// How many records may wait for the journal while it writes before the oldest are dropped:
  /// 100,000 unless the initialiser was given another.
  public let bufferLimit: Int

  private let schema: SnapshotSchema<State>
  private let streams = JournalLineStreams()
  private let diagnostics: DiagnosticHandler
  private let storage: CriticalState<JournalWriter>
  /// One encoder, made once: making one per record cost more than encoding. Used under the lock.
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }()

  /// A journal of the states of `schema` and of `action`s, written to `destination`.
  ///
  /// - Parameters:
  ///   - schema: The state's schema: its definition, version and coders.
  ///   - action: The type of the owner's actions (or events), which the journal encodes.
  ///   - destination: Where the lines go: memory, a file, or a custom writer.
  ///   - bufferLimit: How many records may wait for the journal while it writes before the
  ///     oldest are dropped (``/StatecraftEngine/Inspector/bufferLimit``).
  public init(
    schema: SnapshotSchema<State>, action: Action.Type = Action.self,
    to destination: JournalDestination = .memory(), bufferLimit: Int = 100_000
  ) throws(JournalError) {
    self.schema = schema
    self.bufferLimit = bufferLimit
    self.diagnostics = DiagnosticHandler.current
    let header = JournalHeader(
      definition: schema.definition, version: schema.version,
      stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self))
    storage = CriticalState(try JournalWriter(header: header, destination: destination))
  }

  deinit {
    storage.withLock { $0.close() }
    streams.finishAll()
  }

  /// A stream of every line the journal writes from now on, for any `AsyncSequence` consumer: a
  /// socket, a log shipper, a live view. The newest `limit` lines wait for a slow reader; older
  /// ones are dropped from the stream (never from the journal). A journal no one streams keeps no
  /// lines for it.
  ///
  /// ```swift
  /// let journal = try Journal(schema: SnapshotSchema<Todos>("todos"), action: TodosAction.self)
  /// let shipping = Task {
  ///   for await line in journal.makeLineStream() { print(line) }   // or send it down a socket
  /// }
  /// // …when the app stops:
  /// shipping.cancel()
  /// ```
  public func makeLineStream(bufferingNewest limit: Int = 10_000) -> AsyncStream<String> {
    streams.make(bufferingNewest: limit)
  }

  /// The journal as written so far (for a memory journal, the steps it keeps), as JSON Lines.
  public func contents() -> Data {
    storage.withLock { Data($0.memoryContents().utf8) }
  }

  /// How many steps were dropped to keep the journal bounded.
  public var droppedSteps: Int { storage.withLock { $0.droppedSteps } }

  /// Writes the lines `record` adds and hands them to the line streams: a `step` when the owner's
  /// state is updated (after the `start` line, the first time), a line for each effect's start and
  /// end and for each diagnostic, and first a `dropped` line when records were dropped before it.
  /// A failure to encode or write is reported as a `journalFailed` diagnostic.
  public func receive(_ record: InspectionRecord) {
    do {
      let written = try storage.withLock { writer in
        try writer.take(record, encoding: encode(_:isState:))
      }
      streams.yield(written)
    } catch {
      diagnostics.report(
        Diagnostic(
          kind: .journalFailed, message: "\(error)", source: "Journal of \(schema.definition)",
          error: error))
    }
  }

  /// A record's value as a JSON fragment: the state through the schema's type, an action through
  /// `Action`; `null` for a value of another type (a chart's internal timer message).
  private func encode(_ value: InspectedValue, isState: Bool) throws -> String {
    if isState, let state = value.value(as: State.self) {
      return String(decoding: try encoder.encode(state), as: UTF8.self)
    }
    if !isState, let action = value.value(as: Action.self) {
      return String(decoding: try encoder.encode(action), as: UTF8.self)
    }
    return "null"
  }
}

/// The streams of a journal's lines still read. Apart from the writer's lock, so that a stream
/// ended while lines are yielded never waits for it; not generic, so that a stream's end handler
/// holds nothing of the journal's types.
final class JournalLineStreams: Sendable {
  private let consumers = CriticalState<[Int: AsyncStream<String>.Continuation]>([:])
  private let next = CriticalState(0)

  func make(bufferingNewest limit: Int) -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingNewest(limit))
    let id = next.withLock { next in
      defer { next += 1 }
      return next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.consumers.withLock { $0.removeValue(forKey: id) }
    }
    consumers.withLock { $0[id] = continuation }
    return stream
  }

  /// Gives `lines` to every stream, outside the lock.
  func yield(_ lines: [String]) {
    let streams = consumers.withLock { Array($0.values) }
    for stream in streams {
      for line in lines { stream.yield(line) }
    }
  }

  func finishAll() {
    for stream in consumers.withLock({ Array($0.values) }) { stream.finish() }
  }
}

extension Diagnostic.Kind {
  /// A journal could not encode a record or write its file.
  public static let journalFailed = Diagnostic.Kind("journalFailed")
}

/// A journal's header line.
struct JournalHeader: Encodable {
  var statecraft = "journal"
  var format = JournalFormat.current
  var definition: String
  var version: Int
  var stateType: String
  var actionType: String
  var started = Date.now.formatted(.iso8601)
  /// The number of the journal's (or this file's) first step.
  var firstStep = 1
  /// How many steps the journal had dropped when it began this file, or, in memory, so far.
  var droppedSteps = 0

  enum CodingKeys: String, CodingKey {
    case statecraft, format, definition, version, started, firstStep, droppedSteps
    case stateType = "state_type", actionType = "action_type"
  }

  var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
  }
}

/// What a journal has written, and where: the value its lock guards.
struct JournalWriter: ~Copyable {
  var header: JournalHeader
  private var file: JournalFile?
  /// A memory journal's lines, oldest first, each with the step it belongs to.
  private var memory: Deque<(step: Int, line: String, state: String?)> = []
  private let lastSteps: Int?
  private(set) var droppedSteps = 0
  /// The state after the newest step, as JSON, and the one before it: the `start` of a new file.
  private var latestState: String?
  private var previousState: String?
  /// The state before the oldest kept step of a memory journal.
  private var startState: String?
  private var step = 0
  private var pending: (message: String, callSite: String?)?
  private var firstTime: ContinuousClock.Instant?

  init(header: JournalHeader, destination: JournalDestination) throws(JournalError) {
    self.header = header
    switch destination.kind {
    case .memory(let lastSteps):
      self.lastSteps = lastSteps
    case .file(let path, let maxBytes, let keep):
      self.lastSteps = nil
      file = try JournalFile(path: path, maxBytes: maxBytes, keep: keep)
      try file!.write(header.line, isStep: false)
    }
  }

  /// Writes what `record` adds to the journal, and returns the lines written.
  mutating func take(
    _ record: InspectionRecord, encoding encode: (InspectedValue, Bool) throws -> String
  ) throws -> [String] {
    let start = firstTime ?? record.time
    firstTime = start
    let time = seconds(start.duration(to: record.time))
    var lines: [String] = []
    if record.droppedBefore > 0 {
      lines.append(#"{"type":"dropped","step":\#(step),"time":\#(time),"records":\#(record.droppedBefore)}"#)
    }
    switch record.kind {
    case .received(let message):
      // A step's first message is what started it; a chart's later ones are what it raised or
      // sent itself within the step, which replaying the first reproduces.
      if pending == nil { pending = (try encode(message, false), record.callSite.map { "\($0)" }) }
    case .stateUpdated(let before, let after):
      if latestState == nil {
        let state = try encode(before, true)
        latestState = state
        startState = state
        lines.append(#"{"type":"start","step":0,"time":0,"state":\#(state)}"#)
      }
      step += 1
      let state = try encode(after, true)
      let message = pending?.message ?? "null"
      let callSite = pending?.callSite.map { #","callSite":\#(quoted($0))"# } ?? ""
      pending = nil
      lines.append(
        #"{"type":"step","step":\#(step),"time":\#(time),"message":\#(message)\#(callSite),"state":\#(state)}"#)
      previousState = latestState
      latestState = state
      try write(lines, lastStep: true)
      return lines
    case .effectStarted(let effect): lines.append(effectLine("effectStarted", effect, time))
    case .effectFinished(let effect): lines.append(effectLine("effectFinished", effect, time))
    case .effectCancelled(let effect): lines.append(effectLine("effectCancelled", effect, time))
    case .diagnostic(let diagnostic):
      let callSite = diagnostic.callSite.map { #","callSite":\#(quoted("\($0)"))"# } ?? ""
      lines.append(
        #"{"type":"diagnostic","step":\#(step),"time":\#(time),"kind":\#(quoted(diagnostic.kind.name)),"message":\#(quoted(diagnostic.message))\#(callSite)}"#
      )
    }
    try write(lines, lastStep: false)
    return lines
  }

  /// Writes `lines`, the last of them a step's when `lastStep`, rolling or trimming first.
  private mutating func write(_ lines: [String], lastStep: Bool) throws(JournalError) {
    guard !lines.isEmpty else { return }
    if file != nil {
      if lastStep, file!.isFull {
        droppedSteps += try file!.roll()
        header.droppedSteps = droppedSteps
        header.firstStep = step
        try file!.write(header.line, isStep: false)
        try file!.write(
          #"{"type":"start","step":\#(step - 1),"time":0,"state":\#(previousState ?? "null")}"#,
          isStep: false)
      }
      for (index, line) in lines.enumerated() {
        try file!.write(line, isStep: lastStep && index == lines.count - 1)
      }
      return
    }
    for (index, line) in lines.enumerated() {
      let isStep = lastStep && index == lines.count - 1
      memory.append((step, line, isStep ? latestState : nil))
    }
    guard lastStep, let lastSteps, step - droppedSteps > lastSteps else { return }
    // Trim the oldest step, and what happened after it until the next: the start state becomes
    // its state.
    let oldest = droppedSteps + 1
    while let first = memory.first, first.step <= oldest {
      if let state = first.state { startState = state }
      memory.removeFirst()
    }
    droppedSteps += 1
  }

  /// A memory journal's lines: its header, the state before its oldest kept step, and the rest.
  func memoryContents() -> String {
    var header = header
    header.droppedSteps = droppedSteps
    header.firstStep = droppedSteps + 1
    var lines = [header.line]
    if let startState {
      lines.append(#"{"type":"start","step":\#(droppedSteps),"time":0,"state":\#(startState)}"#)
    }
    lines += memory.lazy.map(\.line).filter { !$0.hasPrefix(#"{"type":"start""#) }
    return lines.joined(separator: "\n") + "\n"
  }

  mutating func close() {
    file?.close()
  }

  private func effectLine(_ type: String, _ effect: InspectedEffect, _ time: Double) -> String {
    let id = effect.id.map { #","id":\#(quoted("\($0.base)"))"# } ?? ""
    let callSite = effect.callSite.map { #","callSite":\#(quoted("\($0)"))"# } ?? ""
    return #"{"type":"\#(type)","step":\#(step),"time":\#(time),"effect":\#(effect.number)\#(id)\#(callSite)}"#
  }
}

/// `duration` in seconds.
private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `text` as a JSON string: quotes, backslashes and control characters escaped, as RFC 8259 asks.
/// By hand: `JSONEncoder` is far slower for the short strings a record carries (call sites,
/// diagnostics, effect ids).
func quoted(_ text: String) -> String {
  var result = "\""
  result.reserveCapacity(text.utf8.count + 2)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
