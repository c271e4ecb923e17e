import Benchmark
import Foundation
import StatecraftJournal

/// Journals: what a journal costs each `send` (in memory, and written to a file), against the same
/// store with no journal, in the same run, on a small state and on one row of 10 and of 100,000; and
/// time travel: the state at any step of a 100,000-step journal. `Tools/JournalLoad` measures what
/// the harness cannot: steps a second, bytes a step, and a journal of a million steps.
func journalBenchmarks() {
  // A journal that keeps up, as one does in an app whose sends come from events: a sample's sends
  // find the journal's writes done, and the journal is flushed after them. The store is made, and
  // the journal flushed, outside the measurement, which is then the hop to the main actor and the
  // loop, as `onMainActor` measures (and the empty baseline): the sender's path alone.
  let journals: [(String, (any FlushableJournal)?)] = [
    ("no journal (floor)", nil),
    ("a journal in memory, last 1,000 steps", JournalFixtures.memoryJournal),
    ("a journal in rolling files", JournalFixtures.fileJournal),
  ]
  for (name, journal) in journals {
    Benchmark("Journal: send with \(name)") { benchmark in
      let iterations = benchmark.scaledIterations
      let store = await JournalFixtures.store(journal: journal)
      benchmark.startMeasurement()
      await MainActor.run {
        for _ in iterations { store.send(.increment) }
      }
      benchmark.stopMeasurement()
      journal?.flush()
    }
  }
  // One row's change in a state of 10 rows and of 100,000, measured as above: the stores are made
  // once, and the journal flushed after each sample, outside the measurement. A journal writes a
  // whole state only at keyframes, and a journaled send of 100,000 rows costs about what one of 10
  // rows does.
  for rows in [10, 100_000] {
    for journaled in [false, true] {
      let kind = journaled ? "a journal in rolling files" : "no journal"
      Benchmark("Journal: send changing one row of \(rows), \(kind)") { benchmark in
        let iterations = benchmark.scaledIterations
        let (store, journal) = await JournalFixtures.rowsStore(rows, journaled: journaled)
        benchmark.startMeasurement()
        await MainActor.run {
          for step in iterations { store.send(.increment(row: step % rows)) }
        }
        benchmark.stopMeasurement()
        journal?.flush()
      }
    }
  }
  // A machine records through the same ring as a store: its send, with and without a journal.
  // As above, the journal keeps up: it is flushed after each sample, outside the measurement.
  Benchmark("Journal: machine send with no journal") { benchmark in
    let machine = MachineJournalFixtures.unjournaled
    for _ in benchmark.scaledIterations { await machine.send(.toggle) }
  }
  Benchmark("Journal: machine send with a journal in rolling files") { benchmark in
    let machine = MachineJournalFixtures.journaled
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await machine.send(.toggle) }
    benchmark.stopMeasurement()
    MachineJournalFixtures.journal.flush()
  }
  // A chart records a step that holds only its event through the same ring: the same light.
  Benchmark("Journal: chart send with no journal") { benchmark in
    let chart = ChartJournalFixtures.unjournaled
    for _ in benchmark.scaledIterations { await chart.send(.toggle) }
  }
  Benchmark("Journal: chart send with a journal in rolling files") { benchmark in
    let chart = ChartJournalFixtures.journaled
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await chart.send(.toggle) }
    benchmark.stopMeasurement()
    ChartJournalFixtures.journal.flush()
  }
  Benchmark("Journal: time travel to a step of a 100,000-step journal") { benchmark in
    let recording = await MainActor.run { JournalFixtures.longRecording }
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let replayer = JournalReplayer.reducer(JournalFixtures.reducer)
      var step = 1
      for _ in iterations {
        step = (step &* 7_919) % 100_000 + 1  // scattered steps, not the next one
        blackHole(try? recording.state(at: step, replaying: replayer))
      }
    }
  }
}

struct JournaledCounter: Codable, Equatable {
  var count = 0
  var label = "counter"
  var recent: [Int] = [1, 2, 3, 4, 5]
}

enum JournaledAction: Codable, Sendable {
  case increment
}

struct JournaledRow: Codable, Equatable {
  var id: Int
  var count = 0
  var title: String
}

struct JournaledRows: Codable, Equatable {
  var rows: [JournaledRow]

  init(count: Int) {
    rows = (0..<count).map { JournaledRow(id: $0, title: "row \($0)") }
  }
}

enum JournaledRowsAction: Codable, Sendable {
  case increment(row: Int)
}

@MainActor
enum JournalFixtures {
  nonisolated static let schema = SnapshotSchema<JournaledCounter>("counter")
  static let reducer = Reduce<JournaledCounter, JournaledAction> { state, _ in
    state.count &+= 1
    return .none
  }

  static func store(journal: (any FlushableJournal)?) -> Store<JournaledCounter, JournaledAction, Void> {
    let store = Store(initialState: JournaledCounter(), reducer: reducer)
    if let journal { store.attach(journal) }
    return store
  }

