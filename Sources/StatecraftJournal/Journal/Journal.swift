import DequeModule
import Dispatch
import StatecraftEngine
import Synchronization

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
/// A journal is an ``/StatecraftEngine/Inspector``: receiving a record only queues it, and the
/// journal encodes and writes its records elsewhere, in batches, on a queue that all journals
/// share. A sender faster than the writes for longer than ``bufferLimit`` records last writes the
/// waiting records itself, so that nothing is lost; with ``JournalOverflow/dropOldest``, the oldest
/// are dropped instead, and counted in a `dropped` line. ``flush()`` returns once every record
/// received before it is written, and ``contents()`` flushes first; releasing the journal writes
/// what is left, on the journals' queue if a write is queued then, so flush before reading its
/// file. The state is encoded once the step is over: a state that holds a reference to a mutable
/// object is written as that object is then.
/// Its lines also go to the streams of ``makeLineStream(bufferingNewest:)``, for any
/// `AsyncSequence` consumer (a socket, a log shipper). Failures to write go to the
/// ``/StatecraftEngine/DiagnosticHandler`` that was current when the journal was made.
public final class Journal<State: Codable, Action: Encodable>: Inspector, Sendable {
  /// How many records may wait for the journal's writes before ``overflow`` applies: 100,000
  /// unless the initialiser was given another. Fewer wait once the state encodes large: about
  /// 64 MB of encoded states, and at least 16 records.
  public let bufferLimit: Int
  /// What happens when more records wait than the journal keeps: the sender writes them
  /// (``JournalOverflow/write``, unless the initialiser was given another), or the oldest are
  /// dropped.
  public let overflow: JournalOverflow

  private let schema: SnapshotSchema<State>
  private let streams = JournalLineStreams()
  private let diagnostics: DiagnosticHandler
  /// The records received and not yet taken by a write: the one thing a sender touches.
  private let waiting = CriticalState(WaitingRecords())
  /// How many records may wait: ``bufferLimit``, or fewer once a state encodes large, so that the
  /// states that wait hold about ``waitingStateBytes`` (each waiting record keeps its own copy of
  /// a state its owner has changed since).
  private let waitingLimit: Atomic<Int>
  /// About how many bytes of states may wait for the journal's writes.
  static var waitingStateBytes: Int { 64 << 20 }
  /// The fewest records that may wait, however large the state.
  static var fewestWaiting: Int { 16 }
  /// What is written, and where. A write takes the waiting records while it holds this lock, so
  /// that two writes (the queue's and a flush) write their batches in the order they took them.
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
  ///   - bufferLimit: How many records may wait for the journal's writes before `overflow`
  ///     applies (``/StatecraftEngine/Inspector/bufferLimit``).
  ///   - overflow: What happens when more records wait: the sender writes them, or the oldest
  ///     are dropped.
  public init(
    schema: SnapshotSchema<State>, action: Action.Type = Action.self,
    to destination: JournalDestination = .memory(), bufferLimit: Int = 100_000,
    overflow: JournalOverflow = .write
  ) throws(JournalError) {
    self.schema = schema
    precondition(bufferLimit > 0, "A journal's buffer keeps at least one record.")
    self.bufferLimit = bufferLimit
    self.overflow = overflow
    self.waitingLimit = Atomic(bufferLimit)
    self.diagnostics = DiagnosticHandler.current
    let header = JournalHeader(
      definition: schema.definition, version: schema.version,
      stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self))
    storage = CriticalState(try JournalWriter(header: header, destination: destination))
  }

  deinit {
    write()
    storage.withLock { $0.close() }
    streams.finishAll()
  }

  /// A stream of every line the journal writes from now on, for any `AsyncSequence` consumer: a
  /// socket, a log shipper, a live view. Records received before and not written yet are written
  /// from now on too: ``flush()`` first leaves them out. The newest `limit` lines wait for a slow reader; older
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

  /// The journal as written so far (for a memory journal, the steps it keeps), as JSON Lines,
  /// every record received before the call included.
  public func contents() -> Data {
    write()
    return storage.withLock { Data($0.memoryContents().utf8) }
  }

  /// How many steps were dropped to keep the journal bounded, every record received before the
  /// call counted.
  public var droppedSteps: Int {
    write()
    return storage.withLock { $0.droppedSteps }
  }

  /// Writes every record received so far, and returns once they are written: before reading a
  /// journal's file.
  ///
  /// ```swift
  /// let todosSchema = SnapshotSchema<Todos>("todos")
  /// let store = Store(initialState: Todos(), reducer: todosReducer())
  /// let journal = try Journal(schema: todosSchema, action: TodosAction.self, to: .file("/tmp/todos.jsonl"))
  /// store.attach(journal)
  /// store.send(.add("milk"))
  /// journal.flush()
  /// let recording = try JournalRecording(contentsOf: "/tmp/todos.jsonl", schema: todosSchema, action: TodosAction.self)
  /// print(recording.steps)  // 1...1
  /// ```
  public func flush() {
    write()
  }

  /// Queues `record` for the journal's next write; when ``bufferLimit`` records wait, writes them
  /// first, or drops the oldest, as ``overflow`` says. The write adds a `step` line when the owner's state is updated (after the
  /// `start` line, the first time), a line for each effect's start and end and for each
  /// diagnostic, and first a `dropped` line when records were dropped before it, and hands the
  /// lines to the line streams. A failure to encode or write is reported as a `journalFailed`
  /// diagnostic.
  public func receive(_ record: InspectionRecord) {
    let limit = waitingLimit.load(ordering: .relaxed)
    let dropping = overflow == .dropOldest
    switch waiting.withLock({ $0.append(record, limit: limit, dropping: dropping) }) {
    case .queued: break
    case .scheduleWrite: JournalQueue.schedule(self)
    case .full: write()
    }
  }

  /// Writes the records waiting, in the order they were received, and hands their lines to the
  /// streams.
  func write() {
    var failures: [any Error] = []
    storage.withLock { writer in
      let (records, dropped) = waiting.withLock { $0.take() }
      var lines: [String] = []
      for (index, var record) in records.enumerated() {
        if index == 0 { record.droppedBefore += dropped }
        do {
          lines += try writer.take(record, encoding: encode(_:isState:))
        } catch {
          failures.append(error)
        }
      }
      do { try writer.flush() } catch { failures.append(error) }
      // Under the lock: two writes (the queue's and a sender's or a flush) hand their lines to the
      // streams in the order they took their records.
      if !lines.isEmpty { streams.yield(lines) }
    }
    for error in failures {
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
      let encoded = try encoder.encode(state)
      waitingLimit.store(
        min(bufferLimit, max(Self.fewestWaiting, Self.waitingStateBytes / max(encoded.count, 1))), ordering: .relaxed)
      return String(decoding: encoded, as: UTF8.self)
    }
    if !isState, let action = value.value(as: Action.self) {
      return String(decoding: try encoder.encode(action), as: UTF8.self)
    }
    return "null"
  }
}

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
      file!.write(header.line, isStep: false)
      try file!.flush()
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
      // The message of the step being recorded may be among what was dropped, or its state update
      // may be: the next step starts afresh.
      pending = nil
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
        file!.write(header.line, isStep: false)
        file!.write(
          #"{"type":"start","step":\#(step - 1),"time":0,"state":\#(previousState ?? "null")}"#,
          isStep: false)
      }
      for (index, line) in lines.enumerated() {
        file!.write(line, isStep: lastStep && index == lines.count - 1)
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

  /// Writes the lines taken since the last flush to the file, in one write.
  mutating func flush() throws(JournalError) {
    try file?.flush()
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
