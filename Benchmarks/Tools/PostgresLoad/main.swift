// Durable charts on PostgreSQL against their floor, from 1, 2 and 4 OS processes: each process
// sends its share of the events to its own instances out of 1,000, from `senders` tasks at once.
// The floor runs what `PostgresDurableStorage.commit` runs in raw postgres-nio, without
// Statecraft, with JSON of the same size: with one sender, per event, `BEGIN`, its one statement
// and `COMMIT`; with several, in transactions of `senders` events, `BEGIN`, the batch's read and
// write statements and `COMMIT`, which is the batching a perfect group commit reaches. The ratio
// is Statecraft's own cost (the step function, encoding, the cache, the batch's plan).
//
//     swift run -c release PostgresLoad <url> [events per run] [rounds] [senders per process]
//     swift run -c release PostgresLoad memory [instances] [url]
//
// `.ci/postgres start` prints a URL for a throwaway server. `memory` creates instances in SQLite
// (in PostgreSQL with a URL) and reports the process's resident size against the runtime's cache bound.
import Foundation
import Logging
import Metrics
import MetricsTestKit
import PostgresNIO
import Statecraft
import StatecraftDurable
import StatecraftJournal
import StatecraftPostgres

enum Light: String, Codable, Hashable, Sendable { case off, on }
enum Toggle: String, Codable, Equatable, Sendable { case toggle }
struct Count: Codable, Equatable, Sendable { var toggles = 0 }

let chart = Statechart<Light, Toggle, Count>("light", initial: .off, context: Count()) {
  StateNode(.off) { OnEvent(.toggle, target: .on, actions: [.assign { $0.toggles += 1 }]) }
  StateNode(.on) { OnEvent(.toggle, target: .off, actions: [.assign { $0.toggles += 1 }]) }
}
let schema = SnapshotSchema<ChartSnapshot<Light, Toggle, Count>>("light")
let instances = 1_000
let quiet = Logger(label: "load", factory: { _ in SwiftLogNoOpLogHandler() })

func client(_ url: String, schema: String) throws -> PostgresClient {
  var configuration = try PostgresDurableStorage.configuration(url: url)
  configuration.options.additionalStartupParameters = [("search_path", schema)]
  configuration.options.maximumConnections = 2
  return PostgresClient(configuration: configuration)
}

func microseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// Child: sends `events` events to the instances `worker` of `workers` owns, from `senders` tasks;
/// prints its latencies in microseconds, one per line, then its wall time.
func child(
  mode: String, url: String, schemaName: String, worker: Int, workers: Int, events: Int, senders: Int
) async throws {
  let client = try client(url, schema: schemaName)
  let running = Task { await client.run() }
  let mine = Array(stride(from: worker, to: instances, by: workers))
  // swift-metrics' own test backend, for the sizes of the batches the storage commits.
  let metrics = TestMetrics()
  MetricsSystem.bootstrap(metrics)
  let clock = ContinuousClock()
  var latencies: [Duration] = []
  latencies.reserveCapacity(events)
  let started = clock.now
  if mode == "durable" {
    let lights = DurableCharts(
      chart, schema: schema, storage: try await PostgresDurableStorage(client: client), cacheLimit: instances)
    // Sender `sender` sends to the instances `mine[sender]`, `mine[sender + senders]`, …
    latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
      for sender in 0..<senders {
        group.addTask {
          let owned = Array(stride(from: sender, to: mine.count, by: senders))
          var latencies: [Duration] = []
          for event in stride(from: sender, to: events, by: senders) {
            let start = clock.now
            let instance = mine[owned[(event / senders) % owned.count]]
            try await lights.send(.toggle, to: "light-\(instance)", eventID: "\(worker)-\(event)")
            latencies.append(start.duration(to: clock.now))
          }
          return latencies
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
  } else {
    // Snapshots, results and journal lines of the sizes Statecraft writes.
    let snapshot =
      #"{"statecraft":"snapshot","definition":"light","version":1,"state":{"configuration":["on"],"context":{"toggles":1},"history":{},"timers":[],"time":0,"isDone":false,"nextTimerSequence":0}}"#
    let result =
      #"{"version":1,"handled":true,"outputs":[],"snapshot":"\#(snapshot.replacingOccurrences(of: "\"", with: "\\\""))"}"#
    let line =
      #"{"type":"step","step":1,"time":0.0,"eventID":"event-0","message":"toggle","state":{"configuration":["on"],"context":{"toggles":1},"history":{},"timers":[],"time":0,"isDone":false,"nextTimerSequence":0}}"#
    var versions = [Int64](repeating: 0, count: mine.count)
    // Events `first..<first + senders` in one transaction, to distinct instances as the senders'
    // are.
    for first in stride(from: 0, to: events, by: senders) {
      let start = clock.now
      let batch = first..<min(first + senders, events)
      let slots = batch.map { $0 % mine.count }
      let ids = slots.map { "light-\(mine[$0])" }
      let states = slots.map { [versions[$0] % 2 == 0 ? "on" : "off"] }
      if senders == 1, let slot = slots.first {
        var binds = PostgresBindings(capacity: 14)
        binds.append("light")
        binds.append(ids[0])
        binds.append(versions[slot] + 1)
        binds.append(snapshot)
        binds.append(versions[slot])
        binds.append("\(worker)-\(first)")
        binds.append(result)
        binds.append(line)
        binds.append([String]())
        binds.append([String]())
        binds.append(states[0])
        binds.append(Int64?.none)
        binds.append([String]())
        binds.append(Int64?.none)
        let statement = PostgresQuery(unsafeSQL: PostgresDurableStorage.commitStatement, binds: binds)
        try await client.withConnection { connection in
          _ = try await connection.query("BEGIN", logger: quiet).collect()
          _ = try await connection.query(statement, logger: quiet).collect()
          _ = try await connection.query("COMMIT", logger: quiet).collect()
        }
      } else {
        let definitions = [String](repeating: "light", count: slots.count)
        let eventIDs = batch.map { "\(worker)-\($0)" }
        var read = PostgresBindings(capacity: 5)
        read.append(definitions)
        read.append(ids)
        read.append(definitions)
        read.append(ids)
        read.append(eventIDs)
        var write = PostgresBindings(capacity: 26)
        write.append(definitions)  // $1
        write.append(ids)  // $2
        write.append(slots.map { versions[$0] + 1 })  // $3
        write.append([String](repeating: snapshot, count: slots.count))  // $4
        write.append(slots.map { versions[$0] })  // $5
        write.append(definitions)  // $6
        write.append(ids)  // $7
        write.append(eventIDs)  // $8
        write.append(slots.map { versions[$0] + 1 })  // $9
        write.append([String](repeating: result, count: slots.count))  // $10
        write.append([String](repeating: line, count: slots.count))  // $11
        // No outputs: $12 to $18.
        for _ in 12...14 { write.append([String]()) }
        write.append([Int64]())
        for _ in 16...18 { write.append([String]()) }
        write.append(definitions)  // $19
        write.append(ids)  // $20
        write.append(states.map { $0[0] })  // $21
        write.append([String]())  // $22
        write.append([String]())  // $23
        write.append([Int64]())  // $24
        write.append(definitions)  // $25
        write.append(ids)  // $26
        let readQuery = PostgresQuery(unsafeSQL: PostgresDurableStorage.batchReadStatement, binds: read)
        let writeQuery = PostgresQuery(unsafeSQL: PostgresDurableStorage.batchWriteStatement, binds: write)
        try await client.withConnection { connection in
          _ = try await connection.query("BEGIN", logger: quiet).collect()
          _ = try await connection.query(readQuery, logger: quiet).collect()
          _ = try await connection.query(writeQuery, logger: quiet).collect()
          _ = try await connection.query("COMMIT", logger: quiet).collect()
        }
      }
      for slot in slots { versions[slot] += 1 }
      let latency = start.duration(to: clock.now)
      latencies += slots.map { _ in latency }
    }
  }
  let wall = started.duration(to: clock.now)
  var output = latencies.map { String(Int(microseconds($0))) }.joined(separator: "\n")
  output += "\nwall \(microseconds(wall))\n"
  let batches =
    (try? metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "postgres")]).values) ?? []
  output += "batches \(batches.count) \(batches.reduce(0, +))\n"
  FileHandle.standardOutput.write(Data(output.utf8))
  running.cancel()
}