  nonisolated static let memoryJournal = try! Journal(
    schema: schema, action: JournaledAction.self, to: .memory(keepingLastSteps: 1_000))

  nonisolated static let fileJournal = try! Journal(
    schema: schema, action: JournaledAction.self,
    to: .rollingFiles(
      FileManager.default.temporaryDirectory.appending(path: "statecraft-benchmark.jsonl").path(),
      maxBytes: 50_000_000, keep: 1))

  static let rowsSchema = SnapshotSchema<JournaledRows>("rows")
  static let rowsReducer = Reduce<JournaledRows, JournaledRowsAction> { state, action in
    switch action {
    case .increment(let row): state.rows[row].count &+= 1
    }
    return .none
  }

  private static var rowsStores: [String: (Store<JournaledRows, JournaledRowsAction, Void>, (any FlushableJournal)?)] =
    [:]

  /// A store of `rows` rows, with a journal in rolling files or none, made once: a state of
  /// 100,000 rows takes a while to make, and a journal's first step writes its start state too.
  static func rowsStore(
    _ rows: Int, journaled: Bool
  ) -> (Store<JournaledRows, JournaledRowsAction, Void>, (any FlushableJournal)?) {
    let key = "\(rows) \(journaled)"
    if let made = rowsStores[key] { return made }
    let store = Store(initialState: JournaledRows(count: rows), reducer: rowsReducer)
    var journal: Journal<JournaledRows, JournaledRowsAction>?
    if journaled {
      let path = FileManager.default.temporaryDirectory.appending(path: "statecraft-benchmark-rows-\(rows).jsonl")
      journal = try! Journal(
        schema: rowsSchema, action: JournaledRowsAction.self,
        to: .rollingFiles(path.path(), maxBytes: 200_000_000, keep: 1))
      store.attach(journal!)
      store.send(.increment(row: 0))
      journal!.flush()
    }
    rowsStores[key] = (store, journal)
    return (store, journal)
  }

  /// A journal of 100,000 steps, recorded once.
  static let longRecording: JournalRecording<JournaledCounter, JournaledAction> = {
    let journal = try! Journal(schema: schema, action: JournaledAction.self, to: .memory())
    let store = Self.store(journal: journal)
    for _ in 0..<100_000 { store.send(.increment) }
    return try! JournalRecording(journal.contents(), schema: schema, action: JournaledAction.self)
  }()
}

enum JournaledLight: DSLCompatible, Codable { case off, on }
enum JournaledSwitch: DSLCompatible, Codable { case toggle }
enum JournaledLightOutput: DSLCompatible { case none }

/// A light switched on and off, journaled or not, made once.
enum MachineJournalFixtures {
  static let light = StateMachine(initial: JournaledLight.off) {
    When(state: JournaledLight.off) { _ in
      Execute<JournaledLightOutput>.noOutput
    } transitions: { _ in
      On(event: JournaledSwitch.toggle) { _ in Transition(to: JournaledLight.on) }
    }
    When(state: JournaledLight.on) { _ in
      Execute<JournaledLightOutput>.noOutput
    } transitions: { _ in
      On(event: JournaledSwitch.toggle) { _ in Transition(to: JournaledLight.off) }
    }
  }

  static let unjournaled = AsyncStateMachineSequence(stateMachine: light, runtime: Runtime())

  static let journal = try! Journal(
    schema: SnapshotSchema<JournaledLight>("light"), action: JournaledSwitch.self,
    to: .rollingFiles(
      FileManager.default.temporaryDirectory.appending(path: "statecraft-benchmark-machine.jsonl").path(),
      maxBytes: 50_000_000, keep: 1))

  static let journaled = {
    let machine = AsyncStateMachineSequence(stateMachine: light, runtime: Runtime())
    machine.attach(journal)
    return machine
  }()
}

/// The same light as a chart, journaled or not, made once.
enum ChartJournalFixtures {
  struct NoContext: Codable, Equatable, Sendable {}

  static let light = Statechart("light", initial: JournaledLight.off, context: NoContext()) {
    StateNode(JournaledLight.off) { OnEvent(JournaledSwitch.toggle, target: .on) }
    StateNode(JournaledLight.on) { OnEvent(JournaledSwitch.toggle, target: .off) }
  }

  static let unjournaled = AsyncStatechartSequence(light)

  static let journal = try! Journal(
    schema: SnapshotSchema<ChartSnapshot<JournaledLight, JournaledSwitch, NoContext>>("light"),
    action: JournaledSwitch.self,
    to: .rollingFiles(
      FileManager.default.temporaryDirectory.appending(path: "statecraft-benchmark-chart.jsonl").path(),
      maxBytes: 50_000_000, keep: 1))

  static let journaled = {
    let chart = AsyncStatechartSequence(light)
    chart.attach(journal)
    return chart
  }()
}

/// A journal, whatever its types, as the benchmarks attach and flush it.
protocol FlushableJournal: Inspector {
  func flush()
}

extension Journal: FlushableJournal {}
