import Foundation
import StatecraftEngine
import StatecraftJournal
import StatecraftTesting
import Synchronization
import Testing

/// Journals: what they record, bounded in memory and in rolling files, replay (and the first step
/// an impure reducer breaks), and time travel.
@MainActor
@Suite("Journals")
struct JournalTests {
  struct Counter: Codable, Equatable {
    var count = 0
    var log: [String] = []
  }
  enum CounterAction: Codable, Equatable, Sendable {
    case increment
    case incrementTwice
    case note(String)
  }

  static let schema = SnapshotSchema<Counter>("counter", version: 1)

  static let reducer = Reduce<Counter, CounterAction> { state, action in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementTwice:
      state.count += 1
      return .send(.increment)  // an action an effect sends: the journal records it as a step
    case .note(let text):
      state.log.append(text)
      return .run { _ in }  // an effect that starts and finishes
    }
  }

  static let replayer = JournalReplayer.reducer(reducer)

  static func journaled(
    _ destination: JournalDestination = .memory(), keyframes: JournalKeyframes = .automatic,
    actions: [CounterAction]
  ) async throws -> (Store<Counter, CounterAction, Void>, Journal<Counter, CounterAction>) {
    let journal = try Journal(
      schema: schema, action: CounterAction.self, to: destination, keyframes: keyframes)
    let store = Store(initialState: Counter(), reducer: reducer)
    store.attach(journal)
    for action in actions { await store.send(action).finish() }
    return (store, journal)
  }

  static func lines(_ data: Data) throws -> [JSONValue] {
    try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
      try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
    }
  }

  @Test func aJournalRecordsEachStepItsStateAndItsEffectsInOrder() async throws {
    let (_, journal) = try await Self.journaled(
      keyframes: .everyStep, actions: [.increment, .incrementTwice, .note("hi")])
    let lines = try Self.lines(journal.contents())
    #expect(lines[0]["statecraft"] == .string("journal"))
    #expect(lines[0]["definition"] == .string("counter"))
    #expect(lines[0]["state_type"] == .string(String(reflecting: Counter.self)))
    #expect(lines[1]["type"] == .string("start"))
    #expect(lines[1]["state"]?["count"] == .integer(0))
    let steps = lines.filter { $0["type"] == .string("step") }
    let states = lines.filter { $0["type"] == .string("state") }
    #expect(states.map { $0["state"]?["count"] } == [.integer(1), .integer(2), .integer(3), .integer(3)])
    #expect(states.map { $0["step"] } == steps.map { $0["step"] })
    #expect(steps.map { $0["step"] } == [.integer(1), .integer(2), .integer(3), .integer(4)])
    #expect(steps[2]["message"] == .object(["increment": .object([:])]))  // sent by the effect
    #expect(steps[0]["callSite"]?.description.contains("JournalTests.swift") == true)
    let types = lines.compactMap { $0["type"] }
    #expect(types.contains(.string("effectStarted")))
    #expect(types.contains(.string("effectFinished")))
  }

  @Test func aLineStreamGetsEveryLineWrittenAfterItWasMade() async throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self)
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    await store.send(.increment).finish()  // written before the stream: not in it
    journal.flush()
    let stream = journal.makeLineStream()
    await store.send(.note("streamed")).finish()
    var lines: [JSONValue] = []
    for await line in stream {
      lines.append(try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)))
      if line.contains("effectFinished") { break }
    }
    #expect(lines.map { $0["type"] } == [.string("step"), .string("effectStarted"), .string("effectFinished")])
    #expect(lines.first?["message"] == .object(["note": .object(["_0": .string("streamed")])]))
  }

  /// A state that notes whether each encoding of it ran on the main thread.
  struct NotedState: Codable {
    static let encodedOnMainThread = Mutex<[Bool]>([])
    var count = 0

    func encode(to encoder: any Encoder) throws {
      Self.encodedOnMainThread.withLock { $0.append(Thread.isMainThread) }
      var container = encoder.singleValueContainer()
      try container.encode(count)
    }
  }

  /// The sender's thread only queues a record: the states are encoded on the journal's queue.
  @Test func aSendOnTheMainActorLeavesTheEncodingToTheJournalsQueue() async throws {
    let journal = try Journal(schema: SnapshotSchema<NotedState>("noted"), action: CounterAction.self)
    let store = Store(initialState: NotedState()) {
      (state: inout NotedState, _: CounterAction) -> Effect<CounterAction> in
      state.count += 1
      return .none
    }
    store.attach(journal)
    let stream = journal.makeLineStream()
    store.send(.increment)
    for await line in stream where line.hasPrefix(#"{"type":"step""#) { break }
    #expect(NotedState.encodedOnMainThread.withLock { $0 } == [false])  // the start
    #expect(store.state.count == 1)
  }

  /// Runs `body` while the queue that writes `journal` is held up, then lets it go.
  func whileTheWrites<State, Action>(of journal: Journal<State, Action>, areHeld body: () throws -> Void) throws {
    let gate = DispatchSemaphore(value: 0)
    let waiting = DispatchSemaphore(value: 0)
    defer { gate.signal() }
    journal.writes.queue.async {
      waiting.signal()
      gate.wait()
    }
    waiting.wait()  // the writes queued before are done: the queue is held from here on
    try body()
  }

  /// Past its buffer, a journal that drops loses the oldest records and counts them in a
  /// `dropped` line; the steps after it are written.
  @Test func anOverflowingJournalThatDropsCountsWhatItLost() throws {
    let journal = try Journal(
      schema: Self.schema, action: CounterAction.self, bufferLimit: 4, overflow: .dropOldest)
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    try whileTheWrites(of: journal) {
      // A store's ring keeps 4 steps: 6 steps, 12 records, are dropped.
      for _ in 1...10 { store.send(.increment) }
    }
    // The first step's states, which the start needed, were among the dropped: the journal asks
    // for the next step's, and writes them as a late start, a keyframe of the step before.
    journal.flush()
    store.send(.increment)
    let lines = try Self.lines(journal.contents())
    let dropped = lines.filter { $0["type"] == .string("dropped") }
    #expect(dropped.map { $0["records"] } == [.integer(12)])
    #expect(lines.filter { $0["type"] == .string("step") }.map { $0["step"] } == (1...5).map { .integer($0) })
    #expect(!lines.contains { $0["type"] == .string("start") })
    #expect(Self.keyframeSteps(lines) == [.integer(4)])
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    #expect(try recording.state(at: 5, replaying: Self.replayer).count == 11)
    #expect(throws: JournalError.noStartState) { try recording.state(at: 1, replaying: Self.replayer) }
  }

  /// Past its buffer, a journal that writes (the default) has the sender write the waiting
  /// records: nothing is lost, even while the queue is held up.
  @Test func anOverflowingJournalHasTheSenderWriteAndLosesNothing() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self, bufferLimit: 4)
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    try whileTheWrites(of: journal) {
      for _ in 1...10 { store.send(.increment) }
    }
    let lines = try Self.lines(journal.contents())
    #expect(!lines.contains { $0["type"] == .string("dropped") })
    #expect(lines.filter { $0["type"] == .string("step") }.count == 10)
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    #expect(try recording.replay(Self.reducer) == 10)
  }

  @Test func aJournalReplaysOntoTheReducerAndTravelsToAnyStep() async throws {
    let (store, journal) = try await Self.journaled(
      actions: [.increment, .note("a"), .incrementTwice, .note("b")])
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    #expect(recording.steps == 1...5)
    #expect(try recording.replay(Self.reducer) == 5)
    #expect(try recording.state(at: 5, replaying: Self.replayer) == store.state)
    #expect(try recording.step(4, replaying: Self.replayer).action == .increment)
    // The start is the only keyframe: the steps replay from it.
    #expect(try recording.state(at: 0) == Counter())
    #expect(throws: JournalError.needsReplayer(step: 5, keyframe: 0)) { try recording.state(at: 5) }

    var timeline = try JournalTimeline(recording, replaying: Self.replayer)
    #expect(timeline.position == 0 && timeline.state == Counter())
    try timeline.move(to: 3)
    #expect(timeline.state == Counter(count: 2, log: ["a"]))
    try timeline.back()
    #expect(timeline.state == Counter(count: 1, log: ["a"]))
    try timeline.forward()
    try timeline.forward()
    #expect(timeline.position == 4 && timeline.state.count == 3)
    #expect(throws: JournalError.noSuchStep(9, available: 1...5)) { try timeline.move(to: 9) }
  }

  @Test func replayFindsTheFirstStepAnImpureReducerDoesNotReproduce() async throws {
    let (_, journal) = try await Self.journaled(
      keyframes: .everyStep, actions: [.increment, .note("a"), .increment])
    let changed = Reduce<Counter, CounterAction> { state, action in
      if case .note(let text) = action { state.log.append(text.uppercased()); return .none }
      return Self.reducer(&state, action)
    }
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    #expect {
      try recording.replay(changed)
    } throws: { error in
      guard let mismatch = error as? ReplayMismatch else { return false }
      return mismatch.step == 2 && mismatch.diff.contains("\"A\"") && mismatch.diff.contains("\"a\"")
    }
  }

  @Test func aMemoryJournalKeepsTheLastStepsAndStillReplays() async throws {
    let actions = (1...10).map { CounterAction.note("\($0)") }
    let (store, journal) = try await Self.journaled(
      .memory(keepingLastSteps: 3), keyframes: .everyStep, actions: actions)
    #expect(journal.droppedSteps == 7)
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    #expect(recording.steps == 8...10)
    #expect(recording.droppedSteps == 7)
    #expect(try recording.startState().log == (1...7).map { "\($0)" })
    #expect(try recording.replay(Self.reducer) == 3)
    #expect(try recording.state(at: 10) == store.state)
  }

  @Test func rollingFilesKeepTheNewestFilesEachReplayableAndCountWhatTheyDropped() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "counter.jsonl").path()
    let actions = (1...60).map { CounterAction.note("\($0)") }
    // A file rolls at a keyframe: one at every step, so that it rolls as soon as it is full.
    let (store, journal) = try await Self.journaled(
      .rollingFiles(path, maxBytes: 2_000, keep: 2), keyframes: .everyStep, actions: actions)
    journal.flush()
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(FileManager.default.fileExists(atPath: path + ".1"))
    #expect(!FileManager.default.fileExists(atPath: path + ".2"))
    let newest = try JournalRecording(contentsOf: path, schema: Self.schema, action: CounterAction.self)
    let older = try JournalRecording(contentsOf: path + ".1", schema: Self.schema, action: CounterAction.self)
    #expect(older.steps.upperBound + 1 == newest.steps.lowerBound)
    #expect(newest.steps.upperBound == 60)
    #expect(older.startStep == journal.droppedSteps)
    #expect(journal.droppedSteps > 0)
    #expect(try older.replay(Self.reducer) == older.steps.count)
    #expect(try newest.replay(Self.reducer) == newest.steps.count)
    #expect(try newest.state(at: 60, replaying: Self.replayer) == store.state)
  }

  /// Sends `steps` increments to a counter store that `journal` records, flushing after each, so
  /// that the journal keeps up: it asks for each keyframe before the next step.
  static func sendKeptUp(steps: Int, to journal: Journal<Counter, CounterAction>) {
    let store = Store(initialState: Counter(), reducer: reducer)
    store.attach(journal)
    for _ in 1...steps {
      store.send(.increment)
      journal.flush()
    }
  }

  /// The steps of `lines` that have a keyframe.
  static func keyframeSteps(_ lines: [JSONValue]) -> [JSONValue?] {
    lines.filter { $0["type"] == .string("state") }.map { $0["step"] }
  }

  /// A journal that keeps up writes a keyframe once the steps since the last one pass its
  /// budget; every other step replays from the keyframe before it.
  @Test func aJournalWritesAKeyframeOnceItsStepsPassTheBudget() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self, keyframes: .afterStepBytes(400))
    Self.sendKeptUp(steps: 20, to: journal)
    let lines = try Self.lines(journal.contents())
    let keyframes = Self.keyframeSteps(lines).compactMap { $0.flatMap { Int($0.description) } }
    #expect(keyframes.count >= 3 && keyframes.count < 10)
    // A step line is about 130 bytes: the owner keeps a state every 3 steps (of a guessed 128
    // bytes) of its own accord, then every 2 or 3 steps of the size the journal measured, or
    // when the journal asks.
    #expect(keyframes.first == 4)
    #expect(zip(keyframes, keyframes.dropFirst()).allSatisfy { (2...3).contains($1 - $0) }, "\(keyframes)")
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    for step in recording.steps {
      #expect(try recording.state(at: step, replaying: Self.replayer).count == step)
    }
    #expect(throws: JournalError.needsReplayer(step: 2, keyframe: 0)) { try recording.state(at: 2) }
    #expect(try recording.state(at: keyframes[1]).count == keyframes[1])
  }

  /// In a burst the journal has not read yet, its requests for keyframes come late: the owner
  /// still keeps a state every so many steps (every 512 steps, 64 KB of 128-byte steps, until the
  /// journal has measured them).
  @Test func aBurstTheJournalHasNotReadStillGetsAKeyframeEverySoManySteps() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self)
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    store.send(.increment)
    journal.flush()  // the start is written: the owner knows how often to keep a state
    try whileTheWrites(of: journal) {
      for _ in 2...2_500 { store.send(.increment) }
    }
    let lines = try Self.lines(journal.contents())
    #expect(Self.keyframeSteps(lines) == [.integer(513), .integer(1_025), .integer(1_537), .integer(2_049)])
  }

  /// A burst from the first step, before the journal has written anything, still gets a keyframe
  /// every so many steps: the owner keeps a state every 512 steps from the start, so that time
  /// travel replays a bounded number of steps whatever the journal's queue does.
  @Test func aBurstBeforeTheJournalsFirstWriteStillGetsAKeyframeEverySoManySteps() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self)
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    try whileTheWrites(of: journal) {
      for _ in 1...2_500 { store.send(.increment) }
    }
    let lines = try Self.lines(journal.contents())
    #expect(Self.keyframeSteps(lines) == [.integer(513), .integer(1_025), .integer(1_537), .integer(2_049)])
  }

  /// A bounded memory journal with keyframes keeps its last steps from the keyframe before them,
  /// which becomes its start.
  @Test func aMemoryJournalWithKeyframesKeepsItsLastStepsFromAKeyframe() throws {
    let journal = try Journal(
      schema: Self.schema, action: CounterAction.self, to: .memory(keepingLastSteps: 10),
      keyframes: .afterStepBytes(400))
    Self.sendKeptUp(steps: 50, to: journal)
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    #expect(recording.steps.upperBound == 50)
    #expect((10...20).contains(recording.steps.count), "\(recording.steps)")
    #expect(journal.droppedSteps == recording.startStep)
    #expect(try recording.startState().count == recording.startStep)
    #expect(try recording.replay(Self.reducer) == recording.steps.count)
    #expect(try recording.state(at: 50, replaying: Self.replayer).count == 50)
  }

  /// A rolling journal with keyframes rolls at one: each file starts with its state.
  @Test func rollingFilesWithKeyframesRollAtAKeyframe() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "counter.jsonl").path()
    let journal = try Journal(
      schema: Self.schema, action: CounterAction.self, to: .rollingFiles(path, maxBytes: 2_000, keep: 2),
      keyframes: .afterStepBytes(500))
    Self.sendKeptUp(steps: 60, to: journal)
    let newest = try JournalRecording(contentsOf: path, schema: Self.schema, action: CounterAction.self)
    let older = try JournalRecording(contentsOf: path + ".1", schema: Self.schema, action: CounterAction.self)
    #expect(older.steps.upperBound + 1 == newest.steps.lowerBound)
    #expect(newest.steps.upperBound == 60)
    #expect(journal.droppedSteps > 0 && older.startStep == journal.droppedSteps)
    #expect(try older.startState().count == older.startStep)
    #expect(try newest.startState().count == newest.startStep)
    #expect(try newest.state(at: 60, replaying: Self.replayer).count == 60)
  }

  /// A state whose array says where its elements are: a step that copied the state for the
  /// journal moved them.
  struct Rows: Codable, Equatable {
    var rows: [Int]
    var address: Int { rows.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }
  }

  /// Between keyframes, the owner keeps no state for the journal, so a step mutates its state in
  /// place, whatever its size; at a keyframe, it copies it once.
  @Test func aStepBetweenKeyframesChangesTheStateInPlace() throws {
    var rows = Rows(rows: Array(0..<10_000))
    rows.rows.reserveCapacity(20_000)
    let store = Store(initialState: rows) { (state: inout Rows, row: Int) -> Effect<Int> in
      state.rows[row] += 1
      return .none
    }
    let journal = try Journal(schema: SnapshotSchema<Rows>("rows"), action: Int.self)
    store.attach(journal)
    store.send(0)  // the first step keeps its states for the start, which copies the state
    journal.flush()  // and the journal lets them go
    let address = store.state.address
    for row in 1...100 { store.send(row) }
    #expect(store.state.address == address)
    #expect(Array(store.state.rows[0...2]) == [1, 2, 3])
  }

  /// Another inspector beside a journal gets every state, and the journal still writes its
  /// keyframes only every so often.
  @Test func anotherInspectorBesideAJournalStillGetsEveryState() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self)
    let recorder = InspectionRecorder()
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    store.attach(recorder)
    for _ in 1...5 { store.send(.increment) }
    #expect(recorder.states.map { $0.value(as: Counter.self)?.count } == [1, 2, 3, 4, 5])
    #expect(Self.keyframeSteps(try Self.lines(journal.contents())).isEmpty)
  }

  /// A store whose only inspector is a journal writes its steps to the journal's ring; once
  /// another inspector joins, its steps come as records, and the journal writes them after the
  /// ring's, in order.
  @Test func aJournalReadsAStoresStepsFromARingThenAsRecordsOnceAnotherInspectorJoins() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self, keyframes: .everyStep)
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    #expect(journal.readsRing)
    try whileTheWrites(of: journal) {
      store.send(.increment)
      store.send(.increment)
      store.attach(InspectionRecorder())
      store.send(.increment)
    }
    let lines = try Self.lines(journal.contents())
    #expect(lines.filter { $0["type"] == .string("step") }.map { $0["step"] } == (1...3).map { .integer($0) })
    #expect(Self.keyframeSteps(lines) == (1...3).map { .integer($0) })
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: CounterAction.self)
    #expect(try (1...3).map { try recording.state(at: $0).count } == [1, 2, 3])
  }

  /// A journal reads one store's ring at a time: a second store attached while the first lives
  /// makes records for it; once the first is gone, the next store's ring is read, after the first
  /// ring's last steps. Every step is written.
  @Test func aJournalReadsTheRingOfOneStoreAtATime() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self, keyframes: .everyStep)
    var first: Store<Counter, CounterAction, Void>? = Store(initialState: Counter(), reducer: Self.reducer)
    first?.attach(journal)
    first?.send(.increment)
    let second = Store(initialState: Counter(), reducer: Self.reducer)
    second.attach(journal)
    second.send(.increment)
    first = nil
    let third = Store(initialState: Counter(), reducer: Self.reducer)
    third.attach(journal)
    third.send(.increment)
    third.send(.increment)
    #expect(journal.readsRing)
    let steps = try Self.lines(journal.contents()).filter { $0["type"] == .string("step") }
    #expect(steps.map { $0["step"] } == (1...4).map { .integer($0) })
  }

  /// A ring the journal turns down, while another owner's ring is read, is closed at once; the
  /// steps its owner wrote to it before are written all the same.
  @Test func aRingTheJournalTurnsDownStillHasItsEarlierStepsWritten() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self, keyframes: .everyStep)
    let first = Store(initialState: Counter(), reducer: Self.reducer)
    first.attach(journal)
    first.send(.increment)
    let ring = StepRing<Counter, CounterAction>(
      owner: OwnerIdentity(
        type: Counter.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)),
      sequence: InspectionSequence(), capacity: 8)
    let written = ring.endStep(
      received: ring.beginStep(), message: .note("second"), before: Counter(),
      after: Counter(count: 0, log: ["second"]),
      callSite: nil)
    #expect(written)
    journal.read(ring)
    #expect(ring.isClosed)
    let steps = try Self.lines(journal.contents()).filter { $0["type"] == .string("step") }
    #expect(steps.count == 2)
    #expect(String(decoding: journal.contents(), as: UTF8.self).contains("second"))
  }

  /// A batch written while a step is under way leaves the records numbered during the step for
  /// the next batch, so that their lines follow the step's.
  @Test func aRecordNumberedDuringAStepIsWrittenAfterTheStepThoughABatchRanMeanwhile() throws {
    final class Box: @unchecked Sendable { weak var store: Store<Counter, CounterAction, Void>? }
    let journal = try Journal(schema: Self.schema, action: CounterAction.self)
    let box = Box()
    let store = DiagnosticHandler.$current.withValue(DiagnosticRecorder().handler) {
      Store(initialState: Counter()) { (state: inout Counter, action: CounterAction) -> Effect<CounterAction> in
        if action == .incrementTwice {
          box.store?.send(.increment)  // from the reducer: a diagnostic, numbered during the step
          journal.writeBatch()  // the journal's queue, writing while the step is under way
        }
        state.count += 1
        return .none
      }
    }
    box.store = store
    store.attach(journal)
    store.send(.incrementTwice)
    let lines = try Self.lines(journal.contents()).filter { $0["type"] != nil && $0["type"] != .string("state") }
    #expect(lines.map { $0["type"] } == ["start", "step", "diagnostic", "step"].map { .string($0) })
    #expect(lines[2]["step"] == .integer(1))
  }

  /// While steps keep coming, each batch that writes steps queues the next, and the owner's
  /// steps wake nobody; a batch that finds no step leaves the next batch to the ring's next step.
  /// The interval is an hour, so that no batch queued after the journal's start runs during the
  /// test: the test runs them, standing for the queue.
  @Test func batchesFollowEachOtherWhileStepsComeAndTheNextStepAfterAnIdleBatchQueuesOne() throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self, batchInterval: .seconds(3_600))
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    store.send(.increment)  // wakes the queue, which writes the journal's start at once
    journal.writes.queue.sync {}  // that batch has run, and queued the next, an hour away
    #expect(journal.isBatchQueued && !journal.ringWakesQueue)
    journal.writeBatch()  // the queue runs it: no step since
    #expect(!journal.isBatchQueued, "a batch that finds no step queues none")
    #expect(journal.ringWakesQueue, "the next step wakes the queue")
    store.send(.increment)
    #expect(journal.isBatchQueued, "the first step after an idle batch queues one")
    journal.writeBatch()  // it writes the step
    #expect(journal.isBatchQueued, "a batch that wrote steps queues the next itself")
    #expect(!journal.ringWakesQueue, "and the owner's next step wakes nobody")
    store.send(.increment)
    journal.writeBatch()
    #expect(journal.isBatchQueued && !journal.ringWakesQueue)
    let steps = try Self.lines(journal.contents()).filter { $0["type"] == .string("step") }
    #expect(steps.count == 3)
  }

  /// Without a flush, the journal's queue writes a step once its batch interval is over.
  @Test(.timeLimit(.minutes(1))) func theJournalsQueueWritesAStepWithoutAFlush() async throws {
    let journal = try Journal(schema: Self.schema, action: CounterAction.self, batchInterval: .milliseconds(1))
    let lines = journal.makeLineStream()
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(journal)
    store.send(.increment)
    var stepLine: String?
    for await line in lines where line.contains(#""type":"step""#) {
      stepLine = line
      break
    }
    #expect(stepLine?.contains(#""step":1,"#) == true)
  }

  /// A journal writes its header when it is made: one whose file takes no bytes is refused then,
  /// with the system's reason.
  @Test func aJournalWhoseFileTakesNoBytesIsRefusedWhenItIsMade() throws {
    #if os(Linux)
      #expect(throws: JournalError.cannotWrite(path: "/dev/full", reason: "No space left on device")) {
        try Journal(schema: Self.schema, action: CounterAction.self, to: .file("/dev/full"))
      }
    #endif
  }

  @Test func aJournalOfAnotherDefinitionOrNoJournalAtAllIsRefused() async throws {
    let (_, journal) = try await Self.journaled(actions: [.increment])
    #expect(throws: JournalError.otherDefinition(expected: "todos", found: "counter")) {
      try JournalRecording(journal.contents(), schema: SnapshotSchema<Counter>("todos"), action: CounterAction.self)
    }
    #expect(throws: JournalError.notAJournal) {
      try JournalRecording(Data("{\"hello\":1}\n".utf8), schema: Self.schema, action: CounterAction.self)
    }
    #expect(throws: JournalError.cannotWrite(path: "/nonexistent/dir/j.jsonl", reason: "No such file or directory")) {
      try Journal(schema: Self.schema, action: CounterAction.self, to: .file("/nonexistent/dir/j.jsonl"))
    }
  }
}

