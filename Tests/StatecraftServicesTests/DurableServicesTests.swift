#if Services
  import Foundation
  import ServiceLifecycle
  import ServiceLifecycleTestKit
  import Clocks
  import Statecraft
  import StatecraftDurable
  import StatecraftJournal
  import StatecraftServices
  import Synchronization
  import Testing

  /// The durable runtime's workers as services of swift-service-lifecycle, on SQLite: each round
  /// of work, the pause between rounds, and graceful shutdown, driven by the test through the
  /// services' pause and the test kit's trigger.
  @Suite("Durable services", .timeLimit(.minutes(1)))
  struct DurableServicesTests {
    enum Order: String, Codable, Hashable, Sendable { case awaitingPayment, paid, cancelled }
    enum OrderEvent: Codable, Equatable, Sendable { case pay }
    struct Lines: Codable, Equatable, Sendable {}
    typealias Orders = DurableCharts<Order, OrderEvent, Lines>

    static let chart = Statechart<Order, OrderEvent, Lines>("order", initial: .awaitingPayment, context: Lines()) {
      StateNode(.awaitingPayment) {
        Entry(.output("emailInvoice"))
        After(.seconds(3_600), target: .cancelled, actions: [.output("emailCancelled")])
        OnEvent(.pay, target: .paid)
      }
      StateNode(final: .paid)
      StateNode(final: .cancelled)
    }

    static let schema = SnapshotSchema<ChartSnapshot<Order, OrderEvent, Lines>>("order")

    /// A wall clock the test moves, in milliseconds since 1970.
    final class WallClock: Sendable {
      let milliseconds = Atomic<Int64>(1_700_000_000_000)
      func advance(by duration: Duration) {
        milliseconds.add(duration.components.seconds * 1_000, ordering: .relaxed)
      }
      var now: @Sendable () -> Duration { { .milliseconds(self.milliseconds.load(ordering: .relaxed)) } }
    }

    /// The services' pause, which the test drives: each pause says that a round ended, and waits
    /// until the test lets the next round run, or until graceful shutdown cancels it.
    final class Rounds: Sendable {
      let ended: AsyncStream<Void>
      private let endedContinuation: AsyncStream<Void>.Continuation
      private let next: AsyncStream<Void>
      private let nextContinuation: AsyncStream<Void>.Continuation

      init() {
        (ended, endedContinuation) = AsyncStream.makeStream(of: Void.self)
        (next, nextContinuation) = AsyncStream.makeStream(of: Void.self)
      }

      var pause: @Sendable () async throws -> Void {
        { [self] in
          endedContinuation.yield()
          for await _ in next { return }
          throw CancellationError()
        }
      }

      /// Returns once a round has ended.
      func waitForARound() async {
        for await _ in ended { return }
      }

      /// Lets the next round run.
      func runNext() {
        nextContinuation.yield()
      }
    }

    static func path() -> String {
      FileManager.default.temporaryDirectory.appending(path: "statecraft-services-\(UUID().uuidString).sqlite").path()
    }

    /// Waits until `service` has returned; cancels it when the test is cancelled (its time limit),
    /// so that a service that never returns fails the test rather than hang it.
    static func returned(_ service: Task<Void, any Error>) async throws {
      try await withTaskCancellationHandler {
        try await service.value
      } onCancel: {
        service.cancel()
      }
    }

    static let callSite = CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)

    @Test func theTimerServiceFiresATimerOnceItIsDueAndReturnsAtGracefulShutdown() async throws {
      let wall = WallClock()
      let storage = try await SQLiteDurableStorage(path: Self.path())
      let orders = Orders(Self.chart, schema: Self.schema, storage: storage, now: wall.now)
      try await orders.create("a")
      let rounds = Rounds()
      let service = DurableTimerService(orders, batchLimit: 10, pause: rounds.pause, callSite: Self.callSite)
      try await testGracefulShutdown { trigger in
        let running = Task { try await service.run() }
        await rounds.waitForARound()
        #expect(try await orders.snapshot(of: "a").configuration == [.awaitingPayment])
        wall.advance(by: .seconds(3_601))
        rounds.runNext()
        await rounds.waitForARound()
        #expect(try await orders.snapshot(of: "a").configuration == [.cancelled])
        trigger.triggerGracefulShutdown()
        try await Self.returned(running)
      }
      try await storage.close()
    }

    /// One output in a round: the first is being delivered when shutdown begins. Its round ends
    /// with it, and no other round runs, though the round was full; the two others stay in the
    /// outbox for the next process, unclaimed.
    @Test func atGracefulShutdownTheOutboxServiceEndsItsRoundAndClaimsNoMore() async throws {
      let storage = try await SQLiteDurableStorage(path: Self.path())
      let orders = Orders(Self.chart, schema: Self.schema, storage: storage)
      for id in ["a", "b", "c"] { try await orders.create(id) }
      let (delivering, deliveringContinuation) = AsyncStream.makeStream(of: String.self)
      let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
      let delivered = Mutex<[String]>([])
      let service = DurableOutboxService(
        source: "outbox", batchLimit: 1, pause: Rounds().pause, callSite: Self.callSite
      ) { limit in
        try await orders.dispatchOutputs(limit: limit) { output in
          deliveringContinuation.yield(output.id)
          for await _ in release { break }
          delivered.withLock { $0.append(output.id) }
        }
      }
      try await testGracefulShutdown { trigger in
        let running = Task { try await service.run() }
        for await _ in delivering { break }
        trigger.triggerGracefulShutdown()
        releaseContinuation.yield()
        try await Self.returned(running)
      }
      #expect(delivered.withLock { $0.count } == 1)
      let next = try await orders.dispatchOutputs { _ in }
      #expect(next == 2)
      try await storage.close()
    }

    /// The first round throws: it is reported at the line that made the service, and the service
    /// pauses on its clock rather than end.
    @Test func aRoundThatThrowsIsReportedAtTheLineThatMadeTheService() async throws {
      struct Unreachable: Error {}
      let storage = try await SQLiteDurableStorage(path: Self.path())
      let orders = Orders(Self.chart, schema: Self.schema, storage: storage)
      try await orders.create("a")
      let (reports, reportsContinuation) = AsyncStream.makeStream(of: Diagnostic.self)
      let service = DiagnosticHandler.$current.withValue(.init { reportsContinuation.yield($0) }) {
        DurableOutboxService(orders, clock: TestClock()) { _ in throw Unreachable() }
      }
      let line = #line - 2
      try await testGracefulShutdown { trigger in
        let running = Task { try await service.run() }
        var reported: Diagnostic?
        for await report in reports {
          reported = report
          break
        }
        #expect(reported?.kind == .durableServiceRoundFailed)
        #expect(reported?.callSite?.line == UInt(line))
        #expect(reported?.error is Unreachable)
        trigger.triggerGracefulShutdown()
        try await Self.returned(running)
      }
      try await storage.close()
    }

    /// A handler that threw leaves its output claimed: the round after the claim lapsed delivers
    /// it.
    @Test func theRoundAfterAFailedOneDeliversWhatItLeft() async throws {
      struct Unreachable: Error {}
      let wall = WallClock()
      let storage = try await SQLiteDurableStorage(path: Self.path())
      let orders = Orders(Self.chart, schema: Self.schema, storage: storage, now: wall.now, claimDuration: .seconds(30))
      try await orders.create("a")
      let attempts = Mutex(0)
      let rounds = Rounds()
      let service = DiagnosticHandler.$current.withValue(.init { _ in }) {
        DurableOutboxService(source: "outbox", batchLimit: 10, pause: rounds.pause, callSite: Self.callSite) { limit in
          try await orders.dispatchOutputs(limit: limit) { _ in
            let attempt = attempts.withLock { attempts in
              attempts += 1
              return attempts
            }
            if attempt == 1 { throw Unreachable() }
          }
        }
      }
      try await testGracefulShutdown { trigger in
        let running = Task { try await service.run() }
        await rounds.waitForARound()
        rounds.runNext()
        await rounds.waitForARound()
        // Still claimed: nothing delivered.
        #expect(attempts.withLock { $0 } == 1)
        wall.advance(by: .seconds(31))
        rounds.runNext()
        await rounds.waitForARound()
        #expect(attempts.withLock { $0 } == 2)
        trigger.triggerGracefulShutdown()
        try await Self.returned(running)
      }
      #expect(try await orders.dispatchOutputs { _ in } == 0)
      try await storage.close()
    }

    /// Another process left an instance waiting in an invoking state: the service starts its
    /// invocation as the process starts, and stops it at graceful shutdown.
    @Test func theInvocationServiceResumesInvocationsAndStopsThemAtGracefulShutdown() async throws {
      let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
      let chart = Statechart<Order, OrderEvent, Lines>("order", initial: .awaitingPayment, context: Lines()) {
        StateNode(.awaitingPayment) {
          Invoke(
            "charge",
            run: { _ in
              startedContinuation.yield()
              // Until cancelled: a stream of its own, as a cancelled iteration ends its stream.
              let (never, keep) = AsyncStream.makeStream(of: Void.self)
              for await _ in never {}
              keep.finish()
              return nil
            })
          OnEvent(.pay, target: .paid)
        }
        StateNode(final: .paid)
      }
      let path = Self.path()
      let storage = try await SQLiteDurableStorage(path: path)
      let stopped = Orders(chart, schema: Self.schema, storage: storage)
      try await stopped.create("a")
      var starts = started.makeAsyncIterator()
      await starts.next()
      stopped.stopInvocations()
      let orders = Orders(chart, schema: Self.schema, storage: storage)
      try await testGracefulShutdown { trigger in
        let running = Task { try await DurableInvocationService(orders).run() }
        await starts.next()
        #expect(orders.runningInvocations == 1)
        trigger.triggerGracefulShutdown()
        try await Self.returned(running)
      }
      #expect(orders.runningInvocations == 0)
      try await storage.close()
    }
  }
#endif
