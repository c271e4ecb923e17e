#if Postgres
  import DurableWorkload
  import Foundation
  import PostgresNIO
  import Statecraft
  import StatecraftDurable
  import StatecraftPostgres
  import Testing

  /// Several OS processes on one PostgreSQL database, killed with SIGKILL at random moments and
  /// started again: every event applied exactly once and in order, every timer fired once, every
  /// output delivered at least once.
  @Suite(.serialized, .enabled(if: KillTestDatabase.url != nil, "Needs STATECRAFT_POSTGRES_URL (.ci/postgres start)"))
  struct DurableKillTests {
    typealias Tallies = DurableCharts<KillTestWorkload.Parity, KillTestWorkload.Tick, KillTestWorkload.Tally>

    /// A seeded generator: a failure names its seed, and the same seed kills at the same points.
    struct SplitMix: RandomNumberGenerator {
      var state: UInt64
      mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }
    }

    static func worker(_ arguments: String...) throws -> WorkerProcess {
      try WorkerProcess(arguments)
    }

    @Test(.timeLimit(.minutes(10)))
    func fourProcessesKilledAtRandomApplyEveryEventExactlyOnceInOrder() async throws {
      let database = try await PostgresTestDatabase()
      let storage = try await database.storage()
      try await database.execute(KillTestWorkload.deliveriesTable)
      let tallies = Tallies(KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: storage)
      for index in 0..<KillTestWorkload.instances { try await tallies.create(KillTestWorkload.instanceID(index)) }

      let workers = 4
      let arguments = { (worker: Int) in
        ["send", database.url, database.schema, "\(worker)", "\(workers)"]
      }
      var processes = try (0..<workers).map { try WorkerProcess(arguments($0)) }
      // A failure must not leave workers running into the next tests.
      defer { for process in processes { process.kill() } }
      let seed = UInt64.random(in: 0...UInt64.max)
      var random = SplitMix(state: seed)
      var kills = 0
      // Five times, a random worker is killed after a random number of progress lines (each is 50
      // sends of one of its lanes), and started again: it resends its events from the first.
      for _ in 0..<5 {
        let victim = Int.random(in: 0..<workers, using: &random)
        let target = processes[victim].progress + Int.random(in: 5...60, using: &random)
        await processes[victim].wait(progress: target)
        guard !processes[victim].said.contains("done") else { continue }
        processes[victim].kill()
        _ = await processes[victim].exitStatus()
        kills += 1
        processes[victim] = try WorkerProcess(arguments(victim))
      }
      for process in processes {
        let status = await process.exitStatus()
        #expect(status == 0, "seed \(seed): worker \(process.arguments) ended with \(status)")
      }
      #expect(kills >= 3, "seed \(seed): the workers finished before they could be killed")

      // Every instance as the pure step function makes it from its events in order.
      let checker = Tallies(
        KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: storage, cacheLimit: 0)
      var wrong: [String] = []
      for index in 0..<KillTestWorkload.instances {
        let stored = try await checker.snapshot(of: KillTestWorkload.instanceID(index))
        let expected = KillTestWorkload.expectedSnapshot(instance: index)
        if stored.configuration != expected.configuration || stored.context != expected.context {
          wrong.append(KillTestWorkload.instanceID(index))
        }
      }
      #expect(
        wrong.isEmpty, "seed \(seed): \(wrong.count) instances differ from their events' fold: \(wrong.prefix(5))")

      // Every event id exactly once in the journals, in the order it was sent.
      let journal = try await database.client.query(
        "SELECT id, line FROM statecraft_journal WHERE definition = 'tally' ORDER BY id, version"
      ).collect().map { try $0.decode((String, String).self) }
      var journaled: [String: [String]] = [:]
      for (id, line) in journal {
        let step = try JSONDecoder().decode(JournalStep.self, from: Data(line.utf8))
        journaled[id, default: []].append(step.eventID)
      }
      let outOfOrder = (0..<KillTestWorkload.instances).filter { index in
        journaled[KillTestWorkload.instanceID(index)]
          != (0..<KillTestWorkload.eventsPerInstance).map { KillTestWorkload.eventID(instance: index, event: $0) }
      }
      #expect(journal.count == KillTestWorkload.instances * KillTestWorkload.eventsPerInstance)
      #expect(outOfOrder.isEmpty, "seed \(seed): journals of \(outOfOrder.prefix(5)) are not each event once in order")

      // Every output delivered at least once; the duplicates are the kills' doing. The outputs a
      // killed worker had claimed are taken over once the claim lapses: a minute later.
      let later = Tallies(
        KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: storage,
        now: { DurableClock.wallTime() + .seconds(60) })
      try await later.dispatchOutputs(limit: 100_000) { output in
        try await database.client.query("INSERT INTO killtest_deliveries (output_id) VALUES (\(output.id))")
      }
      let outputs = try await Self.count("SELECT count(*) FROM statecraft_outbox", database)
      let delivered = try await Self.count("SELECT count(DISTINCT output_id) FROM killtest_deliveries", database)
      let deliveries = try await Self.count("SELECT count(*) FROM killtest_deliveries", database)
      #expect(outputs == KillTestWorkload.instances * KillTestWorkload.eventsPerInstance / 10)
      #expect(delivered == outputs, "seed \(seed): \(outputs - delivered) outputs never delivered")
      Self.report(
        "kill test: \(KillTestWorkload.instances * KillTestWorkload.eventsPerInstance) events from \(workers) processes,"
          + " \(kills) kills; \(outputs) outputs, \(deliveries - delivered) delivered twice (seed \(seed))")
      try await database.close()
    }

    @Test(.timeLimit(.minutes(5)))
    func timersSurviveEveryProcessKilledAndFireExactlyOnce() async throws {
      let database = try await PostgresTestDatabase()
      _ = try await database.storage()
      try await database.execute(KillTestWorkload.deliveriesTable)
      let createdAt: Int64 = 1_700_000_000_000
      let workers = 4
      // Four processes create the reminders and wait, as servers do; all are killed.
      let creators = try (0..<workers).map {
        try WorkerProcess(["remind", database.url, database.schema, "\($0)", "\(workers)", "\(createdAt)"])
      }
      defer { for creator in creators { creator.kill() } }
      for creator in creators { await creator.wait(line: "created") }
      for creator in creators {
        creator.kill()
        _ = await creator.exitStatus()
      }
      let waiting = try await Self.count(
        "SELECT count(*) FROM statecraft_timers WHERE definition = 'reminder'", database)
      #expect(waiting == KillTestWorkload.instances)

      // Four new processes start past the deadline; one is killed while firing, and started again.
      let deadline = createdAt + Int64(KillTestWorkload.reminderDelay.components.seconds) * 1_000 + 1
      let fire = ["fire", database.url, database.schema, "\(deadline)"]
      var firers = try (0..<workers).map { _ in try WorkerProcess(fire) }
      defer { for firer in firers { firer.kill() } }
      // One is killed after its first batch, if it has not finished by then, and started again.
      let first = 0
      await firers[first].wait(progress: 1)
      let killedWhileFiring = !firers[first].said.contains("done")
      firers[first].kill()
      _ = await firers[first].exitStatus()
      firers[first] = try WorkerProcess(fire)
      for firer in firers {
        let status = await firer.exitStatus()
        #expect(status == 0)
      }

      let fired = try await database.client.query(
        "SELECT id, count(*) FROM statecraft_journal WHERE definition = 'reminder' GROUP BY id"
      ).collect().map { try $0.decode((String, Int64).self) }
      #expect(fired.count == KillTestWorkload.instances)
      #expect(fired.allSatisfy { $0.1 == 1 }, "a timer fired more than once: \(fired.filter { $0.1 != 1 }.prefix(5))")
      let expired = try await Self.count(
        "SELECT count(*) FROM statecraft_active_states WHERE definition = 'reminder' AND state = 'expired'", database)
      #expect(expired == KillTestWorkload.instances)
      let outputs = try await Self.count(
        "SELECT count(*) FROM statecraft_outbox WHERE definition = 'reminder'", database)
      #expect(outputs == KillTestWorkload.instances)
      Self.report(
        "timer kill test: \(KillTestWorkload.instances) timers, all creators killed, a firer killed"
          + " \(killedWhileFiring ? "while firing" : "after it finished"); each fired once")
      try await database.close()
    }

    struct JournalStep: Decodable {
      var eventID: String
    }

    static func count(_ sql: String, _ database: PostgresTestDatabase) async throws -> Int {
      let rows = try await database.client.query(PostgresQuery(unsafeSQL: sql)).collect()
      return Int(try rows.first!.decode(Int64.self))
    }

    /// The figures the issue asks for, in the test log.
    static func report(_ line: String) {
      print(line)
    }
  }
#endif
