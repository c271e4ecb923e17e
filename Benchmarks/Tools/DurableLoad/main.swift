// Durable charts on SQLite against their floor: the same SQL in raw sqlite-nio transactions,
// without Statecraft. Each event is one transaction over 1,000 instances, from one process.
//
//     swift run -c release DurableLoad [events] [rounds] [senders]
//
// With `senders` above 1, that many tasks send at once, each to instances of its own, so that the
// storage commits the steps that arrive together in one transaction (group commit), with one
// statement a table; the floor then runs the same batch statements in transactions of `senders`
// events, which is the batching a perfect group commit reaches. Rates are events over wall time.
//
// With one sender, the floor runs, per event, exactly the statements `SQLiteDurableStorage.commit`
// runs for a step alone (the event-id check, the guarded update, `changes()`, the event row, the
// journal line, the active states, the timer row); with several, the statements it writes a batch
// with. Its JSON is of the same size, so that the ratio is Statecraft's own cost: the step
// function, encoding, the cache, the batch's plan and the version check.
import Foundation
import Logging
import Metrics
import MetricsTestKit
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

// swift-metrics' own test backend, for the sizes of the batches the storage commits; what it adds
// to a step (a lock and an append for each of its few metrics) is far below a step's commit.
let metrics = TestMetrics()
MetricsSystem.bootstrap(metrics)

/// The sizes of every batch SQLite has committed so far.
func batchSizes() -> [Double] {
  (try? metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "sqlite")]).values) ?? []
}

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

/// Sender `sender`'s `index`-th event goes to this instance: each sender has instances of its own.
func instance(sender: Int, index: Int, senders: Int) -> Int {
  let owned = (instances - sender + senders - 1) / senders
  return sender + (index % owned) * senders
}

/// Statecraft: `DurableCharts.send` from `senders` tasks at once, each to its instances in turn.
func durable(events: Int, senders: Int) async throws -> (latencies: [Duration], wall: Duration) {
  let storage = try await SQLiteDurableStorage(path: temporaryPath("durable"))
  let lights = DurableCharts(chart, schema: SnapshotSchema("light"), storage: storage, cacheLimit: instances)
  for index in 0..<instances { try await lights.create("light-\(index)") }
  let clock = ContinuousClock()
  let start = clock.now
  let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
    for sender in 0..<senders {
      group.addTask {
        var latencies: [Duration] = []
        for index in 0..<(events / senders) {
          let start = clock.now
          let id = "light-\(instance(sender: sender, index: index, senders: senders))"
          try await lights.send(.toggle, to: id, eventID: "event-\(sender)-\(index)")
          latencies.append(start.duration(to: clock.now))
        }
        return latencies
      }
    }
    return try await group.reduce(into: []) { $0 += $1 }
  }
  let wall = start.duration(to: clock.now)
  try await storage.close()
  return (latencies, wall)
}

/// `(?, ?), (?, ?)` for 2 rows of 2 columns.
func placeholders(rows: Int, columns: Int) -> String {
  let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
  return Array(repeating: row, count: rows).joined(separator: ", ")
}