/// A declarative machine's journal: its events and states, replayed onto its transitions.
@Suite("Machine journals")
struct MachineJournalTests {
  enum Light: DSLCompatible, Codable { case off, on(brightness: Int) }
  enum LightEvent: DSLCompatible, Codable { case toggle, dim(Int) }
  enum LightOutput: DSLCompatible { case none }

  static let light = StateMachine(initial: Light.off) {
    When(state: Light.off) { _ in
      Execute<LightOutput>.noOutput
    } transitions: { _ in
      On(event: LightEvent.toggle) { _ in Transition(to: Light.on(brightness: 100)) }
    }
    When(state: Light.on(brightness:)) { _ in
      Execute<LightOutput>.noOutput
    } transitions: { _ in
      On(event: LightEvent.toggle) { _ in Transition(to: Light.off) }
      On(event: LightEvent.dim) { level in Transition(to: Light.on(brightness: level)) }
    }
  }

  /// A machine's start has no event to replay: its state is a keyframe, so that the steps after
  /// it replay from there.
  @Test func aMachinesStartIsAKeyframeSoTheStepsAfterItReplay() async throws {
    let schema = SnapshotSchema<Light>("light")
    let journal = try Journal(schema: schema, action: LightEvent.self)
    let machine = AsyncStateMachineSequence(stateMachine: Self.light, runtime: Runtime())
    machine.attach(journal)
    var states = machine.makeAsyncIterator()  // starts the machine
    #expect(await states.next() == .off)
    for event in [LightEvent.toggle, .dim(40), .dim(10)] { await machine.send(event) }
    let recording = try JournalRecording(journal.contents(), schema: schema, action: LightEvent.self)
    let replayer = JournalReplayer.machine(Self.light)
    let replayed = try recording.steps.map { try recording.state(at: $0, replaying: replayer) }
    #expect(replayed.last == .on(brightness: 10))
    #expect(replayed.count == 4)
  }

  @Test func aMachinesJournalReplaysOntoItsTransitions() async throws {
    let schema = SnapshotSchema<Light>("light")
    // A keyframe at every step: replay checks each state.
    let journal = try Journal(schema: schema, action: LightEvent.self, keyframes: .everyStep)
    let machine = AsyncStateMachineSequence(stateMachine: Self.light, runtime: Runtime())
    machine.attach(journal)
    for event in [LightEvent.toggle, .dim(40), .dim(10), .toggle, .dim(5)] { await machine.send(event) }
    let recording = try JournalRecording(journal.contents(), schema: schema, action: LightEvent.self)
    #expect(recording.steps == 1...5)
    #expect(try recording.state(at: 3, replaying: .machine(Self.light)) == .on(brightness: 10))
    #expect(try recording.replay(Self.light) == 5)
    let brighter = StateMachine(initial: Light.off) {
      When(state: Light.off) { _ in
        Execute<LightOutput>.noOutput
      } transitions: { _ in
        On(event: LightEvent.toggle) { _ in Transition(to: Light.on(brightness: 80)) }
      }
    }
    #expect(throws: ReplayMismatch.self) { try recording.replay(brighter) }
  }
}
