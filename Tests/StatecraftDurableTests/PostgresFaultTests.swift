#if Postgres
  import DurableWorkload
  import Foundation
  import PostgresNIO
  import Statecraft
  import StatecraftDurable
  import StatecraftPostgres
  import Synchronization
  import Testing

  /// The database connection cut in the middle of steps (`pg_terminate_backend`): each event is
  /// applied exactly once or not at all, with an error to the sender; never half.
  ///
  /// It found that a commit sent as one statement was reported committed when the cut came before
  /// the server committed it (now `BEGIN` … `COMMIT`), and that in about half the runs a query
  /// written to a connection that had just been cut waited forever in postgres-nio 1.33.2 (now
  /// written from the connection's event loop, once it is known to be open).
  @Suite(.enabled(if: KillTestDatabase.url != nil, "Needs STATECRAFT_POSTGRES_URL (.ci/postgres start)"))
  struct PostgresFaultTests {
    typealias Tallies = DurableCharts<KillTestWorkload.Parity, KillTestWorkload.Tick, KillTestWorkload.Tally>

    @Test(.timeLimit(.minutes(3)))
    func aConnectionCutMidStepAppliesTheEventOnceOrNotAtAll() async throws {
      let database = try await PostgresTestDatabase()
      let tallies = Tallies(
        KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: try await database.storage())
      // Reads behind the sender's back, on connections no one cuts.
      let observer = try KillTestDatabase.client(url: database.url, schema: "public")
      let observing = Task { await observer.run() }
      let instances = 10
      for index in 0..<instances { try await tallies.create(KillTestWorkload.instanceID(index)) }

      // While armed, cuts the sender's connection that is committing a step, then disarms: the
      // sender arms it for one event in three, and its retries go through.
      let cutting = Atomic(true)
      let armed = Atomic(false)
      let cuts = Atomic(0)
      let cutter = Task {
        while cutting.load(ordering: .relaxed) && !Task.isCancelled {
          guard armed.load(ordering: .relaxed) else {
            await Task.yield()
            continue
          }
          let cut =
            try await observer.query(
              """
              SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
              WHERE application_name = \(database.schema) AND state = 'active' AND query LIKE 'WITH updated AS%'
              """
            ).collect().first?.decode(Int64.self) ?? 0
          if cut > 0 {
            cuts.add(Int(cut), ordering: .relaxed)
            armed.store(false, ordering: .relaxed)
          }
        }
      }

      // A failure below must not leave the cutter running.
      defer { cutting.store(false, ordering: .relaxed) }
      var failed = 0
      var appliedDespiteTheError = 0
      var firstError = ""
      var half: [String] = []
      let events = 40
      for event in 0..<events {
        for index in 0..<instances {
          let id = KillTestWorkload.instanceID(index)
          let eventID = KillTestWorkload.eventID(instance: index, event: event)
          let tick = KillTestWorkload.event(instance: index, event: event)
          armed.store((event * instances + index) % 3 == 0, ordering: .relaxed)
          do {
            try await tallies.send(tick, to: id, eventID: eventID)
            armed.store(false, ordering: .relaxed)
            continue
          } catch {
            armed.store(false, ordering: .relaxed)
            failed += 1
            if failed == 1 { firstError = "\(error)" }
          }
          // Never half: the event is in the journal and the events, with the snapshot at its
          // version, or in neither, with the snapshot one step behind.
          let state = try await observer.query(
            """
            SELECT i.version,
              (SELECT count(*) FROM \(unescaped: database.schema).statecraft_events e
               WHERE e.definition = 'tally' AND e.id = \(id) AND e.event_id = \(eventID)),
              (SELECT count(*) FROM \(unescaped: database.schema).statecraft_journal j
               WHERE j.definition = 'tally' AND j.id = \(id))
            FROM \(unescaped: database.schema).statecraft_instances i
            WHERE i.definition = 'tally' AND i.id = \(id)
            """
          ).collect().first!.decode((Int64, Int64, Int64).self)
          let (version, recorded, journaled) = state
          if recorded == 1 && version == Int64(event + 1) && journaled == version {
            appliedDespiteTheError += 1
          } else if !(recorded == 0 && version == Int64(event) && journaled == version) {
            half.append("\(eventID): version \(version), recorded \(recorded), journal \(journaled)")
          }
          // The sender retries with the same id until it goes through: applied once either way.
          var attempts = 0
          while true {
            do {
              try await tallies.send(tick, to: id, eventID: eventID)
              break
            } catch {
              attempts += 1
              try #require(attempts < 100, "\(eventID) failed 100 times: \(error)")
            }
          }
        }
      }
      cutting.store(false, ordering: .relaxed)
      try await cutter.value

      #expect(half.isEmpty, "half-applied steps: \(half.prefix(5))")
      #expect(failed > 0, "no step was cut (\(cuts.load(ordering: .relaxed)) connections cut)")
      let checker = Tallies(
        KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: try await database.storage(),
        cacheLimit: 0)
      for index in 0..<instances {
        let stored = try await checker.snapshot(of: KillTestWorkload.instanceID(index))
        let expected = KillTestWorkload.expectedSnapshot(instance: index, events: events)
        #expect(stored.context == expected.context && stored.configuration == expected.configuration)
        #expect(try await checker.journal(of: KillTestWorkload.instanceID(index)).count == events)
      }
      DurableKillTests.report(
        "fault test: \(instances * events) events, \(cuts.load(ordering: .relaxed)) connections cut,"
          + " \(failed) sends failed (\(appliedDespiteTheError) of them applied before the cut), none half-applied;"
          + " the first error: \(firstError.prefix(200))")
      observing.cancel()
      try await database.close()
    }
  }
#endif
