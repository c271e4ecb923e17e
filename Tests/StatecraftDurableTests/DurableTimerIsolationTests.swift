#if Durable
  import Foundation
  import Statecraft
  import StatecraftDurable
  import StatecraftJournal
  import StatecraftTesting
  import Testing

  /// A worker's round over many instances' timers is not held up by one instance it cannot read.
  @Suite("Durable timers: one bad instance")
  struct DurableTimerIsolationTests {
    /// How the stored snapshot of the bad instance is spoiled.
    enum Spoiling: String, CaseIterable, Sendable {
      case corruptJSON, newerSchemaVersion

      var sql: String {
        switch self {
        case .corruptJSON:
          "UPDATE statecraft_instances SET snapshot = '{not json' WHERE id = 'order-3'"
        case .newerSchemaVersion:
          "UPDATE statecraft_instances SET snapshot = replace(snapshot, '\"version\":1', '\"version\":9') WHERE id = 'order-3'"
        }
      }
    }

    @Test(arguments: TestBackend.available, Spoiling.allCases)
    func anUnreadableInstanceIsReportedAndSkippedAndEveryOtherTimerFires(
      backend: TestBackend, spoiling: Spoiling
    ) async throws {
      try await DurableChartsTests.on(backend) { database in
        let clock = DurableChartsTests.TestWallClock()
        let recorder = DiagnosticRecorder()
        let storage = try await database.storage()
        // No cache: each step reads its instance from the database, as a worker process does.
        let orders = DiagnosticHandler.$current.withValue(recorder.handler) {
          DurableCharts(
            DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage,
            now: clock.now, cacheLimit: 0)
        }
        for index in 0..<10 { try await orders.create("order-\(index)") }
        try await database.execute(spoiling.sql)
        clock.advance(by: .seconds(3_601))

        let fired = try await orders.fireDueTimers(); let line = #line
        #expect(fired == 9)
        for index in 0..<10 where index != 3 {
          #expect(try await orders.snapshot(of: "order-\(index)").configuration == [.cancelled])
        }
        #expect(recorder.kinds == [.durableInstanceSkipped])
        let diagnostic = try #require(recorder.diagnostics.first)
        #expect(diagnostic.message.contains("'order-3'"))
        #expect(diagnostic.callSite?.line == UInt(line))
        guard case .unreadableSnapshot(let instance, _) = diagnostic.error as? DurableError else {
          Issue.record("the diagnostic carries \(String(describing: diagnostic.error))")
          return
        }
        #expect(instance == "order-3")

        // The bad instance stays claimed: the next round neither fires nor reports anything.
        #expect(try await orders.fireDueTimers() == 0)
        #expect(recorder.diagnostics.count == 1)
      }
    }
  }
#endif
