// One OS process of the multi-process kill tests (DurableKillTests). The test starts several,
// kills them with SIGKILL, and starts them again; each prints `progress N` as it goes and `done`
// when it has finished, and starts over from its first event when started again: a resent event
// id is applied once.
//
//     durable-worker create <url> <schema>
//     durable-worker send <url> <schema> <worker> <workers>
//     durable-worker remind <url> <schema> <worker> <workers> <now-ms>
//     durable-worker fire <url> <schema> <now-ms>
//     durable-worker serve <url> <schema> <now-ms> [hang]
//
// `serve` runs the reminders' timer and outbox services in a service group until SIGTERM, and
// says `idle` once every reminder has expired and every output is delivered; with `hang`, its
// first delivery never returns, so that the shutdown deadline cancels it.
#if Postgres
  import DurableWorkload
  import Foundation
  import Synchronization
  import PostgresNIO
  import StatecraftDurable
  import StatecraftPostgres
  #if Services
    import Logging
    import ServiceLifecycle
    import StatecraftServices
  #endif

  /// A line to the test, unbuffered: the test acts on it at once.
  nonisolated func say(_ line: String) { FileHandle.standardOutput.write(Data("\(line)\n".utf8)) }

  let arguments = CommandLine.arguments.dropFirst().map { $0 }
  guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: durable-worker send|remind|fire <url> <schema> …\n".utf8))
    exit(2)
  }
  let (mode, url, schema) = (arguments[0], arguments[1], arguments[2])
  let client = try KillTestDatabase.client(url: url, schema: schema)
  let running = Task { await client.run() }
  let storage = try await PostgresDurableStorage(client: client)
  let started = ContinuousClock.now

  /// `base` milliseconds since 1970, plus the time this process has run: claims lapse.
  func clock(from base: Int64) -> @Sendable () -> Duration {
    { .milliseconds(base) + (ContinuousClock.now - started) }
  }

  /// Delivers outputs into `killtest_deliveries`, one row per delivery: duplicates show.
  @discardableResult
  nonisolated func deliver<ID, Event, Context>(
    _ charts: DurableCharts<ID, Event, Context>, client: PostgresClient
  ) async throws -> Int {
    try await charts.dispatchOutputs(limit: 10) { output in
      try await client.query("INSERT INTO killtest_deliveries (output_id) VALUES (\(output.id))")
    }
  }

  /// Sends every event of `instances`, each instance's in order, on 8 lanes at once; delivers
  /// outputs as it goes.
  nonisolated func sendAll(
    _ instances: [Int],
    to tallies: DurableCharts<KillTestWorkload.Parity, KillTestWorkload.Tick, KillTestWorkload.Tally>,
    client: PostgresClient
  ) async throws {
    let lanes = 8
    try await withThrowingTaskGroup { group in
      for lane in 0..<lanes {
        group.addTask {
          var sent = 0
          for instance in stride(from: lane, to: instances.count, by: lanes).map({ instances[$0] }) {
            for index in 0..<KillTestWorkload.eventsPerInstance {
              try await tallies.send(
                KillTestWorkload.event(instance: instance, event: index),
                to: KillTestWorkload.instanceID(instance),
                eventID: KillTestWorkload.eventID(instance: instance, event: index))
              sent += 1
              // Each lane reports every 50 sends; the test kills on these lines.
              if sent % 50 == 0 {
                say("progress")
                try await deliver(tallies, client: client)
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }
  }

  #if Services
    /// Runs the reminders' services until SIGTERM: see `serve` above.
    func serve(now: Int64, hangs: Bool) async throws {
      let reminders = DurableCharts(
        KillTestWorkload.reminderChart, schema: KillTestWorkload.reminderSchema, storage: storage,
        now: clock(from: now), claimDuration: .seconds(2))
      let hanging = Mutex(hangs)
      let outbox = DurableOutboxService(reminders, interval: .milliseconds(20), batchLimit: 5) { output in
        if hanging.withLock({ $0 }) {
          hanging.withLock { $0 = false }
          say("hanging")
          do {
            try await Task.sleep(for: .seconds(3_600))
          } catch {
            say("delivery cancelled")
            throw error
          }
        }
        try await client.query("INSERT INTO killtest_deliveries (output_id) VALUES (\(output.id))")
        say("progress")
      }
      let idle = ClosureService { [client] in
        while !Task.isShuttingDownGracefully {
          let waiting = try await reminders.instances(in: .waiting, limit: 1)
          let rows = try await client.query("SELECT count(DISTINCT output_id)::BIGINT FROM killtest_deliveries")
          var delivered = 0
          for try await count in rows.decode(Int64.self) { delivered = Int(count) }
          if waiting.isEmpty && delivered == KillTestWorkload.instances {
            say("idle")
            break
          }
          try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(50)) }
        }
        try? await gracefulShutdown()
      }
      var configuration = ServiceGroupConfiguration(
        services: [DurableTimerService(reminders, interval: .milliseconds(20), batchLimit: 5), outbox, idle],
        gracefulShutdownSignals: [.sigterm],
        logger: Logger(label: "durable-worker", factory: { _ in SwiftLogNoOpLogHandler() }))
      configuration.maximumGracefulShutdownDuration = .seconds(2)
      do {
        try await ServiceGroup(configuration: configuration).run()
        say("stopped")
      } catch {
        // Past the deadline, the group cancelled what still ran.
        say("cancelled")
      }
    }
  #endif

  switch mode {
  case "send":
    let (worker, workers) = (Int(arguments[3])!, Int(arguments[4])!)
    let tallies = DurableCharts(
      KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: storage,
      claimDuration: .seconds(10))
    try await sendAll(
      KillTestWorkload.instances(ofWorker: worker, workers: workers), to: tallies, client: client)
    while try await deliver(tallies, client: client) > 0 {}

  case "create":
    let tallies = DurableCharts(KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: storage)
    for index in 0..<KillTestWorkload.instances {
      try await tallies.create(KillTestWorkload.instanceID(index))
    }

  case "remind":
    let (worker, workers, now) = (Int(arguments[3])!, Int(arguments[4])!, Int64(arguments[5])!)
    let reminders = DurableCharts(
      KillTestWorkload.reminderChart, schema: KillTestWorkload.reminderSchema, storage: storage,
      now: clock(from: now))
    for index in stride(from: worker, to: KillTestWorkload.instances, by: workers) {
      do {
        try await reminders.create(KillTestWorkload.reminderID(index))
      } catch DurableError.instanceExists {}
    }
    say("created")
    // Waits to be killed, as a server would, firing what is due (nothing, before the deadline).
    while true {
      try await reminders.fireDueTimers()
      try await Task.sleep(for: .milliseconds(50))
    }

  case "fire":
    let now = Int64(arguments[3])!
    let reminders = DurableCharts(
      KillTestWorkload.reminderChart, schema: KillTestWorkload.reminderSchema, storage: storage,
      now: clock(from: now), claimDuration: .seconds(1))
    // Until no reminder waits: claims a killed worker held lapse after a second.
    while try await !reminders.instances(in: .waiting, limit: 1).isEmpty {
      let batch = try await reminders.fireDueTimers(limit: 5)
      if batch > 0 {
        say("progress")
      } else {
        try await Task.sleep(for: .milliseconds(20))
      }
      try await deliver(reminders, client: client)
    }
    while try await deliver(reminders, client: client) > 0 {}

  case "serve":
    #if Services
      try await serve(now: Int64(arguments[3])!, hangs: arguments.count > 4 && arguments[4] == "hang")
    #else
      FileHandle.standardError.write(Data("serve needs the Services trait\n".utf8))
      exit(2)
    #endif

  default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
  }
  say("done")
  running.cancel()
#endif
