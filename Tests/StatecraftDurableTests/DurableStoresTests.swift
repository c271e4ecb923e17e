#if Durable
  import Foundation
  import Statecraft
  import StatecraftDurable
  import StatecraftJournal
  import StatecraftTesting
  import Synchronization
  import Testing

  /// Durable stores in a real SQLite file and a real PostgreSQL database: a reducer's instances
  /// by id and by index, exactly once per event id, and effects that run after the commit, whose
  /// actions are committed as steps of their own, in order.
  @Suite("Durable stores")
  struct DurableStoresTests {
    struct Cart: Codable, Equatable, Sendable {
      var items: [String] = []
      var isCheckingOut = false
      var paymentReference: String?
      var log: [String] = []
    }

    enum CartAction: Codable, Equatable, Sendable {
      case add(String)
      case checkOut
      case paid(String)
      case confirmed
      case note(String)
      /// Relays the values of the test's stream under this key as notes, until cancelled.
      case watch(String)
      case stopWatching
      case fail
      case relayUnencodable
      /// An action that cannot be encoded for the journal: its commit always fails.
      case unencodable

      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .unencodable:
          throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "on purpose"))
        default: try container.encode("\(self)")
        }
      }

      init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not read back"))
      }
    }

    struct Failure: Error {}

    /// Streams the tests feed to `watch` effects, by key.
    static let streams = Mutex<[String: AsyncStream<String>]>([:])

    static func makeStream(_ key: String) -> AsyncStream<String>.Continuation {
      let (stream, continuation) = AsyncStream<String>.makeStream()
      streams.withLock { $0[key] = stream }
      return continuation
    }

    static func carts(_ database: any TestDatabase) async throws -> DurableStores<Cart, CartAction> {
      DurableStores(
        schema: SnapshotSchema<Cart>("cart"), storage: try await database.storage(),
        index: { $0.isCheckingOut ? ["checking-out"] : ["shopping"] }
      ) { (cart: inout Cart, action: CartAction) -> Effect<CartAction> in
        switch action {
        case .add(let item):
          cart.items.append(item)
          return .none
        case .checkOut:
          cart.isCheckingOut = true
          // A synchronous send and an asynchronous one: both become steps of their own.
          return .merge(
            .send(.note("checking out")),
            .run { send in
              await send(.paid("ref-\(1)"))
              await send(.confirmed)
            })
        case .paid(let reference):
          cart.paymentReference = reference
          return .none
        case .confirmed, .note:
          cart.log.append("\(action)")
          return .none
        case .watch(let key):
          return .run { send in
            guard let stream = streams.withLock({ $0[key] }) else { return }
            for await value in stream { await send(.note(value)) }
          }.cancellable(id: "watch")
        case .stopWatching:
          return .cancel("watch")
        case .fail:
          return .run { _ in throw Failure() }
        case .relayUnencodable:
          return .send(.unencodable)
        case .unencodable:
          return .none
        }
      }
    }

    @Test(arguments: TestBackend.available)
    func aStoreSurvivesARestartIsListedByIndexAndAppliesAnEventIDOnce(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let carts = try await Self.carts(database)
        try await carts.create("a", state: Cart())
        try await carts.create("b", state: Cart())
        let first = try await carts.send(.add("tea"), to: "a", eventID: "request-1")
        #expect(first.snapshot.items == ["tea"] && first.version == 1 && !first.wasAppliedBefore)
        // A retried request: applied once, the first result returned.
        let retried = try await carts.send(.add("tea"), to: "a", eventID: "request-1")
        #expect(retried.wasAppliedBefore && retried.snapshot.items == ["tea"] && retried.version == 1)
        try await carts.send(.add("cups"), to: "a")
        await #expect(throws: DurableError.instanceExists("a")) { try await carts.create("a", state: Cart()) }
        await #expect(throws: DurableError.unknownInstance("z")) { try await carts.send(.add("x"), to: "z") }

        // Another runtime on the same database: a restarted process.
        let restarted = try await Self.carts(database)
        #expect(try await restarted.state(of: "a").items == ["tea", "cups"])
        #expect(try await restarted.instances(indexedAs: "shopping").sorted() == ["a", "b"])
        #expect(try await restarted.journal(of: "a").count == 2)
        #expect(try await restarted.send(.add("milk"), to: "a").version == 3)
      }
    }

    /// What a custom backend's own tests check, through `DurableCommit`'s public initialiser: an
    /// event id applied already returns its recorded result, a step computed from a version the
    /// row has moved past is a conflict, and neither writes anything.
    @Test(arguments: TestBackend.available)
    func aBackendReturnsARecordedResultAndRefusesAStaleStep(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let carts = try await Self.carts(database)
        try await carts.create("a", state: Cart())
        try await carts.send(.add("tea"), to: "a", eventID: "request-1")
        let storage = try await database.storage()
        let stored = try #require(try await storage.load(definition: "cart", id: "a"))
        #expect(stored.version == 1)
        var next = stored
        next.version = 2
        let retried = DurableCommit(
          row: next, expectedVersion: 1, eventID: "request-1", result: "", journalLine: "",
          outputs: [], nextTimer: nil)
        let recorded = try #require(
          try await storage.appliedResult(definition: "cart", id: "a", eventID: "request-1"))
        #expect(try await storage.commit(retried) == .duplicate(result: recorded))
        let stale = DurableCommit(
          row: stored, expectedVersion: 0, eventID: "stale", result: "", journalLine: "",
          outputs: [], nextTimer: nil)
        #expect(try await storage.commit(stale) == .conflict)
        #expect(try await storage.load(definition: "cart", id: "a") == stored)
        #expect(try await storage.appliedResult(definition: "cart", id: "a", eventID: "stale") == nil)
      }
    }

    @Test(arguments: TestBackend.available)
    func anEffectsActionsAreCommittedInOrderAfterItsStepAndOnlyOnce(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let carts = try await Self.carts(database)
        try await carts.create("a", state: Cart())
        let step = try await carts.send(.checkOut, to: "a", eventID: "check-out")
        #expect(step.snapshot.isCheckingOut && step.snapshot.paymentReference == nil)
        await carts.effectsFinished()
        let cart = try await carts.state(of: "a")
        #expect(cart.paymentReference == "ref-1")
        #expect(cart.log == ["note(\"checking out\")", "confirmed"])
        #expect(try await carts.instances(indexedAs: "checking-out") == ["a"])
        // The check-out, then its three actions, each a step.
        #expect(try await carts.journal(of: "a").count == 4)
        // The actions' event ids come from the step's, in the order sent, in the runtime's own
        // namespace.
        let eventIDs = try await carts.journal(of: "a").map { line -> String? in
          let eventID = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))["eventID"]
          guard case .string(let id)? = eventID else { return nil }
          return id
        }
        #expect(
          eventIDs == [
            "check-out", "statecraft:effect:check-out:1", "statecraft:effect:check-out:2",
            "statecraft:effect:check-out:3",
          ])
        // A retried check-out finds its step applied and starts no effect again.
        #expect(try await carts.send(.checkOut, to: "a", eventID: "check-out").wasAppliedBefore)
        await carts.effectsFinished()
        #expect(try await carts.journal(of: "a").count == 4)
        #expect(try await carts.state(of: "a").log == ["note(\"checking out\")", "confirmed"])
      }
    }

    @Test(arguments: TestBackend.available)
    func effectIDsAreCancelledWithinTheirInstance(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let carts = try await Self.carts(database)
        try await carts.create("a", state: Cart())
        try await carts.create("b", state: Cart())
        let a = Self.makeStream("\(backend)-a")
        let b = Self.makeStream("\(backend)-b")
        try await carts.send(.watch("\(backend)-a"), to: "a")
        try await carts.send(.watch("\(backend)-b"), to: "b")
        // Cancelling "watch" in b leaves a's running: a still relays what its stream yields.
        try await carts.send(.stopWatching, to: "b")
        #expect(carts.instancesRunningEffects >= 1)
        a.yield("still watching")
        a.finish()
        b.finish()
        await carts.effectsFinished()
        #expect(try await carts.state(of: "a").log == ["note(\"still watching\")"])
        #expect(try await carts.state(of: "b").log == [])
        #expect(carts.instancesRunningEffects == 0, "an instance keeps no scope once its effects end")
        // And cancelling it in a ends a's: nothing it yields afterwards arrives.
        let again = Self.makeStream("\(backend)-a2")
        try await carts.send(.watch("\(backend)-a2"), to: "a")
        try await carts.send(.stopWatching, to: "a")
        again.yield("too late")
        again.finish()
        await carts.effectsFinished()
        #expect(try await carts.state(of: "a").log == ["note(\"still watching\")"])
      }
    }

    @Test(arguments: TestBackend.available)
    func anEffectThatThrowsAndAnActionThatCannotBeCommittedAreReported(backend: TestBackend) async throws {
      try await DurableChartsTests.on(backend) { database in
        let recorder = DiagnosticRecorder()
        let carts = try await DiagnosticHandler.$current.withValue(recorder.handler) {
          try await Self.carts(database)
        }
        try await carts.create("a", state: Cart())
        try await carts.send(.fail, to: "a")
        await carts.effectsFinished()
        #expect(recorder.kinds == [.effectFailed])
        #expect(
          recorder.diagnostics.first.map { "\($0.callSite?.fileID ?? "")" }
            == "StatecraftDurableTests/DurableStoresTests.swift")
        // The action the effect sent is tried three times, then reported at the `send` that
        // started the effect.
        let relayLine = #line + 1
        try await carts.send(.relayUnencodable, to: "a")
        await carts.effectsFinished()
        #expect(recorder.kinds == [.effectFailed, .effectFailed])
        #expect(recorder.diagnostics.last?.callSite?.line == UInt(relayLine))
        #expect(recorder.diagnostics.last?.message.contains("unencodable") == true)

        // A `send` of an action the journal cannot encode throws to its caller, and commits nothing.
        await #expect(throws: EncodingError.self) { try await carts.send(.unencodable, to: "a") }
        #expect(try await carts.journal(of: "a").count == 2)
      }
    }
  }
#endif
