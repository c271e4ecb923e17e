// What a journal costs an app, measured outside the harness (issue 45): the figures the harness
// cannot give, because they need many steps, a file, or a journal a million steps long.
//
//     swift run -c release JournalLoad throughput [steps]   # steps a second, bytes a step, the heap
//     swift run -c release JournalLoad rows [rows] [steps]  # one row's change in a state of `rows` rows
//     swift run -c release JournalLoad timetravel [steps]   # the state at scattered steps of a long journal
//
// Every mode writes to a journal of rolling files in the temporary directory, as an app that
// keeps one in production would, and counts a step as done once its line is written.
import Foundation
import HeapUsage
import Statecraft
import StatecraftJournal

struct Counter: Codable, Equatable {
  var count = 0
  var label = "counter"
  var recent: [Int] = [1, 2, 3, 4, 5]
}

enum CounterAction: Codable, Sendable { case increment }

struct Row: Codable, Equatable {
  var id: Int
  var count = 0
  var title: String
}

struct Rows: Codable, Equatable {
  var rows: [Row]

  init(count: Int) {
    rows = (0..<count).map { Row(id: $0, title: "row \($0)") }
  }
}

enum RowsAction: Codable, Sendable { case increment(row: Int) }

let counterSchema = SnapshotSchema<Counter>("counter")
let rowsSchema = SnapshotSchema<Rows>("rows")

