import Benchmark
import Foundation
import StatecraftJournal

/// Journals: what a journal costs each `send` (in memory, and written to a file), against the same
/// store with no journal, in the same run; and time travel: the state at any step of a
/// 100,000-step journal.
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
  Benchmark("Journal: time travel to a step of a 100,000-step journal") { benchmark in
    let recording = await MainActor.run { JournalFixtures.longRecording }
    var step = 1
    for _ in benchmark.scaledIterations {
      step = (step &* 7_919) % 100_000 + 1  // scattered steps, not the next one
      blackHole(try? recording.state(at: step))
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

  /// A journal of 100,000 steps, recorded once.
  static let longRecording: JournalRecording<JournaledCounter, JournaledAction> = {
    let journal = try! Journal(schema: schema, action: JournaledAction.self, to: .memory())
    let store = Self.store(journal: journal)
    for _ in 0..<100_000 { store.send(.increment) }
    return try! JournalRecording(journal.contents(), schema: schema, action: JournaledAction.self)
  }()
}