/// The floor: the same statements, in raw transactions of `senders` events (written with one
/// statement a table when there are several, as the storage writes a batch), with JSON of the
/// same size.
func raw(events: Int, senders: Int) async throws -> (latencies: [Duration], wall: Duration) {
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
  let wallStart = clock.now
  for batch in 0..<(events / senders) {
    let start = clock.now
    _ = try await connection.query("BEGIN IMMEDIATE")
    if senders > 1 {
      // The statements `SQLiteDurableStorage` writes a batch with: one a table.
      let indices = (0..<senders).map { instance(sender: $0, index: batch, senders: senders) }
      let ids = indices.map { SQLiteData.text("light-\($0)") }
      let eventIDs = (0..<senders).map { SQLiteData.text("event-\($0)-\(batch)") }
      let pairs = placeholders(rows: senders, columns: 2)
      _ = try await connection.query(
        "SELECT definition, id, version FROM statecraft_instances WHERE (definition, id) IN (VALUES \(pairs))",
        ids.flatMap { [.text("light"), $0] })
      _ = try await connection.query(
        """
        SELECT definition, id, event_id, result FROM statecraft_events
        WHERE (definition, id, event_id) IN (VALUES \(placeholders(rows: senders, columns: 3)))
        """,
        zip(ids, eventIDs).flatMap { [.text("light"), $0, $1] })
      let updated = try await connection.query(
        """
        UPDATE statecraft_instances SET version = planned.column3, snapshot = planned.column4
        FROM (VALUES \(placeholders(rows: senders, columns: 5))) AS planned
        WHERE statecraft_instances.definition = planned.column1 AND statecraft_instances.id = planned.column2
          AND statecraft_instances.version = planned.column5
        RETURNING definition, id
        """,
        zip(indices, ids).flatMap { index, id -> [SQLiteData] in
          [.text("light"), id, .integer(versions[index] + 1), .text(snapshot), .integer(versions[index])]
        })
      precondition(updated.count == senders, "every instance is updated")
      for index in indices { versions[index] += 1 }
      _ = try await connection.query(
        """
        INSERT INTO statecraft_events (definition, id, event_id, version, result)
        VALUES \(placeholders(rows: senders, columns: 5))
        """,
        (0..<senders).flatMap { sender -> [SQLiteData] in
          [.text("light"), ids[sender], eventIDs[sender], .integer(versions[indices[sender]]), .text(result)]
        })
      _ = try await connection.query(
        "INSERT INTO statecraft_journal (definition, id, version, line) VALUES \(placeholders(rows: senders, columns: 4))",
        (0..<senders).flatMap { sender -> [SQLiteData] in
          [.text("light"), ids[sender], .integer(versions[indices[sender]]), .text(line)]
        })
      _ = try await connection.query(
        "DELETE FROM statecraft_active_states WHERE (definition, id) IN (VALUES \(pairs))",
        ids.flatMap { [.text("light"), $0] })
      _ = try await connection.query(
        "INSERT INTO statecraft_active_states (definition, id, state) VALUES \(placeholders(rows: senders, columns: 3))",
        (0..<senders).flatMap { sender -> [SQLiteData] in
          [.text("light"), ids[sender], .text(versions[indices[sender]] % 2 == 1 ? "on" : "off")]
        })
      _ = try await connection.query(
        "DELETE FROM statecraft_timers WHERE (definition, id) IN (VALUES \(pairs))",
        ids.flatMap { [.text("light"), $0] })
      _ = try await connection.query("COMMIT")
      latencies += repeatElement(start.duration(to: clock.now), count: senders)
      continue
    }
    for sender in 0..<senders {
      let index = instance(sender: sender, index: batch, senders: senders)
      let id = SQLiteData.text("light-\(index)")
      let eventID = SQLiteData.text("event-\(sender)-\(batch)")
      if senders > 1 { _ = try await connection.query("SAVEPOINT step") }
      _ = try await connection.query(
        "SELECT result FROM statecraft_events WHERE definition = 'light' AND id = ? AND event_id = ?",
        [id, eventID])
      _ = try await connection.query(
        "UPDATE statecraft_instances SET version = ?, snapshot = ? WHERE definition = 'light' AND id = ? AND version = ?",
        [.integer(versions[index] + 1), .text(snapshot), id, .integer(versions[index])])
      _ = try await connection.query("SELECT changes() AS changed")
      versions[index] += 1
      _ = try await connection.query(
        "INSERT INTO statecraft_events (definition, id, event_id, version, result) VALUES ('light', ?, ?, ?, ?)",
        [id, eventID, .integer(versions[index]), .text(result)])
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
      if senders > 1 { _ = try await connection.query("RELEASE step") }
    }
    _ = try await connection.query("COMMIT")
    // Every event of the transaction waits for its commit.
    let latency = start.duration(to: clock.now)
    latencies += repeatElement(latency, count: senders)
  }
  let wall = wallStart.duration(to: clock.now)
  try await connection.close()
  return (latencies, wall)
}

let arguments = CommandLine.arguments.dropFirst()
let events = arguments.first.flatMap(Int.init) ?? 5_000
let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 3
let senders = max(1, arguments.dropFirst(2).first.flatMap(Int.init) ?? 1)
print(
  "\(events / senders * senders) events over \(instances) instances, one process, \(senders) sender(s), "
    + "\(rounds) rounds, alternating")
for round in 1...rounds {
  let floor = try await raw(events: events, senders: senders)
  let committedBefore = batchSizes().count
  let statecraft = try await durable(events: events, senders: senders)
  let batches = batchSizes().dropFirst(committedBefore)
  let sent = Double(events / senders * senders)
  let floorRate = sent / (microseconds(floor.wall) / 1e6)
  let statecraftRate = sent / (microseconds(statecraft.wall) / 1e6)
  print(
    String(
      format:
        "round %d: raw SQL %.0f events/s (p50 %.0f µs, p99 %.0f µs); DurableCharts %.0f events/s (p50 %.0f µs, p99 %.0f µs, mean batch %.1f); ratio %.2fx",
      round, floorRate, microseconds(percentile(floor.latencies, 0.5)),
      microseconds(percentile(floor.latencies, 0.99)),
      statecraftRate, microseconds(percentile(statecraft.latencies, 0.5)),
      microseconds(percentile(statecraft.latencies, 0.99)),
      batches.reduce(0, +) / Double(max(1, batches.count)), statecraftRate / floorRate))
}
