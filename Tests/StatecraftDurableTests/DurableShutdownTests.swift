#if Postgres && Services
  import DurableWorkload
  import Foundation
  import PostgresNIO
  import Statecraft
  import StatecraftDurable
  import Testing

  /// `durable-worker serve` processes, which run the reminders' timer and outbox services in a
  /// service group, stopped with SIGTERM under load and started again: nothing lost, nothing done
  /// twice.
  @Suite(.serialized, .enabled(if: KillTestDatabase.url != nil, "Needs STATECRAFT_POSTGRES_URL (.ci/postgres start)"))
  struct DurableShutdownTests {
    static let createdAt: Int64 = 1_700_000_000_000
    /// Past every reminder's due time.
    static let due = createdAt + Int64(KillTestWorkload.reminderDelay.components.seconds) * 1_000 + 1

    /// A database with `count` reminders waiting, and the deliveries table.
    static func reminders(_ count: Int) async throws -> PostgresTestDatabase {
      let database = try await PostgresTestDatabase()
      try await database.execute(KillTestWorkload.deliveriesTable)
      let reminders = DurableCharts(
        KillTestWorkload.reminderChart, schema: KillTestWorkload.reminderSchema, storage: try await database.storage(),
        now: { .milliseconds(createdAt) })
      for index in 0..<count { try await reminders.create(KillTestWorkload.reminderID(index)) }
      return database
    }

    static func serve(_ database: PostgresTestDatabase, at now: Int64, _ options: String...) throws -> WorkerProcess {
      try WorkerProcess(["serve", database.url, database.schema, "\(now)"] + options)
    }

    @Test(.timeLimit(.minutes(5)))
    func aSIGTERMUnderLoadEndsTheRoundsAndARestartFinishesWithEachTimerFiredAndEachOutputDeliveredOnce()
      async throws
    {
      let database = try await Self.reminders(KillTestWorkload.instances)
      let first = try Self.serve(database, at: Self.due)
      defer { first.kill() }
      // Under load: firing timers and delivering outputs, 5 a round each.
      await first.wait(progress: 100)
      let terminated = ContinuousClock.now
      first.terminate()
      #expect(await first.exitStatus() == 0)
      let shutdown = ContinuousClock.now - terminated
      #expect(first.said.contains("stopped"), "the group did not stop gracefully: \(first.said)")
      let deliveredBeforeRestart = try await DurableKillTests.count(
        "SELECT count(*) FROM killtest_deliveries", database)
      #expect(deliveredBeforeRestart < KillTestWorkload.instances, "the first process finished before SIGTERM")

      let second = try Self.serve(database, at: Self.due)
      defer { second.kill() }
      await second.wait(line: "idle")
      second.terminate()
      #expect(await second.exitStatus() == 0)
      #expect(second.said.contains("stopped"))

      let fired = try await DurableKillTests.count(
        "SELECT count(*) FROM statecraft_journal WHERE definition = 'reminder'", database)
      #expect(fired == KillTestWorkload.instances)
      let outputs = try await DurableKillTests.count(
        "SELECT count(*) FROM statecraft_outbox WHERE definition = 'reminder'", database)
      #expect(outputs == KillTestWorkload.instances)
      let deliveries = try await DurableKillTests.count("SELECT count(*) FROM killtest_deliveries", database)
      let delivered = try await DurableKillTests.count(
        "SELECT count(DISTINCT output_id) FROM killtest_deliveries", database)
      #expect(delivered == KillTestWorkload.instances)
      #expect(deliveries == delivered, "\(deliveries - delivered) outputs delivered twice")
      DurableKillTests.report(
        "shutdown test: SIGTERM after \(deliveredBeforeRestart) of \(outputs) deliveries, exit \(shutdown) later;"
          + " after the restart,"
          + " each timer fired once and each output delivered once")
      try await database.close()
    }

    /// The first delivery never returns: past the group's deadline (2 s) the group cancels it, and
    /// the process ends. The output it held is delivered once, by the next process, once its claim
    /// lapsed.
    @Test(.timeLimit(.minutes(5)))
    func aDeliveryThatOutlastsTheShutdownDeadlineIsCancelledAndDeliveredByTheNextProcess() async throws {
      let database = try await Self.reminders(KillTestWorkload.instances)
      let first = try Self.serve(database, at: Self.due, "hang")
      defer { first.kill() }
      await first.wait(line: "hanging")
      let terminated = ContinuousClock.now
      first.terminate()
      #expect(await first.exitStatus() == 0)
      let shutdown = ContinuousClock.now - terminated
      #expect(first.said.contains("delivery cancelled"), "the group did not cancel the hanging delivery: \(first.said)")

      // Later than the first process's claims, which last 2 s.
      let second = try Self.serve(database, at: Self.due + 60_000)
      defer { second.kill() }
      await second.wait(line: "idle")
      second.terminate()
      #expect(await second.exitStatus() == 0)
      let deliveries = try await DurableKillTests.count("SELECT count(*) FROM killtest_deliveries", database)
      let delivered = try await DurableKillTests.count(
        "SELECT count(DISTINCT output_id) FROM killtest_deliveries", database)
      #expect(delivered == KillTestWorkload.instances)
      #expect(deliveries == delivered)
      DurableKillTests.report(
        "deadline test: a delivery hung; the process exited \(shutdown) after SIGTERM (deadline 2 s)")
      try await database.close()
    }
  }
#endif
