#if Durable
  import Foundation
  import Statecraft
  import StatecraftDurable
  import StatecraftJournal
  import Testing

  /// Durable declarative machines in a real SQLite file and a real PostgreSQL database: instances
  /// by id and by their state's case, exactly once per event id, typed outputs through the
  /// outbox, concurrent runtimes, and the journal.
  @Suite("Durable machines")
  struct DurableMachinesTests {
    @DSLCompatible
    enum Subscription: Codable {
      case trial
      case active(renewals: Int)
      case pastDue(attempts: Int)
      case cancelled
    }

    @DSLCompatible
    enum Billing: Codable { case paid, paymentFailed, cancel }

    @DSLCompatible
    enum Notice: Codable { case welcome, receipt(renewal: Int), dunning(attempt: Int), goodbye }

    static let machine = StateMachine(initial: Subscription.trial) {
      When(state: Subscription.trial) { _ in
        Execute(output: Notice.welcome)
      } transitions: { _ in
        On(event: Billing.paid) { _ in Transition(to: Subscription.active(renewals: 1)) }
        On(event: Billing.cancel) { _ in Transition(to: Subscription.cancelled) }
      }
      When(state: Subscription.active(renewals:)) { renewals in
        Execute(output: Notice.receipt(renewal: renewals))
      } transitions: { renewals in
        On(event: Billing.paid) { _ in Transition(to: Subscription.active(renewals: renewals + 1)) }
        On(event: Billing.paymentFailed) { _ in Transition(to: Subscription.pastDue(attempts: 1)) }
        On(event: Billing.cancel) { _ in Transition(to: Subscription.cancelled) }
      }
      When(state: Subscription.pastDue(attempts:)) { attempts in
        Execute(output: Notice.dunning(attempt: attempts))
      } transitions: { attempts in
        On(event: Billing.paid) { _ in Transition(to: Subscription.active(renewals: 1)) }
        On(event: Billing.paymentFailed) { _ in
          Transition(to: attempts >= 3 ? Subscription.cancelled : Subscription.pastDue(attempts: attempts + 1))
        }
      }
      When(state: Subscription.cancelled) { _ in
        Execute(output: Notice.goodbye)
      } transitions: { _ in
        On(event: Billing.cancel) { _ in Transition(to: Subscription.cancelled) }
      }
    }

    static let schema = SnapshotSchema<Subscription>("subscription")

    static func subscriptions(
      _ database: any TestDatabase, cacheLimit: Int = 1_000, maxAttempts: Int = 8
    ) async throws -> DurableMachines<Subscription, Billing, Notice> {
      DurableMachines(
        machine, schema: schema, storage: try await database.storage(), cacheLimit: cacheLimit,
        maxAttempts: maxAttempts)
    }

    @Test(arguments: TestBackend.available)
    func aMachineSurvivesARestartAndListsByCase(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let subscriptions = try await Self.subscriptions(database)
        #expect(try await subscriptions.create("a") == .trial)
        try await subscriptions.create("b")
        try await subscriptions.create("c")
        try await subscriptions.send(.paid, to: "a")
        try await subscriptions.send(.paid, to: "a")
        try await subscriptions.send(.paid, to: "b")
        try await subscriptions.send(.paymentFailed, to: "b")
        await #expect(throws: DurableError.instanceExists("a")) { try await subscriptions.create("a") }
        await #expect(throws: DurableError.unknownInstance("z")) {
          try await subscriptions.send(.paid, to: "z")
        }

        // Another runtime on the same database: a restarted process.
        let restarted = try await Self.subscriptions(database)
        #expect(try await restarted.state(of: "a") == .active(renewals: 2))
        #expect(try await restarted.state(of: "b") == .pastDue(attempts: 1))
        #expect(try await restarted.instances(in: .active(renewals: 0)) == ["a"])
        #expect(try await restarted.instances(in: .pastDue(attempts: 9)) == ["b"])
        #expect(try await restarted.instances(in: .trial) == ["c"])
        let step = try await restarted.send(.paid, to: "b")
        #expect(step.snapshot == .active(renewals: 1) && step.version == 3 && step.handled)
      }
    }

    @Test(arguments: TestBackend.available)
    func aRetriedSendIsAppliedOnceAndAnUnhandledEventIsRecorded(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let subscriptions = try await Self.subscriptions(database)
        try await subscriptions.create("a")
        let first = try await subscriptions.send(.paid, to: "a", eventID: "invoice-1")
        let retried = try await subscriptions.send(.paid, to: "a", eventID: "invoice-1")
        #expect(first.snapshot == .active(renewals: 1) && !first.wasAppliedBefore)
        #expect(retried.snapshot == .active(renewals: 1) && retried.wasAppliedBefore)
        #expect(retried.version == first.version && retried.outputs == first.outputs)
        // From another runtime, whose cache has never seen it.
        let other = try await Self.subscriptions(database)
        #expect(try await other.send(.paid, to: "a", eventID: "invoice-1").wasAppliedBefore)

        // No transition takes `paymentFailed` in a cancelled subscription: recorded, unhandled.
        try await subscriptions.send(.cancel, to: "a")
        let ignored = try await subscriptions.send(.paymentFailed, to: "a", eventID: "late")
        #expect(!ignored.handled && ignored.snapshot == .cancelled && ignored.outputs.isEmpty)
        // A transition to the state it is in changes nothing and runs no output again.
        let again = try await subscriptions.send(.cancel, to: "a")
        #expect(again.handled && again.outputs.isEmpty)
        // Four steps: paid, cancel, the unhandled event, cancel again; the retries add none.
        #expect(try await subscriptions.journal(of: "a").count == 4)
      }
    }

    @Test(arguments: TestBackend.available)
    func outputsAreDeliveredTypedAtLeastOnce(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let subscriptions = try await Self.subscriptions(database)
        try await subscriptions.create("a")
        try await subscriptions.send(.paid, to: "a")
        try await subscriptions.send(.paymentFailed, to: "a")
        try await subscriptions.send(.paymentFailed, to: "a")

        struct Refused: Error {}
        var delivered: [Notice] = []
        // A handler that fails leaves its output, and the later ones, in the outbox.
        await #expect(throws: Refused.self) {
          try await subscriptions.dispatchOutputs { notice, _ in
            if notice == .receipt(renewal: 1) { throw Refused() }
            delivered.append(notice)
          }
        }
        #expect(delivered == [.welcome])
        let later = try await Self.subscriptions(database)
        // Claimed by the failed dispatch for `claimDuration`: nothing yet.
        #expect(try await later.dispatchOutputs { notice, _ in delivered.append(notice) } == 0)
      }
    }

    @Test(arguments: TestBackend.available)
    func everyOutputIsDeliveredInOrderWithStableIDs(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let subscriptions = try await Self.subscriptions(database)
        try await subscriptions.create("a")
        try await subscriptions.send(.paid, to: "a")
        try await subscriptions.send(.paymentFailed, to: "a")
        try await subscriptions.send(.paymentFailed, to: "a")
        var delivered: [(Notice, String)] = []
        let count = try await subscriptions.dispatchOutputs { notice, output in
          delivered.append((notice, output.id))
        }
        #expect(count == 4)
        #expect(
          delivered.map(\.0) == [.welcome, .receipt(renewal: 1), .dunning(attempt: 1), .dunning(attempt: 2)])
        #expect(delivered.map(\.1) == (0...3).map { "subscription/a/\($0)/0" })
        #expect(try await subscriptions.dispatchOutputs { _, _ in Issue.record("delivered twice") } == 0)
      }
    }

    @Test(arguments: TestBackend.available)
    func twoRuntimesSendingAtOnceNeverLoseAStep(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        // What is tested is that no step is lost, not how many attempts a step takes: on a loaded
        // machine, one runtime can lose eight races in a row (a CI run saw it), which the runtime
        // reports as a conflict, as it should.
        let first = try await Self.subscriptions(database, maxAttempts: 64)
        let second = try await Self.subscriptions(database, maxAttempts: 64)
        try await first.create("a")
        try await first.send(.paid, to: "a")
        // Each runtime's cache goes stale as the other commits: steps conflict, reload and apply.
        try await withThrowingTaskGroup(of: Void.self) { group in
          for runtime in [first, second] {
            group.addTask { for _ in 0..<10 { try await runtime.send(.paid, to: "a") } }
          }
          try await group.waitForAll()
        }
        #expect(try await first.state(of: "a") == .active(renewals: 21))
        #expect(try await second.journal(of: "a").count == 21)
      }
    }

    @Test(arguments: TestBackend.available)
    func aCorruptStoredStateNamesItsInstanceAndOthersKeepWorking(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let subscriptions = try await Self.subscriptions(database)
        try await subscriptions.create("corrupt")
        try await subscriptions.create("fine")
        try await database.execute(
          "UPDATE statecraft_instances SET snapshot = '{not json' WHERE id = 'corrupt'")
        await #expect {
          try await subscriptions.state(of: "corrupt")
        } throws: { error in
          guard case DurableError.unreadableSnapshot(let instance, _) = error else { return false }
          return instance == "corrupt"
        }
        #expect(try await subscriptions.send(.paid, to: "fine").snapshot == .active(renewals: 1))
      }
    }
  }
#endif
