import StatecraftEngine
import Synchronization

/// An inspector that records what one owner received, in order, with timestamps, its state every
/// so often (``JournalKeyframes``), and the effects each step started and ended, as JSON Lines
/// (``JournalFormat``).
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
/// A journal is an ``/StatecraftEngine/Inspector``: receiving a record only queues it (a store
/// or a machine whose only inspector it is hands it each step through a ring, which costs less),
/// and the
/// journal encodes and writes its records elsewhere, in batches, every ``batchInterval``, on a
/// serial queue of its own. A
/// sender faster than the writes for longer than ``bufferLimit`` records last writes the
/// waiting records itself, so that nothing is lost; with ``JournalOverflow/dropOldest``, the oldest
/// are dropped instead, and counted in a `dropped` line. ``flush()`` returns once every record
/// received before it is written, and ``contents()`` flushes first; releasing the journal writes
/// what is left, on the journal's queue if a write is queued then, so flush before reading its
/// file. The state is encoded once the step is over: a state that holds a reference to a mutable
/// object is written as that object is then.
///
/// Between keyframes, a step costs the journal no encoding of the state, and its owner no copy of
/// it (but a chart's, whose journal reads the chart's time in the snapshot), whatever the state's
/// size: a step is its message, and reading its state replays the steps since the last keyframe
/// (``JournalRecording/state(at:replaying:)``).
/// Its lines also go to the streams of ``makeLineStream(bufferingNewest:)``, for any
/// `AsyncSequence` consumer (a socket, a log shipper). Failures to write go to the
/// ``/StatecraftEngine/DiagnosticHandler`` that was current when the journal was made.
public final class Journal<State: Codable, Action: Encodable>: Inspector, Sendable {
  /// How many records may wait for the journal's writes before ``overflow`` applies, and how
  /// many steps its owner's ring keeps for it: 100,000 unless the initialiser was given another.
  /// Fewer wait once the state encodes large: about 64 MB of encoded states, and at least 16
  /// records.
  public let bufferLimit: Int
  /// What happens when more records wait than the journal keeps: the sender writes them
  /// (``JournalOverflow/write``, unless the initialiser was given another), or the oldest are
  /// dropped.
  public let overflow: JournalOverflow
  /// How often the journal writes a whole state: ``JournalKeyframes/automatic`` unless the
  /// initialiser was given another.
  public let keyframes: JournalKeyframes
  /// How long a step may wait before the journal writes it: 10 ms unless the initialiser was
  /// given another. A process killed without warning loses at most the steps of the last
  /// interval (and never more than the buffer holds: ``bufferLimit`` records, and as many steps in
  /// its owner's ring); a longer one writes bigger batches.
  ///
  /// ```swift
  /// // A recorder that loses at most 2 ms of steps if the process is killed.
  /// let journal = try Journal(
  ///   schema: SnapshotSchema<Todos>("todos"), action: TodosAction.self,
  ///   to: .file("/tmp/todos.jsonl"), batchInterval: .milliseconds(2))
  /// let store = Store(initialState: Todos(), reducer: todosReducer())
  /// store.attach(journal)
  /// ```
  public let batchInterval: Duration
  /// When the owner keeps its states for the journal: at every step, or at keyframes.
  package let stateDemand: StateDemand