/// Parent: a fresh schema with 1,000 instances, then `workers` children at once.
func run(
  mode: String, url: String, workers: Int, events: Int, senders: Int
) async throws -> (rate: Double, p50: Double, p99: Double, meanBatch: Double) {
  let schemaName = "load_\(UUID().uuidString.prefix(8).lowercased())"
  let admin = try client(url, schema: "public")
  let adminRunning = Task { await admin.run() }
  try await admin.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schemaName)"))
  let setup = try client(url, schema: schemaName)
  let setupRunning = Task { await setup.run() }
  let lights = DurableCharts(chart, schema: schema, storage: try await PostgresDurableStorage(client: setup))
  for index in 0..<instances { try await lights.create("light-\(index)") }
  setupRunning.cancel()

  let processes = try (0..<workers).map { worker -> (Process, Foundation.Pipe) in
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [
      "child", mode, url, schemaName, "\(worker)", "\(workers)", "\(events / workers)", "\(senders)",
    ]
    let pipe = Foundation.Pipe()
    process.standardOutput = pipe
    try process.run()
    return (process, pipe)
  }
  var latencies: [Double] = []
  var wall = 0.0
  var batchCount = 0.0
  var batchedEvents = 0.0
  for (process, pipe) in processes {
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    for line in text.split(separator: "\n") {
      if line.hasPrefix("batches ") {
        let fields = line.split(separator: " ")
        batchCount += Double(fields[1])!
        batchedEvents += Double(fields[2])!
      } else if line.hasPrefix("wall ") {
        wall = max(wall, Double(line.dropFirst(5))!)
      } else {
        latencies.append(Double(line)!)
      }
    }
  }
  try await admin.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schemaName) CASCADE"))
  adminRunning.cancel()
  latencies.sort()
  let percentile = { (fraction: Double) in latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
  }
  return (
    Double(latencies.count) / (wall / 1e6), percentile(0.5), percentile(0.99), batchedEvents / max(1, batchCount)
  )
}

/// The process's resident size, in bytes.
func residentBytes() -> Int {
  let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
  let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "child":
  try await child(
    mode: arguments[1], url: arguments[2], schemaName: arguments[3], worker: Int(arguments[4])!,
    workers: Int(arguments[5])!, events: Int(arguments[6])!, senders: Int(arguments[7])!)
case "memory":
  let count = arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
  // On PostgreSQL when a URL follows, in a fresh schema; else in an SQLite file.
  let storage: any DurableStorage
  var cleanUp: () async throws -> Void
  if let url = arguments.dropFirst(2).first {
    let schemaName = "memory_\(UUID().uuidString.prefix(8).lowercased())"
    let admin = try client(url, schema: "public")
    let adminRunning = Task { await admin.run() }
    try await admin.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schemaName)"))
    let pool = try client(url, schema: schemaName)
    let poolRunning = Task { await pool.run() }
    storage = try await PostgresDurableStorage(client: pool)
    cleanUp = {
      poolRunning.cancel()
      try await admin.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schemaName) CASCADE"))
      adminRunning.cancel()
    }
  } else {
    let path = FileManager.default.temporaryDirectory.appending(
      path: "postgres-load-memory-\(UUID().uuidString).sqlite"
    ).path()
    let sqlite = try await SQLiteDurableStorage(path: path)
    storage = sqlite
    cleanUp = { try await sqlite.close() }
  }
  let lights = DurableCharts(chart, schema: schema, storage: storage, cacheLimit: 1_000)
  let mebibyte = 1_048_576.0
  print(String(format: "before: resident %.1f MiB", Double(residentBytes()) / mebibyte))
  fflush(nil)
  // The resident size once the cache is full, then as ten and a hundred times more instances
  // pass through it: bounded memory shows as a flat line after the first.
  for index in 0..<count {
    try await lights.create("light-\(index)")
    try await lights.send(.toggle, to: "light-\(index)")
    if [1_000, 10_000, 100_000, count].contains(index + 1) {
      print(
        String(
          format: "touched %d instances: resident %.1f MiB, %d of them cached (limit 1,000)",
          index + 1, Double(residentBytes()) / mebibyte, lights.cachedCount))
      fflush(nil)  // every stream: stdout is a global Swift 6 will not read here
    }
  }
  try await cleanUp()
case let url?:
  let events = arguments.dropFirst().first.flatMap(Int.init) ?? 4_000
  let rounds = arguments.dropFirst(2).first.flatMap(Int.init) ?? 2
  let senders = arguments.dropFirst(3).first.flatMap(Int.init) ?? 1
  print(
    "\(events) events per run over \(instances) instances, \(senders) senders a process, \(rounds) rounds, raw and durable alternating"
  )
  for round in 1...rounds {
    for workers in [1, 2, 4] {
      let floor = try await run(mode: "raw", url: url, workers: workers, events: events, senders: senders)
      let durable = try await run(mode: "durable", url: url, workers: workers, events: events, senders: senders)
      print(
        String(
          format:
            "round %d, %d processes: raw %.0f events/s (p50 %.0f µs, p99 %.0f µs); DurableCharts %.0f events/s (p50 %.0f µs, p99 %.0f µs, mean batch %.1f); ratio %.2fx",
          round, workers, floor.rate, floor.p50, floor.p99, durable.rate, durable.p50, durable.p99, durable.meanBatch,
          durable.rate / floor.rate))
    }
  }
default:
  print("usage: PostgresLoad <url> [events] [rounds] [senders] | PostgresLoad memory [instances] [url]")
}
