import Benchmark
import Foundation
import StatecraftJournal

/// Journals: what a journal costs each `send` (in memory, and written to a file), against the same
/// store with no journal, in the same run, on a small state and on one row of 10 and of 100,000; and
/// time travel: the state at any step of a 100,000-step journal. `Tools/JournalLoad` measures what
/// the harness cannot: steps a second, bytes a step, and a journal of a million steps.
func journalBenchmarks() {
  onMainActor("Journal: send with no journal (floor)") { iterations in
    let store = JournalFixtures.store(journal: nil)
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Journal: send with a journal in memory, last 1,000 steps") { iterations in
    let store = JournalFixtures.store(journal: JournalFixtures.memoryJournal)
    for _ in iterations { store.send(.increment) }
  }
  onMainActor("Journal: send with a journal in rolling files") { iterations in
    let store = JournalFixtures.store(journal: JournalFixtures.fileJournal)
    for _ in iterations { store.send(.increment) }
  }
  // One row's change in a state of 10 rows and of 100,000. The stores are made once, outside the
  // samples. A sample is a thousand sends, so that the main-actor hop of each sample is amortized:
  // a journal writes a whole state only at keyframes, and a journaled send of 100,000 rows costs
  // about what one of 10 rows does.
  for rows in [10, 100_000] {
    onMainActor("Journal: send changing one row of \(rows), no journal") { iterations in
      let store = JournalFixtures.rowsStore(rows, journaled: false)
      for step in iterations { store.send(.increment(row: step % rows)) }
    }
    Benchmark(
      "Journal: send changing one row of \(rows), a journal in rolling files",
      configuration: .init(scalingFactor: .kilo)
    ) { benchmark in
      let iterations = benchmark.scaledIterations
      await MainActor.run {
        let store = JournalFixtures.rowsStore(rows, journaled: true)
        for step in iterations { store.send(.increment(row: step % rows)) }
      }
    }
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
  static let schema = SnapshotSchema<JournaledCounter>("counter")
  static let reducer = Reduce<JournaledCounter, JournaledAction> { state, _ in
    state.count &+= 1
    return .none
  }

  static func store(journal: (any Inspector)?) -> Store<JournaledCounter, JournaledAction, Void> {
    let store = Store(initialState: JournaledCounter(), reducer: reducer)
    if let journal { store.attach(journal) }
    return store
  }

  static let memoryJournal = try! Journal(
    schema: schema, action: JournaledAction.self, to: .memory(keepingLastSteps: 1_000))

  static let fileJournal = try! Journal(
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

  private static var rowsStores: [String: Store<JournaledRows, JournaledRowsAction, Void>] = [:]

  /// A store of `rows` rows, with a journal in rolling files or none, made once: a state of
  /// 100,000 rows takes a while to make, and a journal's first step writes its start state too.
  static func rowsStore(_ rows: Int, journaled: Bool) -> Store<JournaledRows, JournaledRowsAction, Void> {
    let key = "\(rows) \(journaled)"
    if let store = rowsStores[key] { return store }
    let store = Store(initialState: JournaledRows(count: rows), reducer: rowsReducer)
    if journaled {
      let path = FileManager.default.temporaryDirectory.appending(path: "statecraft-benchmark-rows-\(rows).jsonl")
      store.attach(
        try! Journal(
          schema: rowsSchema, action: JournaledRowsAction.self,
          to: .rollingFiles(path.path(), maxBytes: 200_000_000, keep: 1)))
      store.send(.increment(row: 0))
    }
    rowsStores[key] = store
    return store
  }

  /// A journal of 100,000 steps, recorded once.
  static let longRecording: JournalRecording<JournaledCounter, JournaledAction> = {
    let journal = try! Journal(schema: schema, action: JournaledAction.self, to: .memory())
    let store = Self.store(journal: journal)
    for _ in 0..<100_000 { store.send(.increment) }
    return try! JournalRecording(journal.contents(), schema: schema, action: JournaledAction.self)
  }()
}
