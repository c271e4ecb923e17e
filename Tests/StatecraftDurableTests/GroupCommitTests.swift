#if Durable
  import Metrics
  import MetricsTestKit
  import Statecraft
  import StatecraftDurable
  import Testing
  #if Postgres
    import DurableWorkload
    import Logging
    import PostgresNIO
    import StatecraftPostgres
  #endif

  /// What the group-commit tests need of a storage: to hold its commits back, so that they queue.
  protocol BatchingStorage: DurableStorage {
    func holdingConnection<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result
    var queuedCommits: Int { get }
  }

  extension SQLiteDurableStorage: BatchingStorage {}
  #if Postgres
    extension PostgresDurableStorage: BatchingStorage {}
  #endif

  /// Steps that arrive while a storage's transaction is under way commit together, in one
  /// transaction, each with its own guarantees.
  @Suite("Group commit")
  struct GroupCommitTests {
    typealias Orders = DurableMetricsTests.Orders

    /// A fresh database on `backend`, and a storage on it that reports to `metrics`.
    static func open(
      _ backend: TestBackend, metrics: TestMetrics
    ) async throws -> (database: any TestDatabase, storage: any BatchingStorage) {
      let database = try await backend.open()
      let storage = try await withMetricsFactory(metrics) { try await database.storage() }
      return (database, try #require(storage as? any BatchingStorage))
    }

    static func close(_ database: any TestDatabase, _ storage: any BatchingStorage) async throws {
      if let sqlite = storage as? SQLiteDurableStorage { try await sqlite.close() }
      try await database.close()
    }

    /// A trigger that makes the database refuse to write `table`'s rows of instance `id`:
    /// `RAISE(ABORT)` on SQLite, an exception on PostgreSQL. With `skip`, it ignores them silently
    /// instead (`RAISE(IGNORE)`, or a `NULL` row).
    static func refuse(
      _ table: String, _ event: String, of id: String, skip: Bool = false, on backend: TestBackend,
      in database: any TestDatabase
    ) async throws {
      switch backend {
      case .sqlite:
        try await database.execute(
          """
          CREATE TRIGGER refuse_\(id) BEFORE \(event) ON \(table) WHEN NEW.id = '\(id)'
          BEGIN SELECT RAISE(\(skip ? "IGNORE" : "ABORT, 'refused'")); END
          """)
      case .postgres:
        try await database.execute(
          """
          CREATE FUNCTION refuse_\(id)() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN \(skip ? "RETURN NULL;" : "RAISE EXCEPTION 'refused';") END $$
          """)
        try await database.execute(
          """
          CREATE TRIGGER refuse_\(id) BEFORE \(event) ON \(table) FOR EACH ROW WHEN (NEW.id = '\(id)')
          EXECUTE FUNCTION refuse_\(id)()
          """)
      }
    }

    /// Five steps queue behind a held connection: two sends of one event id, two events to one
    /// instance from a stale cache, and a step the database refuses after its row and event id
    /// were written.
    @Test(arguments: TestBackend.available)
    func stepsQueuedWhileTheConnectionIsBusyCommitTogetherAndAConflictOrAFailureLeavesTheOthersApplied(
      _ backend: TestBackend
    ) async throws {
      let metrics = TestMetrics()
      let (database, storage) = try await Self.open(backend, metrics: metrics)
      let orders = Orders(DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage)
      for id in ["a", "b", "d"] { try await orders.create(id) }
      try await Self.refuse("statecraft_journal", "INSERT", of: "d", on: backend, in: database)

      let sends = try await storage.holdingConnection {
        let sends = [
          Task { try await orders.send(.pay, to: "a", eventID: "a-pay") },
          Task { try await orders.send(.pay, to: "a", eventID: "a-pay") },
          Task { try await orders.send(.pay, to: "b", eventID: "b-pay") },
          Task { try await orders.send(.cancel, to: "b", eventID: "b-cancel") },
          Task { try await orders.send(.pay, to: "d", eventID: "d-pay") },
        ]
        // Each loads its instance from the cache, then waits for the connection to commit.
        while storage.queuedCommits < sends.count { await Task.yield() }
        return sends
      }

      // One event id, applied once: the second send in the batch finds the first's.
      let paidA = [try await sends[0].value, try await sends[1].value]
      #expect(paidA.map(\.version) == [1, 1])
      #expect(paidA.filter(\.wasAppliedBefore).count == 1)
      // The second of "b"'s steps conflicts in the batch, and commits once reloaded.
      let stepsOfB = [try await sends[2].value, try await sends[3].value]
      #expect(Set(stepsOfB.map(\.version)) == [1, 2])
      // The refused step throws, and writes nothing; the others stay applied.
      await #expect(throws: (any Error).self) { try await sends[4].value }
      #expect(try await orders.snapshot(of: "d").configuration == [.awaitingPayment])
      #expect(try await orders.snapshot(of: "a").configuration == [.paid])

      // The five in one transaction, then "b"'s retry alone.
      let batches = try metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "\(backend)")])
      #expect(batches.values == [5, 1])
      // The refused step failed the batch's statements: the batch was written again step by step.
      let fallbacks = try metrics.expectCounter(
        "statecraft_durable_commit_fallbacks_total", [("storage", "\(backend)")])
      #expect(fallbacks.totalValue == 1)
      try await Self.close(database, storage)
    }

    static func row(_ id: String, _ version: Int64, states: [String]) -> DurableRow {
      DurableRow(
        definition: "order", id: id, version: version, snapshot: "\(id)@\(version)", activeStates: states,
        createdAt: 0)
    }

    static func commit(
      _ id: String, from expected: Int64, event: String, outputs: [String] = [], states: [String] = [],
      timer: Int64? = nil
    ) -> DurableCommit {
      DurableCommit(
        row: row(id, expected + 1, states: states), expectedVersion: expected, eventID: event,
        result: "\(event) result", journalLine: "\(event) line",
        outputs: outputs.map { DurableOutput(id: $0, instance: id, name: $0, version: expected + 1) },
        nextTimer: timer)
    }

    /// The outcomes of `commits`, queued in this order behind a held connection, so that they are
    /// committed in one batch.
    static func committedInOneBatch(
      _ commits: [DurableCommit], by storage: any BatchingStorage
    ) async throws -> [DurableCommitOutcome] {
      let sends = try await storage.holdingConnection {
        var sends: [Task<DurableCommitOutcome, any Error>] = []
        for commit in commits {
          sends.append(Task { try await storage.commit(commit) })
          while storage.queuedCommits < sends.count { await Task.yield() }
        }
        return sends
      }
      var outcomes: [DurableCommitOutcome] = []
      for send in sends { outcomes.append(try await send.value) }
      return outcomes
    }

    /// Five raw steps queued behind a held connection, written with one statement a table: each
    /// is decided as if the five were committed one after the other.
    @Test(arguments: TestBackend.available)
    func aBatchIsWrittenAsItsStepsWouldBeOneAfterTheOther(_ backend: TestBackend) async throws {
      let metrics = TestMetrics()
      let (database, storage) = try await Self.open(backend, metrics: metrics)
      for id in ["a", "b"] {
        _ = try await storage.insert(Self.row(id, 0, states: ["new"]), nextTimer: 100, outputs: [])
      }
      var commits = [
        // Two steps of "a" in a row, the second computed from the first.
        Self.commit("a", from: 0, event: "a1", outputs: ["a1-out"], states: ["paid"], timer: 200),
        Self.commit("a", from: 1, event: "a2", outputs: ["a2-out1", "a2-out2"], states: ["shipped", "billed"]),
        Self.commit("b", from: 0, event: "b1", outputs: ["b1-out"], states: ["paid"], timer: 300),
        // The same event id again, then a step from the version "b1" replaced.
        Self.commit("b", from: 0, event: "b1", outputs: ["b1-again"]),
        Self.commit("b", from: 0, event: "b2", outputs: ["b2-out"]),
      ]
      // An output's commit time and its caller's trace context are kept with it.
      commits[1].outputs[1].committedAt = 42
      commits[1].outputs[1].traceContext = ["traceparent": "00-a2"]
      let outcomes = try await Self.committedInOneBatch(commits, by: storage)
      #expect(outcomes == [.committed, .committed, .committed, .duplicate(result: "b1 result"), .conflict])

      let a = try #require(try await storage.load(definition: "order", id: "a"))
      #expect(a.version == 2)
      #expect(a.snapshot == "a@2")
      #expect(Set(a.activeStates) == ["shipped", "billed"])
      #expect(try await storage.journal(definition: "order", id: "a") == ["a1 line", "a2 line"])
      let b = try #require(try await storage.load(definition: "order", id: "b"))
      #expect(b.version == 1)
      #expect(b.activeStates == ["paid"])
      let outputs = try await storage.claimPendingOutputs(definition: "order", at: 0, limit: 10, until: 1)
      #expect(outputs.map(\.id) == ["a1-out", "a2-out1", "a2-out2", "b1-out"])
      #expect(outputs.map(\.committedAt) == [nil, nil, 42, nil])
      #expect(outputs.map(\.traceContext) == [nil, nil, ["traceparent": "00-a2"], nil])
      // "a"'s last step cleared its timer; "b"'s set it.
      #expect(try await storage.claimDueInstances(definition: "order", at: 1_000, limit: 10, until: 2_000) == ["b"])

      let batches = try metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "\(backend)")])
      #expect(batches.values == [5])
      let fallbacks = try metrics.expectCounter(
        "statecraft_durable_commit_fallbacks_total", [("storage", "\(backend)")])
      #expect(fallbacks.totalValue == 0)
      try await Self.close(database, storage)
    }

    /// Another process commits while a batch queues: the batch decides its steps from what that
    /// process committed, not from what its own steps were computed from.
    @Test(arguments: TestBackend.available)
    func aBatchSeesWhatAnotherProcessCommittedWhileItQueued(_ backend: TestBackend) async throws {
      let metrics = TestMetrics()
      let (database, storage) = try await Self.open(backend, metrics: metrics)
      let other = try await database.storage()
      for id in ["x", "y"] {
        _ = try await storage.insert(Self.row(id, 0, states: ["new"]), nextTimer: nil, outputs: [])
      }
      let commits = [
        // Computed from the version the other process replaces.
        Self.commit("x", from: 0, event: "x-here"),
        // The other process's event again, from the version it made.
        Self.commit("x", from: 1, event: "x-there"),
        Self.commit("y", from: 0, event: "y-here"),
      ]
      let (sends, elsewhere) = try await storage.holdingConnection {
        var sends: [Task<DurableCommitOutcome, any Error>] = []
        for commit in commits {
          sends.append(Task { try await storage.commit(commit) })
          while storage.queuedCommits < sends.count { await Task.yield() }
        }
        return (sends, try await other.commit(Self.commit("x", from: 0, event: "x-there")))
      }
      #expect(elsewhere == .committed)
      var outcomes: [DurableCommitOutcome] = []
      for send in sends { outcomes.append(try await send.value) }
      #expect(outcomes == [.conflict, .duplicate(result: "x-there result"), .committed])
      #expect(try await storage.journal(definition: "order", id: "x") == ["x-there line"])
      #expect(try await storage.load(definition: "order", id: "y")?.version == 1)
      let batches = try metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "\(backend)")])
      #expect(batches.values == [3])
      if let other = other as? SQLiteDurableStorage { try await other.close() }
      try await Self.close(database, storage)
    }

    /// An instance whose row the database skips (a trigger ignores its update) does not get the
    /// rest of its step written: the batch is written again step by step, and that step conflicts.
    @Test(arguments: TestBackend.available)
    func aBatchWhoseRowWasNotUpdatedAsPlannedIsWrittenAgainStepByStep(_ backend: TestBackend) async throws {
      let metrics = TestMetrics()
      let (database, storage) = try await Self.open(backend, metrics: metrics)
      for id in ["a", "x"] {
        _ = try await storage.insert(Self.row(id, 0, states: ["new"]), nextTimer: nil, outputs: [])
      }
      try await Self.refuse("statecraft_instances", "UPDATE", of: "x", skip: true, on: backend, in: database)
      let commits = [Self.commit("a", from: 0, event: "a1"), Self.commit("x", from: 0, event: "x1")]
      #expect(try await Self.committedInOneBatch(commits, by: storage) == [.committed, .conflict])
      #expect(try await storage.load(definition: "order", id: "a")?.version == 1)
      #expect(try await storage.load(definition: "order", id: "x")?.version == 0)
      #expect(try await storage.journal(definition: "order", id: "x").isEmpty)
      let fallbacks = try metrics.expectCounter(
        "statecraft_durable_commit_fallbacks_total", [("storage", "\(backend)")])
      #expect(fallbacks.totalValue == 1)
      try await Self.close(database, storage)
    }

    @Test func aBatchStatementBindsAtMostSQLitesDefaultLimit() {
      let rows = Array(0..<10)
      let chunks = SQLiteDurableStorage.chunks(of: rows, bindsPerRow: SQLiteDurableStorage.bindLimit / 4)
      #expect(chunks.map(\.count) == [4, 4, 2])
      #expect(chunks.flatMap { $0 } == rows)
      #expect(SQLiteDurableStorage.chunks(of: rows, bindsPerRow: 5).count == 1)
    }

    /// A step that finds the connection free is committed alone, at once: nothing waits for a
    /// batch to fill.
    @Test(arguments: TestBackend.available)
    func aLoneStepIsCommittedAlone(_ backend: TestBackend) async throws {
      let metrics = TestMetrics()
      let (database, storage) = try await Self.open(backend, metrics: metrics)
      let orders = Orders(DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage)
      try await orders.create("a")
      try await orders.send(.pay, to: "a")
      try await orders.send(.ship, to: "a")
      let batches = try metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "\(backend)")])
      #expect(batches.values == [1, 1])
      try await Self.close(database, storage)
    }

    #if Postgres
      /// A batch locks its instances in key order, whatever order its steps queued in, so that two
      /// processes' batches never each hold an instance the other waits for. Another transaction
      /// holds "b"; the batch of "b" then "a" must hold "a" while it waits for "b".
      @Test(.enabled(if: KillTestDatabase.url != nil, "Needs STATECRAFT_POSTGRES_URL (.ci/postgres start)"))
      func aBatchLocksItsInstancesInKeyOrderWhateverOrderItsStepsQueuedIn() async throws {
        let (database, storage) = try await Self.open(.postgres, metrics: TestMetrics())
        let client = try #require(database as? PostgresTestDatabase).client
        let logger = Logger(label: "test")
        // "b" first in the table too, so that only the key order puts "a" first.
        for id in ["b", "a"] {
          _ = try await storage.insert(Self.row(id, 0, states: ["new"]), nextTimer: nil, outputs: [])
        }
        let lockB = "SELECT 1 FROM statecraft_instances WHERE definition = 'order' AND id = 'b' FOR UPDATE"
        let lockANow = "SELECT 1 FROM statecraft_instances WHERE definition = 'order' AND id = 'a' FOR UPDATE NOWAIT"
        let outcomes = try await client.withConnection { holder in
          try await holder.query("BEGIN", logger: logger)
          let batch: Task<[DurableCommitOutcome], any Error>
          do {
            // A statement's error comes with its rows: each is read to its end.
            _ = try await holder.query(PostgresQuery(unsafeSQL: lockB), logger: logger).collect()
            let holderPID = try #require(
              try await holder.query("SELECT pg_backend_pid()", logger: logger).collect().first?.decode(Int32.self))
            batch = Task {
              try await Self.committedInOneBatch(
                [Self.commit("b", from: 0, event: "b1"), Self.commit("a", from: 0, event: "a1")], by: storage)
            }
            // Until the batch's transaction waits for the holder's lock on "b": a condition, polled
            // a bounded number of times, not a time.
            var binds = PostgresBindings()
            binds.append(holderPID)
            let blocked = PostgresQuery(
              unsafeSQL: "SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", binds: binds)
            var polls = 0
            while try await client.query(blocked).collect().first?.decode(Int64.self) == 0 {
              polls += 1
              try #require(polls < 100_000, "The batch never waited for the lock on \"b\".")
              await Task.yield()
            }
            // "a" is locked already: the batch took it before it waited for "b".
            let error = await #expect(throws: PSQLError.self) {
              try await client.query(PostgresQuery(unsafeSQL: lockANow)).collect()
            }
            #expect(error?.serverInfo?[.sqlState] == "55P03")
          } catch {
            _ = try? await holder.query("ROLLBACK", logger: logger)
            throw error
          }
          try await holder.query("COMMIT", logger: logger)
          return try await batch.value
        }
        #expect(outcomes == [.committed, .committed])
        try await Self.close(database, storage)
      }
    #endif
  }
#endif
