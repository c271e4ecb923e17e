import Clocks
import StatecraftJournal
import Testing

/// Snapshots of stores, machines and charts: round trips, migrations step by step, and a clear
/// error, never a crash nor a half-restored owner, for every kind of bad snapshot.
@MainActor
@Suite("Snapshots")
struct SnapshotTests {
  struct Todos: Codable, Equatable {
    var items: [Item] = []
    var filter = "all"
  }
  struct Item: Codable, Equatable {
    var title: String
    var due: Int?
  }
  enum TodosAction: Sendable { case add(String), setFilter(String) }

  /// Version 2's state, before items had a due date.
  struct TodosV2: Codable {
    struct Item: Codable { var title: String }
    var items: [Item]
    var filter: String
  }

  static let reducer = Reduce<Todos, TodosAction> { state, action in
    switch action {
    case .add(let title): state.items.append(Item(title: title))
    case .setFilter(let filter): state.filter = filter
    }
    return .none
  }

  /// Version 3, which upgrades version 1 (`todos`, not `items`) and version 2 (no due dates).
  static let schema = SnapshotSchema<Todos>("todos", version: 3)
    .migrating(from: 1) { state in
      state["items"] = state["todos"]
      state["todos"] = nil
    }
    .migrating(from: 2, TodosV2.self) { old in
      Todos(items: old.items.map { Item(title: $0.title, due: nil) }, filter: old.filter)
    }

  static func data(_ json: String) -> Data { Data(json.utf8) }

  @Test func aStoreRoundTripsThroughASnapshotAndKeepsWorking() throws {
    let store = Store(initialState: Todos(), reducer: Self.reducer)
    store.send(.add("milk"))
    store.send(.setFilter("open"))
    let data = try store.snapshot(Self.schema)
    let restored = try Store(restoring: data, schema: Self.schema, reducer: Self.reducer)
    #expect(restored.state == store.state)
    restored.send(.add("eggs"))
    #expect(restored.state.items.map(\.title) == ["milk", "eggs"])
    let envelope = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(envelope["statecraft"] == .string("snapshot"))
    #expect(envelope["definition"] == .string("todos"))
    #expect(envelope["version"] == .integer(3))
    #expect(envelope["format"] == .integer(1))
  }

  @Test func anOlderSnapshotIsMigratedOneVersionAtATime() throws {
    let version1 = Self.data(
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":1,"state":{"todos":[{"title":"milk"}],"filter":"all"}}"#
    )
    #expect(try Self.schema.decode(version1) == Todos(items: [Item(title: "milk")], filter: "all"))
    let version2 = Self.data(
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":2,"state":{"items":[{"title":"eggs"}],"filter":"done"}}"#
    )
    #expect(try Self.schema.decode(version2) == Todos(items: [Item(title: "eggs")], filter: "done"))
  }

