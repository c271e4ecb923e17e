#if Durable
  import Metrics
  import MetricsTestKit
  import Statecraft
  import StatecraftDurable
  import Testing

  /// What durable runtimes report through swift-metrics, with swift-metrics' own test factory
  /// bound to the task that makes them.
  @Suite("Durable metrics")
  struct DurableMetricsTests {
    typealias Orders = DurableCharts<DurableChartsTests.Order, DurableChartsTests.OrderEvent, DurableChartsTests.Lines>

    /// Two runtimes on one SQLite file, as two processes: a step with a stale cache conflicts and
    /// is retried, a resent event id is a duplicate, a timer fires one second late, and the outbox
    /// is delivered an hour after most of its outputs were committed.
    @Test(arguments: TestBackend.available)
    func stepsConflictsDuplicatesCacheTimersAndDeliveriesAreCountedPerDefinition(backend: TestBackend) async throws {
      let metrics = TestMetrics()
      let database = try await backend.open()
      let clock = DurableChartsTests.TestWallClock()
      let storage = try await database.storage()
      let (orders, other) = withMetricsFactory(metrics) {
        (
          Orders(DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage, now: clock.now),
          Orders(DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage, now: clock.now)
        )
      }
      try await orders.create("a")
      try await orders.create("b")
      // `other` reads "b" from the database (a miss) and steps it.
      try await other.send(.pay, to: "b", eventID: "b-pay")
      // `orders` holds "b" as created (a hit): its commit conflicts, and the retry reloads it.
      try await orders.send(.ship, to: "b", eventID: "b-ship")
      // The same id again (a hit): a duplicate.
      try await orders.send(.ship, to: "b", eventID: "b-ship")
      // "a"'s reminder was due after an hour: it fires a second late.
      clock.advance(by: .seconds(3_601))
      #expect(try await orders.fireDueTimers() == 1)
      // Committed at the start, but for the timer's: three delivered an hour late, one at once.
      #expect(try await orders.dispatchOutputs(limit: 1) { _ in } == 1)
      let depth = try metrics.expectGauge("statecraft_durable_outbox_depth", [("definition", "order")])
      #expect(depth.lastValue == 3)
      #expect(try await orders.dispatchOutputs { _ in } == 3)
      #expect(depth.values == [3, 0])

      let definition = [("definition", "order")]
      func total(_ label: String) -> Int64 { metrics.counterTotal(label: label, dimensions: definition) }
      #expect(total("statecraft_durable_steps_total") == 3)
      #expect(total("statecraft_durable_duplicate_events_total") == 1)
      #expect(total("statecraft_durable_conflicts_total") == 1)
      #expect(total("statecraft_durable_retries_total") == 1)
      // The two sends of "b-ship", and the timer's step, which finds "a" as `fireDueTimers` read it.
      #expect(total("statecraft_durable_cache_hits_total") == 3)
      #expect(total("statecraft_durable_cache_misses_total") == 1)
      #expect(total("statecraft_durable_outputs_delivered_total") == 4)
      let durations = metrics.timers(label: "statecraft_durable_step_duration_seconds", dimensions: definition)
      #expect(durations.map(\.values.count).reduce(0, +) == 3)
      let lateness = try metrics.expectTimer("statecraft_durable_timer_lateness_seconds", definition)
      #expect(lateness.values == [1_000_000_000])
      let lag = try metrics.expectTimer("statecraft_durable_outbox_lag_seconds", definition)
      #expect(lag.values.sorted() == [0, 3_601_000_000_000, 3_601_000_000_000, 3_601_000_000_000])
      try await database.close()
    }
  }
#endif
