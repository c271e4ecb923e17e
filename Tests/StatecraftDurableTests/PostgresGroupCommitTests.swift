#if Postgres
  import DurableWorkload
  import Metrics
  import MetricsTestKit
  import Statecraft
  import StatecraftDurable
  import StatecraftPostgres
  import Testing

  /// Two processes' batches on the same instances, at once.
  @Suite(.enabled(if: KillTestDatabase.url != nil, "Needs STATECRAFT_POSTGRES_URL (.ci/postgres start)"))
  struct PostgresGroupCommitTests {
    typealias Tallies = DurableCharts<KillTestWorkload.Parity, KillTestWorkload.Tick, KillTestWorkload.Tally>

    /// Two storages (as two processes would) each queue a batch of steps on the same four
    /// instances, in opposite orders, and then keep sending from eight tasks each. Every event is
    /// applied once, and no batch fails: a deadlock, or a step the server refused, would have made
    /// one fall back to committing its steps one by one.
    @Test func batchesOfTwoProcessesOnTheSameInstancesApplyEachEventOnce() async throws {
      let metrics = TestMetrics()
      let database = try await PostgresTestDatabase()
      var storages: [PostgresDurableStorage] = []
      for _ in 0..<2 {
        let storage = try await withMetricsFactory(metrics) { try await database.storage() }
        storages.append(try #require(storage as? PostgresDurableStorage))
      }
      let runtimes = storages.map {
        Tallies(KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: $0)
      }
      let instances = 4
      for index in 0..<instances { try await runtimes[0].create(KillTestWorkload.instanceID(index)) }
      let senders = 8
      let events = 25

      /// Storage `process`'s sender `sender` sends its events to the instances in turn: storage
      /// 0's senders start at instance `sender`, storage 1's at the other end.
      @Sendable func instance(process: Int, sender: Int, event: Int) -> Int {
        process == 0 ? (sender + event) % instances : (instances - 1 - sender % instances + event) % instances
      }
      @Sendable func send(process: Int, sender: Int, event: Int) async throws {
        let index = instance(process: process, sender: sender, event: event)
        var attempts = 0
        while true {
          do {
            try await runtimes[process].send(
              .add(1), to: KillTestWorkload.instanceID(index), eventID: "\(process)-\(sender)-\(event)")
            return
          } catch DurableError.conflict {
            // Two processes on four instances conflict often: a sender tries again, as a user's does.
            attempts += 1
            try #require(attempts < 100)
          }
        }
      }

      // Each storage's first batch holds one step from each of its senders, queued while both
      // storages are held; then both batches go at once.
      let first = try await storages[0].holdingConnection {
        try await storages[1].holdingConnection {
          var tasks: [Task<Void, any Error>] = []
          for process in 0..<2 {
            for sender in 0..<senders {
              tasks.append(Task { try await send(process: process, sender: sender, event: 0) })
            }
          }
          while storages[0].queuedCommits < senders || storages[1].queuedCommits < senders { await Task.yield() }
          return tasks
        }
      }
      for task in first { try await task.value }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for process in 0..<2 {
          for sender in 0..<senders {
            group.addTask {
              for event in 1..<events { try await send(process: process, sender: sender, event: event) }
            }
          }
        }
        try await group.waitForAll()
      }

      let checker = Tallies(
        KillTestWorkload.tallyChart, schema: KillTestWorkload.tallySchema, storage: try await database.storage(),
        cacheLimit: 0)
      var applied = 0
      for index in 0..<instances {
        let id = KillTestWorkload.instanceID(index)
        let count = try await checker.snapshot(of: id).context.count
        #expect(try await storages[0].journal(definition: "tally", id: id).count == count)
        applied += count
      }
      #expect(applied == 2 * senders * events)
      let batches = try metrics.expectRecorder("statecraft_durable_commit_batch_size", [("storage", "postgres")])
      #expect(batches.values.filter { $0 == Double(senders) }.count >= 2)
      let fallbacks = try metrics.expectCounter("statecraft_durable_commit_fallbacks_total", [("storage", "postgres")])
      #expect(fallbacks.totalValue == 0)
      try await database.close()
    }
  }
#endif