  let schema: SnapshotSchema<State>
  /// Whether the states are a chart's snapshots, whose steps the journal writes with their time:
  /// known once, so that other owners' steps do not ask.
  let statesAreClocked = State.self is any ClockedState.Type
  let streams = JournalLineStreams()
  /// Where the journal writes, off the sender's thread.
  package let writes = JournalQueue()
  let diagnostics: DiagnosticHandler
  /// The records received and not yet taken by a write: with the ring, all that a sender
  /// touches while the journal keeps up.
  let waiting = CriticalState(WaitingRecords())
  /// The rings owners write their steps to while the journal is their only inspector (see
  /// ``/StatecraftEngine/StepReader``): the journal takes their steps with the waiting records.
  let rings = CriticalState(JournalRings())
  /// Whether the journal has written its start: until then, a batch is written at once.
  let hasStarted = Atomic(false)
  /// Whether a batch is queued: one at a time, so that the batches that follow a flush or a
  /// sender's write, as steps keep coming, do not add up.
  let batchQueued = Atomic(false)
  /// How many records that hold states may wait: ``bufferLimit``, or fewer once a state encodes
  /// large, so that the states that wait hold about ``waitingStateBytes`` (each waiting record
  /// keeps its own copy of a state its owner has changed since).
  let statesLimit: Atomic<Int>
  /// About how many bytes of states may wait for the journal's writes.
  static var waitingStateBytes: Int { 64 << 20 }
  /// The fewest records that may wait, however large the state.
  static var fewestWaiting: Int { 16 }
  /// What is written, and where. A write takes the waiting records while it holds this lock, so
  /// that two writes (the queue's and a flush) write their batches in the order they took them.
  let storage: CriticalState<JournalWriter>
  /// One encoder, made once: making one per record cost more than encoding. Used under the lock.
  let encoder: JSONEncoder = {
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
  ///   - keyframes: How often the journal writes a whole state. A statechart's journal also
  ///     writes the chart's time on every step, which its steps depend on, so that
  ///     ``JournalReplayer/chart(_:)`` replays them.
  ///   - batchInterval: How long a step may wait before the journal writes it: what a process
  ///     killed without warning may lose.
  public init(
    schema: SnapshotSchema<State>, action: Action.Type = Action.self,
    to destination: JournalDestination = .memory(), bufferLimit: Int = 100_000,
    overflow: JournalOverflow = .write, keyframes: JournalKeyframes = .automatic,
    batchInterval: Duration = .milliseconds(10)
  ) throws(JournalError) {
    self.schema = schema
    precondition(bufferLimit > 0, "A journal's buffer keeps at least one record.")
    precondition(batchInterval >= .zero, "A journal's batch interval is not negative.")
    self.bufferLimit = bufferLimit
    self.batchInterval = batchInterval
    self.overflow = overflow
    self.keyframes = keyframes
    // Until the journal has written its start and knows the state's size, the owner keeps a
    // state every budget's worth of steps of a guessed size: a burst before the first write still
    // gets keyframes. A chart's step records its clock's time even when its state is not kept.
    self.stateDemand = StateDemand(
      always: keyframes == .everyStep,
      stepsBetween: max(1, self.keyframes.stepBytes / JournalWriter.guessedStepBytes))
    self.statesLimit = Atomic(bufferLimit)
    self.diagnostics = DiagnosticHandler.current
    let header = JournalHeader(
      definition: schema.definition, version: schema.version,
      stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self))
    storage = CriticalState(
      try JournalWriter(
        header: header, destination: destination, keyframes: self.keyframes, demand: stateDemand))
  }

  deinit {
    write(.last)
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
    write(.everything)
    return storage.withLock { Data($0.memoryContents().utf8) }
  }

  /// How many steps were dropped to keep the journal bounded, every record received before the
  /// call counted.
  public var droppedSteps: Int {
    write(.everything)
    return storage.withLock { $0.droppedSteps }
  }

  /// Writes every record received so far, and returns once they are written: before reading a
  /// journal's file. A failure is reported (a `journalFailed` diagnostic) by the write that
  /// met it: when the journal's own batch took the records just before, that report may come
  /// just after `flush()` returns.
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
    write(.everything)
  }

  /// Queues `record` for the journal's next write; when ``bufferLimit`` records wait, writes them
  /// first, or drops the oldest, as ``overflow`` says. The write adds a `step` line when the owner's state is updated (after the
  /// `start` line, the first time), a line for each effect's start and end and for each
  /// diagnostic, and first a `dropped` line when records were dropped before it, and hands the
  /// lines to the line streams. A failure to encode or write is reported as a `journalFailed`
  /// diagnostic.
  public func receive(_ record: InspectionRecord) {
    let statesLimit = statesLimit.load(ordering: .relaxed)
    let dropping = overflow == .dropOldest
    switch waiting.withLock({
      $0.append(record, limit: bufferLimit, statesLimit: statesLimit, dropping: dropping)
    }) {
    case .queued: break
    case .scheduleWrite: scheduleBatch()
    case .full: write(.everything)
    }
  }

  /// Takes `ring`, which the owner writes its steps to from now on: a step then costs its
  /// sender no record, and, between keyframes, no copy of its state. When the ring is full, the
  /// sender writes its steps, or its oldest are overwritten and counted, as ``overflow`` says. A
  /// journal reads one owner's ring at a time: while another owner still writes to its ring, a
  /// second owner's is closed at once, and that owner makes records for the journal instead; the
  /// steps it wrote before the close are written too.
  package func read(_ ring: AnyStepRing) {
    guard rings.withLock({ $0.adopt(ring) }) else {
      // Turned down: what its owner wrote before the close is written with the next batch.
      scheduleBatch()
      return
    }
    ring.statesLimit.store(statesLimit.load(ordering: .relaxed), ordering: .relaxed)
    // Weakly, as the queue's existential: the ring outlives no journal it would keep.
    if overflow == .write {
      ring.whenFull { [weak journal = self as any WritingJournal] in journal?.writeEverything() }
    }
    writeAfterNextStep(of: ring)
  }

  /// Whether an owner writes its steps to the journal's ring. For tests.
  package var readsRing: Bool { rings.withLock { $0.current != nil } }

  /// Whether a batch is queued. For tests.
  package var isBatchQueued: Bool { batchQueued.load(ordering: .acquiring) }

  /// Whether the owner's next step wakes the journal's queue. For tests.
  package var ringWakesQueue: Bool { rings.withLock { $0.current?.wakesOnNextWrite ?? false } }
}

extension Journal: StateSampling, StepReader {}

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
