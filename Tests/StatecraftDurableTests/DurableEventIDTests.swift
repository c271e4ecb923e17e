#if Durable
  import Foundation
  import Statecraft
  import StatecraftDurable
  import StatecraftJournal
  import Testing

  /// Event ids on every durable runtime and both backends: a caller's ids and the ids the runtime
  /// derives for its own steps never collide, an id names one event, and ids that cannot be used
  /// are refused with an error that says why.
  @Suite("Durable event ids")
  struct DurableEventIDTests {
    typealias Order = DurableChartsTests.Order
    typealias Billing = DurableMachinesTests.Billing
    typealias CartAction = DurableStoresTests.CartAction
    typealias Cart = DurableStoresTests.Cart

    /// Expects `body` to throw `DurableError.invalidEventID` for `id`.
    static func expectInvalid(
      _ id: String, sourceLocation: SourceLocation = #_sourceLocation,
      _ body: () async throws -> some Any
    ) async {
      let error = await #expect(throws: DurableError.self, sourceLocation: sourceLocation) { try await body() }
      guard case .invalidEventID(let refused, _) = error else {
        Issue.record("expected invalidEventID, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
      }
      #expect(refused == id, sourceLocation: sourceLocation)
    }

    /// Expects `body` to throw `DurableError.eventIDReused` for `eventID` on `instance`.
    static func expectReused(
      _ eventID: String, on instance: String, sourceLocation: SourceLocation = #_sourceLocation,
      _ body: () async throws -> some Any
    ) async {
      let error = await #expect(throws: DurableError.self, sourceLocation: sourceLocation) { try await body() }
      guard case .eventIDReused(let id, let reused, _, _) = error else {
        Issue.record("expected eventIDReused, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
      }
      #expect(id == instance && reused == eventID, sourceLocation: sourceLocation)
    }

    @Test(arguments: TestBackend.available)
    func aCallerIDShapedLikeATimersDoesNotStopTheTimer(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let clock = DurableChartsTests.TestWallClock()
        let orders = try await DurableChartsTests.orders(database, clock: clock)
        try await orders.create("a")
        // `ship` is not taken while awaiting payment: the step changes nothing but records its id,
        // in the form the timer's id had before the namespaces were separated.
        let unhandled = try await orders.send(.ship, to: "a", eventID: "timer@3600000")
        #expect(!unhandled.handled)
        clock.advance(by: .seconds(3_601))
        #expect(try await orders.fireDueTimers() == 1)
        #expect(try await orders.snapshot(of: "a").configuration == [.cancelled])
      }
    }

    @Test(arguments: TestBackend.available)
    func idsInTheRuntimesNamespaceAndEmptyIDsAreRefusedOnEveryRuntime(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let clock = DurableChartsTests.TestWallClock()
        let orders = try await DurableChartsTests.orders(database, clock: clock)
        try await orders.create("a")
        await Self.expectInvalid("statecraft:timer:3600000") {
          try await orders.send(.pay, to: "a", eventID: "statecraft:timer:3600000")
        }
        await Self.expectInvalid("") { try await orders.send(.pay, to: "a", eventID: "") }

        let subscriptions = try await DurableMachinesTests.subscriptions(database)
        try await subscriptions.create("s")
        await Self.expectInvalid("statecraft:x") {
          try await subscriptions.send(.paid, to: "s", eventID: "statecraft:x")
        }

        let carts = try await DurableStoresTests.carts(database)
        try await carts.create("c", state: Cart())
        await Self.expectInvalid("statecraft:effect:r:1") {
          try await carts.send(.add("tea"), to: "c", eventID: "statecraft:effect:r:1")
        }
        // Nothing was applied by the refused sends.
        #expect(try await orders.snapshot(of: "a").configuration == [.awaitingPayment])
        #expect(try await subscriptions.state(of: "s") == .trial)
        #expect(try await carts.state(of: "c").items.isEmpty)
      }
    }

    @Test(arguments: TestBackend.available)
    func aCallerIDShapedLikeAnEffectsActionIsApplied(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let carts = try await DurableStoresTests.carts(database)
        try await carts.create("a", state: Cart())
        // The check-out's effect sends three actions, committed under ids derived from "req-9".
        try await carts.send(.checkOut, to: "a", eventID: "req-9")
        await carts.effectsFinished()
        let added = try await carts.send(.add("tea"), to: "a", eventID: "req-9.1")
        #expect(!added.wasAppliedBefore)
        #expect(try await carts.state(of: "a").items == ["tea"])
        #expect(try await carts.journal(of: "a").count == 5)
      }
    }

    @Test(arguments: TestBackend.available)
    func anEventIDReusedForAnotherEventIsRefusedOnEveryRuntime(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let clock = DurableChartsTests.TestWallClock()
        let orders = try await DurableChartsTests.orders(database, clock: clock)
        try await orders.create("a")
        try await orders.send(.pay, to: "a", eventID: "e1")
        await Self.expectReused("e1", on: "a") { try await orders.send(.cancel, to: "a", eventID: "e1") }
        // The same event with the same id is a retry: the first result.
        #expect(try await orders.send(.pay, to: "a", eventID: "e1").wasAppliedBefore)
        // From another process, whose cache does not hold the instance.
        let restarted = try await DurableChartsTests.orders(database, clock: clock, cacheLimit: 0)
        await Self.expectReused("e1", on: "a") { try await restarted.send(.cancel, to: "a", eventID: "e1") }
        #expect(try await restarted.snapshot(of: "a").configuration == [.paid])

        let subscriptions = try await DurableMachinesTests.subscriptions(database)
        try await subscriptions.create("s")
        try await subscriptions.send(.paid, to: "s", eventID: "w1")
        await Self.expectReused("w1", on: "s") { try await subscriptions.send(.cancel, to: "s", eventID: "w1") }
        #expect(try await subscriptions.state(of: "s") == .active(renewals: 1))

        let carts = try await DurableStoresTests.carts(database)
        try await carts.create("c", state: Cart())
        try await carts.send(.add("tea"), to: "c", eventID: "r1")
        await Self.expectReused("r1", on: "c") { try await carts.send(.add("cups"), to: "c", eventID: "r1") }
        #expect(try await carts.send(.add("tea"), to: "c", eventID: "r1").wasAppliedBefore)
        #expect(try await carts.state(of: "c").items == ["tea"])
      }
    }

    /// The error names the instance, the id, and both events, so that the caller sees which
    /// request reused the key.
    @Test func aReusedIDsErrorNamesBothEvents() {
      let error = DurableError.eventIDReused(
        instance: "a", eventID: "e1", applied: #""pay""#, sent: #""cancel""#)
      #expect(error.description.contains("'a'") && error.description.contains("'e1'"))
      #expect(error.description.contains(#""pay""#) && error.description.contains(#""cancel""#))
    }
  }
#endif
