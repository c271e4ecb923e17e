#if Durable
  import Foundation
  import Statecraft
  import StatecraftDurable
  import StatecraftJournal
  import Synchronization
  import Testing

  /// Durable charts in a real SQLite file and a real PostgreSQL database: instances by id, one
  /// transaction per step, exactly once per event id, timers that fire after a restart, and the
  /// outbox.
  @Suite("Durable charts")
  struct DurableChartsTests {
    enum Order: String, Codable, Hashable, Sendable { case awaitingPayment, paid, shipped, cancelled }
    enum OrderEvent: Codable, Equatable, Sendable { case pay, ship, cancel }
    struct Lines: Codable, Equatable, Sendable { var reminders = 0 }

    static let chart = Statechart<Order, OrderEvent, Lines>("order", initial: .awaitingPayment, context: Lines()) {
      StateNode(.awaitingPayment) {
        Entry(.output("emailInvoice"))
        After(.seconds(3_600), target: .cancelled, actions: [.output("emailCancelled")])
        OnEvent(.pay, target: .paid)
        OnEvent(.cancel, target: .cancelled)
      }
      StateNode(.paid) {
        Entry(.output("emailReceipt"))
        OnEvent(.ship, target: .shipped)
      }
      StateNode(final: .shipped)
      StateNode(final: .cancelled)
    }

    static let schema = SnapshotSchema<ChartSnapshot<Order, OrderEvent, Lines>>("order")

    /// A wall clock the test moves.
    final class TestWallClock: Sendable {
      let milliseconds = Atomic<Int64>(1_700_000_000_000)
      func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        milliseconds.add(seconds * 1_000 + attoseconds / 1_000_000_000_000_000, ordering: .relaxed)
      }
      var now: @Sendable () -> Duration { { .milliseconds(self.milliseconds.load(ordering: .relaxed)) } }
    }

    /// A runtime on `database`, as a process would open it.
    static func orders(
      _ database: any TestDatabase, clock: TestWallClock, cacheLimit: Int = 1_000
    ) async throws
      -> DurableCharts<Order, OrderEvent, Lines>
    {
      DurableCharts(
        chart, schema: schema, storage: try await database.storage(), now: clock.now, cacheLimit: cacheLimit)
    }

    /// Runs `body` on a fresh database of `backend`, and drops it after.
    static func on(
      _ backend: TestBackend, _ body: (any TestDatabase) async throws -> Void
    ) async throws {
      let database = try await backend.open()
      do {
        try await body(database)
      } catch {
        try await database.close()
        throw error
      }
      try await database.close()
    }

    @Test(arguments: TestBackend.available)
    func anInstanceSurvivesARestartAndListsByState(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let orders = try await Self.orders(database, clock: clock)
        try await orders.create("a")
        try await orders.create("b")
        try await orders.create("c")
        try await orders.send(.pay, to: "a")
        try await orders.send(.pay, to: "b")
        try await orders.send(.ship, to: "b")
        await #expect(throws: DurableError.instanceExists("a")) { try await orders.create("a") }
        await #expect(throws: DurableError.unknownInstance("z")) { try await orders.send(.pay, to: "z") }

        // A new runtime on the same file, as after a restart.
        let restarted = try await Self.orders(database, clock: clock)
        #expect(try await restarted.snapshot(of: "a").configuration == [.paid])
        #expect(try await restarted.snapshot(of: "b").isDone)
        #expect(try await restarted.instances(in: .awaitingPayment) == ["c"])
        #expect(try await restarted.instances(in: .paid) == ["a"])
        #expect(try await restarted.journal(of: "b").count == 2)
      }
    }

    @Test(arguments: TestBackend.available)
    func aRetriedSendWithTheSameEventIDIsAppliedOnce(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let orders = try await Self.orders(database, clock: clock)
        try await orders.create("a")
        let first = try await orders.send(.pay, to: "a", eventID: "request-1")
        let retried = try await orders.send(.pay, to: "a", eventID: "request-1")
        #expect(!first.wasAppliedBefore)
        #expect(retried.wasAppliedBefore)
        #expect(first.version == retried.version && first.snapshot == retried.snapshot)
        #expect(first.outputs == retried.outputs)
        #expect(first.version == 1)
        #expect(first.outputs == ["emailReceipt"])
        #expect(try await orders.journal(of: "a").count == 1)
        // Another id is another step: `pay` in `paid` is not handled, and changes nothing else.
        let other = try await orders.send(.pay, to: "a", eventID: "request-2")
        #expect(other.version == 2)
        #expect(!other.handled)
      }
    }

    @Test(arguments: TestBackend.available)
    func twoRuntimesOnOneFileNeverLoseAStep(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let first = try await Self.orders(database, clock: clock)
        let second = try await Self.orders(database, clock: clock)
        try await first.create("a")
        // `second` caches the instance at version 0, then `first` commits version 1: `second`'s
        // step conflicts, reloads and applies on top.
        _ = try await second.snapshot(of: "a")
        try await first.send(.pay, to: "a")
        let shipped = try await second.send(.ship, to: "a")
        #expect(shipped.version == 2)
        #expect(shipped.snapshot.configuration == [.shipped])
      }
    }

    @Test(arguments: TestBackend.available)
    func aTimerFiresOnceAfterARestartWhateverTheWorkers(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let orders = try await Self.orders(database, clock: clock)
        try await orders.create("late")
        try await orders.create("prompt")
        try await orders.send(.pay, to: "prompt")
        #expect(try await orders.fireDueTimers() == 0)
        // The process stops; an hour passes; two workers start.
        clock.advance(by: .seconds(3_601))
        let workerA = try await Self.orders(database, clock: clock)
        let workerB = try await Self.orders(database, clock: clock)
        async let firedA = workerA.fireDueTimers()
        async let firedB = workerB.fireDueTimers()
        #expect(try await firedA + firedB == 1)
        #expect(try await workerA.snapshot(of: "late").configuration == [.cancelled])
        #expect(try await workerA.snapshot(of: "prompt").configuration == [.paid])
        #expect(try await workerB.fireDueTimers() == 0)
        #expect(try await workerA.journal(of: "late").count == 1)
      }
    }

    @Test(arguments: TestBackend.available)
    func outputsAreDeliveredAtLeastOnceWithStableIDs(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let orders = try await Self.orders(database, clock: clock)
        try await orders.create("a")
        try await orders.send(.pay, to: "a")
        // The handler fails on the second output: the first stays delivered, the second is
        // delivered again, with the same id, once the failed dispatch's claim has lapsed.
        struct Failure: Error {}
        let delivered = Mutex<[String]>([])
        await #expect(throws: Failure.self) {
          try await orders.dispatchOutputs { output in
            if delivered.withLock({ $0.count }) == 1 { throw Failure() }
            delivered.withLock { $0.append(output.id) }
          }
        }
        let restarted = try await Self.orders(database, clock: clock)
        #expect(try await restarted.dispatchOutputs { _ in } == 0)
        clock.advance(by: .seconds(31))
        try await restarted.dispatchOutputs { output in delivered.withLock { $0.append(output.id) } }
        #expect(delivered.withLock { $0 } == ["order/a/0/0", "order/a/1/0"])
        #expect(try await restarted.dispatchOutputs { _ in } == 0)
      }
    }

    /// The handler runs where its caller is: from the main actor, a plain closure that touches
    /// main-actor state compiles (Swift 6 rejected it as sending a non-Sendable closure away).
    @MainActor
    @Test func aMainActorCallerDispatchesWithAPlainClosure() async throws {
      let database = try await TestBackend.sqlite.open()
      let orders = try await Self.orders(database, clock: TestWallClock())
      try await orders.create("a")
      try await orders.send(.pay, to: "a")
      var delivered: [String] = []
      try await orders.dispatchOutputs { output in delivered.append(output.name) }
      #expect(delivered == ["emailInvoice", "emailReceipt"])
      try await database.close()
    }

    @Test(arguments: TestBackend.available)
    func aCorruptOrNewerSnapshotNamesItsInstanceAndOthersKeepWorking(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let orders = try await Self.orders(database, clock: clock, cacheLimit: 0)
        try await orders.create("good")
        try await orders.create("corrupt")
        try await orders.create("newer")
        try await database.execute("UPDATE statecraft_instances SET snapshot = '{not json' WHERE id = 'corrupt'")
        try await database.execute(
          "UPDATE statecraft_instances SET snapshot = replace(snapshot, '\"version\":1', '\"version\":9') WHERE id = 'newer'"
        )
        await #expect {
          try await orders.send(.pay, to: "corrupt")
        } throws: { error in
          guard case DurableError.unreadableSnapshot(let instance, _) = error else { return false }
          return instance == "corrupt"
        }
        await #expect {
          try await orders.send(.pay, to: "newer")
        } throws: { error in
          guard case DurableError.unreadableSnapshot(let instance, let reason) = error else { return false }
          return instance == "newer" && reason.contains("9")
        }
        #expect(try await orders.send(.pay, to: "good").snapshot.configuration == [.paid])
      }
    }

    @Test func closingTwiceAndThenReleasingIsSafe() async throws {
      let database = SQLiteTestDatabase()
      let storage = try await SQLiteDurableStorage(path: database.path)
      try await storage.close()
      try await storage.close()
      try await database.close()
    }

    @Test(arguments: TestBackend.available)
    func theCacheIsBounded(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let orders = try await Self.orders(database, clock: clock, cacheLimit: 10)
        for index in 0..<50 { try await orders.create("order-\(index)") }
        #expect(orders.cachedCount == 10)
        #expect(try await orders.snapshot(of: "order-0").configuration == [.awaitingPayment])
      }
    }
  }