  @Test(arguments: [
    (#"{"statecraft":"snapshot","format":1,"defin"#, "not valid JSON"),
    (#"{"todos":[]}"#, "not a Statecraft snapshot"),
    (#"[1, 2]"#, "not a Statecraft snapshot"),
    (#"{"statecraft":"snapshot","format":2,"definition":"todos","version":3,"state":{}}"#, "format 2"),
    (
      #"{"statecraft":"snapshot","format":1,"definition":"player","version":3,"state":{}}"#,
      "of \"player\", not of \"todos\""
    ),
    (
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":4,"state":{}}"#,
      "version 4; this build knows versions up to 3"
    ),
    (#"{"statecraft":"snapshot","format":1,"definition":"todos","version":0,"state":{}}"#, "versions start at 1"),
    (
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":3,"state":{"items":[{"title":7}],"filter":"all"}}"#,
      "at items[0].title: expected String"
    ),
    (
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":3,"state":{"items":[]}}"#,
      "the key \"filter\" is missing"
    ),
    (
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":2,"state":{"items":"none","filter":"all"}}"#,
      "migration from version 2 to version 3 failed"
    ),
  ])
  func aBadSnapshotIsRefusedWithAnErrorThatNamesTheProblem(json: String, expected: String) {
    #expect {
      _ = try Store(restoring: Self.data(json), schema: Self.schema, reducer: Self.reducer)
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test func aSnapshotWithNoMigrationForItsVersionIsRefused() {
    let schema = SnapshotSchema<Todos>("todos", version: 3).migrating(from: 2, TodosV2.self) {
      Todos(items: $0.items.map { Item(title: $0.title) }, filter: $0.filter)
    }
    let version1 = Self.data(
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":1,"state":{}}"#)
    #expect(throws: SnapshotError.missingMigration(from: 1, to: 2)) { try schema.decode(version1) }
  }

  @Test func aMigrationThatThrowsIsReportedWithItsVersions() {
    struct Unsupported: Error, CustomStringConvertible { var description: String { "no archived lists" } }
    let schema = SnapshotSchema<Todos>("todos", version: 2).migrating(from: 1) { _ in
      throw Unsupported()
    }
    let version1 = Self.data(
      #"{"statecraft":"snapshot","format":1,"definition":"todos","version":1,"state":{}}"#)
    #expect(throws: SnapshotError.migrationFailed(from: 1, to: 2, reason: "no archived lists")) {
      try schema.decode(version1)
    }
  }

  // MARK: - Machines

  enum Room: DSLCompatible, Codable { case occupied(Int) }
  enum RoomEvent: DSLCompatible { case enter(Int) }
  enum RoomOutput: DSLCompatible { case none }

  static let room = StateMachine(initial: Room.occupied(0)) {
    When(state: Room.occupied) { _ in
      Execute<RoomOutput>.noOutput
    } transitions: { persons in
      On(event: RoomEvent.enter) { entering in Transition(to: Room.occupied(persons + entering)) }
    }
  }

  @Test func aRunningMachineRoundTripsThroughASnapshot() async throws {
    let schema = SnapshotSchema<Room>("room")
    let machine = AsyncStateMachineSequence(stateMachine: Self.room, runtime: Runtime())
    await machine.send(.enter(3))
    let data = try machine.snapshot(schema)
    let restored = try AsyncStateMachineSequence(
      stateMachine: Self.room, runtime: Runtime(), restoring: data, schema: schema)
    #expect(restored.currentState == .occupied(3))
    await restored.send(.enter(2))
    #expect(restored.currentState == .occupied(5))
    #expect(throws: SnapshotError.otherDefinition(expected: "room", found: "todos")) {
      try AsyncStateMachineSequence(
        stateMachine: Self.room, runtime: Runtime(),
        restoring: try Store(initialState: Todos(), reducer: Self.reducer).snapshot(Self.schema),
        schema: schema)
    }
  }

  // MARK: - Charts

  typealias Chart = AsyncStatechartSequenceTests
  typealias ChartSchema = SnapshotSchema<ChartSnapshot<Chart.S, Chart.E, Chart.C>>

  @Test func aRunningChartRoundTripsWithItsTimersAndAChartSnapshotOfUnknownStatesIsRefused()
    async throws
  {
    let schema = ChartSchema("loader", version: 1)
    let clock = TestClock()
    let loader = AsyncStatechartSequence(Chart.chart(), clock: clock) { _, _ in }
    await loader.send(.pause)
    await clock.advance(by: .seconds(4))
    let data = try loader.snapshot(schema)

    let laterClock = TestClock()
    let restored = try AsyncStatechartSequence(
      Chart.chart(), restoring: data, schema: schema, clock: laterClock
    ) { _, _ in }
    #expect(restored.isIn(.paused))
    #expect(restored.snapshot.timers.count == 1)

    var edited = try JSONDecoder().decode(JSONValue.self, from: data)
    edited["state"]?["configuration"] = .array([.string("ready"), .string("paused")])
    #expect {
      try AsyncStatechartSequence(
        Chart.chart(), restoring: JSONEncoder().encode(edited), schema: schema, clock: laterClock)
    } throws: { error in
      guard case SnapshotError.invalidForDefinition(let problems) = error else { return false }
      return !problems.isEmpty
    }
    edited["state"]?["configuration"] = .array([.string("nowhere")])
    #expect {
      try AsyncStatechartSequence(
        Chart.chart(), restoring: JSONEncoder().encode(edited), schema: schema, clock: laterClock)
    } throws: { error in
      "\(error)".contains("at configuration[0]")
    }
  }
}