func temporaryPath(_ name: String) -> String {
  let path = FileManager.default.temporaryDirectory.appending(path: "statecraft-journal-load-\(name)").path()
  for suffix in ["", ".1", ".2"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  return path
}

func fileSize(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

/// The records a journal's `dropped` lines count.
func droppedSteps(_ path: String) -> Int {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
  return text.split(separator: "\n").filter { $0.hasPrefix(#"{"type":"dropped""#) }.reduce(0) { total, line in
    guard let range = line.range(of: #""records":"#) else { return total }
    return total + (Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0)
  }
}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Sends `steps` increments to a counter store with no journal and with a journal in a file, and
/// prints the steps a second of each, the bytes a step adds to the file, and the heap in use after.
@MainActor func throughput(steps: Int) throws {
  let clock = ContinuousClock()
  let plain = Store(initialState: Counter(), reducer: counterReducer)
  let bare = clock.measure { for _ in 0..<steps { plain.send(.increment) } }

  let path = temporaryPath("throughput.jsonl")
  let journal = try Journal(
    schema: counterSchema, action: CounterAction.self,
    to: .rollingFiles(path, maxBytes: 1 << 40, keep: 1))
  let journaled = Store(initialState: Counter(), reducer: counterReducer)
  journaled.attach(journal)
  let heapBefore = heap_bytes_in_use()
  var sent = Duration.zero
  let recorded = clock.measure {
    sent = clock.measure { for _ in 0..<steps { journaled.send(.increment) } }
    journal.flush()
  }
  let heapAfter = heap_bytes_in_use()
  let bytes = fileSize(path)
  print(
    """
    steps: \(steps)
    no journal: \(Int(Double(steps) / (nanoseconds(bare) / 1e9))) steps/s, \(String(format: "%.0f", nanoseconds(bare) / Double(steps))) ns a step
    journal in a file, written: \(Int(Double(steps) / (nanoseconds(recorded) / 1e9))) steps/s, \(String(format: "%.0f", nanoseconds(recorded) / Double(steps))) ns a step
    the sends alone: \(String(format: "%.0f", nanoseconds(sent) / Double(steps))) ns a step, \(String(format: "%.1f", nanoseconds(sent) / nanoseconds(bare)))x no journal
    steps dropped: \(droppedSteps(path))
    bytes a step: \(String(format: "%.1f", Double(bytes) / Double(steps)))
    heap in use: \(heapBefore) B before the steps, \(heapAfter) B after
    """)
  withExtendedLifetime(journal) {}
}

let counterReducer = Reduce<Counter, CounterAction> { state, _ in
  state.count &+= 1
  return .none
}

let rowsReducer = Reduce<Rows, RowsAction> { state, action in
  switch action {
  case .increment(let row): state.rows[row].count &+= 1
  }
  return .none
}

/// Sends `steps` actions that each change one row of a state of `rows` rows, with no journal and
/// with a journal in a file, and prints the time a step and the bytes a step adds to the file.
@MainActor func rows(_ rows: Int, steps: Int) throws {
  let clock = ContinuousClock()
  let plain = Store(initialState: Rows(count: rows), reducer: rowsReducer)
  let bare = clock.measure { for step in 0..<steps { plain.send(.increment(row: step % rows)) } }

  let path = temporaryPath("rows-\(rows).jsonl")
  let journal = try Journal(
    schema: rowsSchema, action: RowsAction.self, to: .rollingFiles(path, maxBytes: 1 << 40, keep: 1))
  let journaled = Store(initialState: Rows(count: rows), reducer: rowsReducer)
  journaled.attach(journal)
  let before = fileSize(path)
  var sent = Duration.zero
  let recorded = clock.measure {
    sent = clock.measure { for step in 0..<steps { journaled.send(.increment(row: step % rows)) } }
    journal.flush()
  }
  let bytes = fileSize(path) - before
  print(
    """
    \(rows) rows, \(steps) steps
    no journal: \(String(format: "%.0f", nanoseconds(bare) / Double(steps))) ns a step
    journal in a file, written: \(String(format: "%.0f", nanoseconds(recorded) / Double(steps))) ns a step
    the sends alone: \(String(format: "%.0f", nanoseconds(sent) / Double(steps))) ns a step
    bytes a step: \(String(format: "%.0f", Double(bytes) / Double(steps))), steps dropped: \(droppedSteps(path))
    """)
  withExtendedLifetime(journal) {}
}

/// Records a journal of `steps` steps in a file, opens it, and times the state at 1,000 scattered
/// steps: the median, the slowest, and the time to open the journal.
@MainActor func timeTravel(steps: Int) throws {
  let clock = ContinuousClock()
  let path = temporaryPath("timetravel.jsonl")
  let journal = try Journal(
    schema: counterSchema, action: CounterAction.self, to: .rollingFiles(path, maxBytes: 1 << 40, keep: 1))
  let store = Store(initialState: Counter(), reducer: counterReducer)
  store.attach(journal)
  let recording = clock.measure {
    for _ in 0..<steps { store.send(.increment) }
    journal.flush()
  }
  var opened: JournalRecording<Counter, CounterAction>?
  let opening = try clock.measure {
    opened = try JournalRecording(contentsOf: path, schema: counterSchema, action: CounterAction.self)
  }
  guard let opened else { return }
  let replayer = JournalReplayer.reducer(counterReducer)
  var times: [Duration] = []
  var step = 1
  for _ in 0..<1_000 {
    step = (step &* 7_919) % steps + 1  // scattered steps, not the next one
    let target = step
    var state: Counter?
    times.append(try clock.measure { state = try opened.state(at: target, replaying: replayer) })
    precondition(state?.count == target, "step \(target) holds count \(state?.count ?? -1)")
  }
  times.sort()
  print(
    """
    \(steps) steps recorded in \(recording), \(fileSize(path)) bytes
    opened in \(opening)
    the state at a step: median \(times[times.count / 2]), slowest \(times.last!)
    """)
  withExtendedLifetime(journal) {}
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "throughput"
let first = arguments.count > 2 ? Int(arguments[2]) : nil
let second = arguments.count > 3 ? Int(arguments[3]) : nil
try MainActor.assumeIsolated {
  switch mode {
  case "throughput": try throughput(steps: first ?? 200_000)
  case "rows": try rows(first ?? 100_000, steps: second ?? 100)
  case "timetravel": try timeTravel(steps: first ?? 1_000_000)
  default: print("unknown mode \(mode): throughput, rows or timetravel")
  }
}