#endif

#if Durable
  extension DurableChartsTests {
    @Test(arguments: TestBackend.available)
    func anOlderSnapshotIsMigratedOnLoad(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let orders = try await Self.orders(database, clock: clock)
        try await orders.create("a")
        // Version 2 of the schema: a migration from 1 that sets a reminder count.
        let migrated = DurableCharts(
          Self.chart,
          schema: SnapshotSchema<ChartSnapshot<Order, OrderEvent, Lines>>("order", version: 2)
            .migrating(from: 1) { snapshot in snapshot["context"] = .object(["reminders": .integer(3)]) },
          storage: try await database.storage(), now: clock.now)
        #expect(try await migrated.snapshot(of: "a").context.reminders == 3)
        try await migrated.send(.pay, to: "a")
        // Stored at version 2 now: the first runtime, which knows only version 1, refuses it.
        let old = try await Self.orders(database, clock: clock, cacheLimit: 0)
        await #expect {
          try await old.snapshot(of: "a")
        } throws: { error in
          guard case DurableError.unreadableSnapshot(let instance, _) = error else { return false }
          return instance == "a"
        }
      }
    }
  }
#endif

#if Durable
  extension DurableChartsTests {
    enum Alarm: String, Codable, Hashable, Sendable { case idle, armed, rang }
    enum AlarmEvent: Codable, Equatable, Sendable { case arm }

    static let alarm = Statechart<Alarm, AlarmEvent, Lines>("alarm", initial: .idle, context: Lines()) {
      StateNode(.idle) { OnEvent(.arm, target: .armed) }
      StateNode(.armed) { After(.seconds(60), target: .rang) }
      StateNode(final: .rang)
    }

    /// A worker fires a timer that another process set after the worker cached the instance.
    @Test(arguments: TestBackend.available)
    func aWorkerFiresATimerSetByAnotherProcessAfterItCachedTheInstance(backend: TestBackend) async throws {
      try await Self.on(backend) { database in
        let clock = TestWallClock()
        let schema = SnapshotSchema<ChartSnapshot<Alarm, AlarmEvent, Lines>>("alarm")
        let worker = DurableCharts(Self.alarm, schema: schema, storage: try await database.storage(), now: clock.now)
        let web = DurableCharts(Self.alarm, schema: schema, storage: try await database.storage(), now: clock.now)
        try await worker.create("x")  // the worker holds "x" idle, with no timer
        try await web.send(.arm, to: "x")
        clock.advance(by: .seconds(61))
        #expect(try await worker.fireDueTimers() == 1)
        #expect(try await web.snapshot(of: "x").configuration == [.rang])
      }
    }
  }
#endif
