#if Durable
  import Metrics
  import MetricsTestKit
  import Statecraft
  import StatecraftDurable
  import Testing

  /// Steps that arrive while SQLite's connection is busy commit together, in one transaction, each
  /// with its own guarantees.
  @Suite("Group commit")
  struct GroupCommitTests {
    typealias Orders = DurableMetricsTests.Orders

    /// Five steps queue behind a held connection: two sends of one event id, two events to one
    /// instance from a stale cache, and a step the database refuses after its row and event id
    /// were written.
    @Test func stepsQueuedWhileTheConnectionIsBusyCommitTogetherAndAConflictOrAFailureLeavesTheOthersApplied()
      async throws
    {
      let metrics = TestMetrics()
      let database = SQLiteTestDatabase()
      let storage = try await withMetricsFactory(metrics) { try await SQLiteDurableStorage(path: database.path) }
      let orders = Orders(DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage)
      for id in ["a", "b", "d"] { try await orders.create(id) }
      try await database.execute(
        """
        CREATE TRIGGER refuse_d BEFORE INSERT ON statecraft_journal WHEN NEW.id = 'd'
        BEGIN SELECT RAISE(ABORT, 'refused'); END
        """)

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
      let batches = try metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "sqlite")])
      #expect(batches.values == [5, 1])
      try await storage.close()
      try await database.close()
    }

    /// A step that finds the connection free is committed alone, at once: nothing waits for a
    /// batch to fill.
    @Test func aLoneStepIsCommittedAlone() async throws {
      let metrics = TestMetrics()
      let database = SQLiteTestDatabase()
      let storage = try await withMetricsFactory(metrics) { try await SQLiteDurableStorage(path: database.path) }
      let orders = Orders(DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage)
      try await orders.create("a")
      try await orders.send(.pay, to: "a")
      try await orders.send(.ship, to: "a")
      let batches = try metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "sqlite")])
      #expect(batches.values == [1, 1])
      try await storage.close()
      try await database.close()
    }
  }
#endif
