// Durable charts on SQLite against their floor: the same SQL in raw sqlite-nio transactions,
// without Statecraft. Each event is one transaction over 1,000 instances, from one process.
//
//     swift run -c release DurableLoad [events] [rounds]
//
// The floor runs, per event, exactly the statements `SQLiteDurableStorage.commit` runs (the
// event-id check, the guarded update, `changes()`, the event row, the journal line, the active
// states, the timer row) with JSON of the same size, so that the ratio is Statecraft's own cost:
// the step function, encoding, the cache and the version check.
import Foundation
import Logging
import SQLiteNIO
import Statecraft
import StatecraftDurable
import StatecraftJournal

enum Light: String, Codable, Hashable, Sendable { case off, on }
enum Toggle: String, Codable, Equatable, Sendable { case toggle }
struct Count: Codable, Equatable, Sendable { var toggles = 0 }

let chart = Statechart<Light, Toggle, Count>("light", initial: .off, context: Count()) {
  StateNode(.off) { OnEvent(.toggle, target: .on, actions: [.assign { $0.toggles += 1 }]) }
  StateNode(.on) { OnEvent(.toggle, target: .off, actions: [.assign { $0.toggles += 1 }]) }
}

let instances = 1_000

func temporaryPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory.appending(path: "durable-load-\(name)-\(UUID().uuidString).sqlite").path()
}

func percentile(_ values: [Duration], _ fraction: Double) -> Duration {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func microseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// Statecraft: `DurableCharts.send` to each instance in turn.
func durable(events: Int) async throws -> [Duration] {
  let storage = try await SQLiteDurableStorage(path: temporaryPath("durable"))
  let lights = DurableCharts(chart, schema: SnapshotSchema("light"), storage: storage, cacheLimit: instances)
  for index in 0..<instances { try await lights.create("light-\(index)") }
  let clock = ContinuousClock()
  var latencies: [Duration] = []
  latencies.reserveCapacity(events)
  for event in 0..<events {
    let start = clock.now
    try await lights.send(.toggle, to: "light-\(event % instances)", eventID: "event-\(event)")
    latencies.append(start.duration(to: clock.now))
  }
  try await storage.close()
  return latencies
}

/// The floor: the same statements, in raw transactions, with JSON of the same size.
func raw(events: Int) async throws -> [Duration] {
  let connection = try await SQLiteConnection.open(
    storage: .file(path: temporaryPath("raw")),
    logger: Logger(label: "raw", factory: { _ in SwiftLogNoOpLogHandler() }))
  _ = try await connection.query("PRAGMA busy_timeout = 5000")
  _ = try await connection.query("PRAGMA journal_mode = WAL")
  for table in SQLiteDurableStorage.tables { _ = try await connection.query(table) }
  let snapshot =
    #"{"statecraft":"snapshot","definition":"light","version":1,"state":{"configuration":["on"],"context":{"toggles":1},"history":{},"timers":[],"time":0,"isDone":false,"nextTimerSequence":0}}"#
  let result =
    #"{"version":1,"handled":true,"outputs":[],"snapshot":"\#(snapshot.replacingOccurrences(of: "\"", with: "\\\""))"}"#
  let line =
    #"{"type":"step","step":1,"time":0.0,"eventID":"event-0","message":"toggle","state":{"configuration":["on"],"context":{"toggles":1},"history":{},"timers":[],"time":0,"isDone":false,"nextTimerSequence":0}}"#
  for index in 0..<instances {
    _ = try await connection.query(
      "INSERT INTO statecraft_instances (definition, id, version, snapshot, created_at) VALUES ('light', ?, 0, ?, 0)",
      [.text("light-\(index)"), .text(snapshot)])
  }
  var versions = [Int](repeating: 0, count: instances)
  let clock = ContinuousClock()
  var latencies: [Duration] = []
  latencies.reserveCapacity(events)
  for event in 0..<events {
    let start = clock.now
    let index = event % instances
    let id = SQLiteData.text("light-\(index)")
    _ = try await connection.query("BEGIN IMMEDIATE")
    _ = try await connection.query(
      "SELECT result FROM statecraft_events WHERE definition = 'light' AND id = ? AND event_id = ?",
      [id, .text("event-\(event)")])
    _ = try await connection.query(
      "UPDATE statecraft_instances SET version = ?, snapshot = ? WHERE definition = 'light' AND id = ? AND version = ?",
      [.integer(versions[index] + 1), .text(snapshot), id, .integer(versions[index])])
    _ = try await connection.query("SELECT changes() AS changed")
    versions[index] += 1
    _ = try await connection.query(
      "INSERT INTO statecraft_events (definition, id, event_id, version, result) VALUES ('light', ?, ?, ?, ?)",
      [id, .text("event-\(event)"), .integer(versions[index]), .text(result)])
    _ = try await connection.query(
      "INSERT INTO statecraft_journal (definition, id, version, line) VALUES ('light', ?, ?, ?)",
      [id, .integer(versions[index]), .text(line)])
    _ = try await connection.query(
      "DELETE FROM statecraft_active_states WHERE definition = 'light' AND id = ?", [id])
    _ = try await connection.query(
      "INSERT INTO statecraft_active_states (definition, id, state) VALUES ('light', ?, ?)",
      [id, .text(versions[index] % 2 == 1 ? "on" : "off")])
    _ = try await connection.query(
      "DELETE FROM statecraft_timers WHERE definition = 'light' AND id = ?", [id])
    _ = try await connection.query("COMMIT")
    latencies.append(start.duration(to: clock.now))
  }
  try await connection.close()
  return latencies
}

let arguments = CommandLine.arguments.dropFirst()
let events = arguments.first.flatMap(Int.init) ?? 5_000
let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 3
print("\(events) events over \(instances) instances, one process, \(rounds) rounds, alternating")
for round in 1...rounds {
  let floor = try await raw(events: events)
  let statecraft = try await durable(events: events)
  let floorTotal = floor.reduce(.zero, +)
  let statecraftTotal = statecraft.reduce(.zero, +)
  let floorRate = Double(events) / (microseconds(floorTotal) / 1e6)
  let statecraftRate = Double(events) / (microseconds(statecraftTotal) / 1e6)
  print(
    String(
      format:
        "round %d: raw SQL %.0f events/s (p50 %.0f µs, p99 %.0f µs); DurableCharts %.0f events/s (p50 %.0f µs, p99 %.0f µs); ratio %.2fx",
      round, floorRate, microseconds(percentile(floor, 0.5)), microseconds(percentile(floor, 0.99)),
      statecraftRate, microseconds(percentile(statecraft, 0.5)), microseconds(percentile(statecraft, 0.99)),
      statecraftRate / floorRate))
}
