#if Durable
  import Statecraft
  import StatecraftJournal
  import Synchronization
  import Testing

  @testable import StatecraftDurable

  /// Invocations of durable instances: run by the process that entered their state, cancelled
  /// when it exits, started again when an instance is loaded after a restart, and their events
  /// committed like any other, only while their state is active.
  struct DurableInvocationTests {
    enum Payment: String, Codable, Hashable, Sendable { case idle, charging, charged, cancelled }
    enum PaymentEvent: Codable, Equatable, Sendable { case checkout, charged, cancel, ping }
    struct Cart: Codable, Equatable, Sendable { var pings = 0 }
    typealias Payments = DurableCharts<Payment, PaymentEvent, Cart>

    /// Charges wait here until the test lets one through; a cancelled charge ends at once.
    final class ChargeGate: Sendable {
      private struct State {
        var permits = 0
        var waiting: [Int: CheckedContinuation<Bool, Never>] = [:]
        var started = 0
        var startWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
      }
      private let state = Mutex(State())

      /// How many charges have begun.
      var started: Int { state.withLock { $0.started } }

      /// Returns once `count` charges have begun.
      func waitUntilStarted(_ count: Int) async {
        await withCheckedContinuation { continuation in
          let reached = state.withLock { state in
            if state.started >= count { return true }
            state.startWatchers.append((count, continuation))
            return false
          }
          if reached { continuation.resume() }
        }
      }

      /// `true` once let through, `false` if cancelled first.
      func charge() async -> Bool {
        let (ticket, reached) = state.withLock { state in
          state.started += 1
          let started = state.started
          let reached = state.startWatchers.filter { $0.count <= started }.map(\.continuation)
          state.startWatchers.removeAll { $0.count <= started }
          return (started, reached)
        }
        for watcher in reached { watcher.resume() }
        return await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in
            let answer: Bool? = state.withLock { state in
              if Task.isCancelled { return false }
              if state.permits > 0 {
                state.permits -= 1
                return true
              }
              state.waiting[ticket] = continuation
              return nil
            }
            if let answer { continuation.resume(returning: answer) }
          }
        } onCancel: {
          state.withLock { $0.waiting.removeValue(forKey: ticket) }?.resume(returning: false)
        }
      }

      /// Lets one charge through: one waiting now, or the next to come.
      func open() {
        let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
          if let first = state.waiting.keys.min() { return state.waiting.removeValue(forKey: first) }
          state.permits += 1
          return nil
        }
        waiting?.resume(returning: true)
      }
    }

    static func chart(_ gate: ChargeGate) -> Statechart<Payment, PaymentEvent, Cart> {
      Statechart("payment", initial: .idle, context: Cart()) {
        StateNode(.idle) {
          OnEvent(.checkout, target: .charging)
        }
        StateNode(.charging) {
          Invoke("charge", run: { _ in await gate.charge() ? .charged : nil })
          OnEvent(.charged, target: .charged)
          OnEvent(.cancel, target: .cancelled)
          OnEvent(.ping, actions: [.assign { $0.pings += 1 }])
        }
        StateNode(final: .charged)
        StateNode(final: .cancelled)
      }
    }

    static let schema = SnapshotSchema<ChartSnapshot<Payment, PaymentEvent, Cart>>("payment")

    static func payments(
      _ gate: ChargeGate, _ database: any TestDatabase, restartsInvocations: Bool = true
    ) async throws -> Payments {
      Payments(
        chart(gate), schema: schema, storage: try await database.storage(),
        restartsInvocations: restartsInvocations)
    }

    @Test(arguments: TestBackend.available)
    func anInvocationsDoneEventIsCommittedAsAStep(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let gate = ChargeGate()
        let payments = try await Self.payments(gate, database)
        try await payments.create("a")
        try await payments.send(.checkout, to: "a")
        #expect(payments.runningInvocations == 1)
        gate.open()
        await payments.settleInvocations()
        #expect(try await payments.snapshot(of: "a").configuration == [.charged])
        let journal = try await payments.journal(of: "a")
        #expect(journal.count == 2)
        #expect(journal.last?.contains(#""eventID":"statecraft:invocation:charge:"#) == true)
        #expect(payments.runningInvocations == 0)
      }
    }

    @Test(arguments: TestBackend.available)
    func anInvocationEndsWithItsStateAndDeliversNothingAfter(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let gate = ChargeGate()
        let payments = try await Self.payments(gate, database)
        try await payments.create("a")
        try await payments.send(.checkout, to: "a")
        try await payments.send(.cancel, to: "a")
        // Cancelled by the step that exited its state, before that step returned.
        #expect(payments.runningInvocations == 0)
        gate.open()
        await payments.settleInvocations()
        #expect(try await payments.snapshot(of: "a").configuration == [.cancelled])
        #expect(try await payments.journal(of: "a").count == 2)
      }
    }

    @Test(arguments: TestBackend.available)
    func invocationsStartAgainAfterARestart(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let gate = ChargeGate()
        var crashed: Payments? = try await Self.payments(gate, database)
        try await crashed?.create("waiting")
        try await crashed?.create("pinged")
        try await crashed?.send(.checkout, to: "waiting")
        try await crashed?.send(.checkout, to: "pinged")
        #expect(crashed?.runningInvocations == 2)
        // Both charges are under way: nothing but the test holds the runtime now.
        await gate.waitUntilStarted(2)
        // The process dies: its invocations with it.
        weak let released = crashed
        crashed = nil
        #expect(released == nil)

        // An event loads "pinged" from the database, which starts its charge again; "waiting",
        // which no event reaches, is started by `resumeInvocations()`.
        let restarted = try await Self.payments(gate, database)
        try await restarted.send(.ping, to: "pinged")
        #expect(restarted.runningInvocations == 1)
        #expect(try await restarted.resumeInvocations() == 1)
        #expect(try await restarted.resumeInvocations() == 0)
        gate.open()
        gate.open()
        await restarted.settleInvocations()
        #expect(try await restarted.snapshot(of: "waiting").configuration == [.charged])
        let pinged = try await restarted.snapshot(of: "pinged")
        #expect(pinged.configuration == [.charged] && pinged.context.pings == 1)
      }
    }

    @Test(arguments: TestBackend.available)
    func anInvocationsEventAfterItsStateExitedElsewhereIsDropped(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let gate = ChargeGate()
        let charging = try await Self.payments(gate, database)
        // Another process, which relays events and runs no invocation it did not start.
        let other = try await Self.payments(gate, database, restartsInvocations: false)
        try await charging.create("a")
        try await charging.send(.checkout, to: "a")
        try await other.send(.cancel, to: "a")
        #expect(other.runningInvocations == 0)
        // `charging` still runs the charge, and holds the instance at the version before the cancel.
        gate.open()
        await charging.settleInvocations()
        let stored = try await charging.snapshot(of: "a")
        #expect(stored.configuration == [.cancelled])
        #expect(try await charging.journal(of: "a").count == 2)
      }
    }

    @Test
    func anInvocationThatThrowsIsReportedAtItsInvoke() async throws {
      struct Declined: Error {}
      let chart = Statechart<Payment, PaymentEvent, Cart>("payment", initial: .charging, context: Cart()) {
        StateNode(.charging) {
          Invoke("charge", run: { _ in throw Declined() })
        }
      }
      let reported = Mutex<[Diagnostic]>([])
      let database = try await TestBackend.sqlite.open()
      let payments = try await DiagnosticHandler.$current.withValue(.init { d in reported.withLock { $0.append(d) } }) {
        Payments(chart, schema: Self.schema, storage: try await database.storage())
      }
      try await payments.create("a")
      await payments.settleInvocations()
      let diagnostics = reported.withLock { $0 }
      #expect(diagnostics.map(\.kind) == [.effectFailed])
      #expect(diagnostics.first?.callSite?.fileID.description == "StatecraftDurableTests/DurableInvocationTests.swift")
      #expect(diagnostics.first?.error is Declined)
      try await database.close()
    }
  }
#endif
