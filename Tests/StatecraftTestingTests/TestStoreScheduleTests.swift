import Clocks
import Statecraft
import StatecraftTesting
import Testing

/// A test store runs its owner on an executor of its own, so that it can tell when effects have
/// settled. What a user can observe must not differ: the same scenario, run in production and under
/// a test store, receives the same actions and events and goes through the same states, in the
/// same order. An inspector attached to both runs records them.
@MainActor
@Suite("TestStore: the production schedule", .timeLimit(.minutes(1)))
struct TestStoreScheduleTests {
  /// What a user can observe of a run: each message received, and each state after, in order.
  static func observed(_ recorder: InspectionRecorder, state: (Any) -> String = { "\($0)" }) -> [String] {
    recorder.records.compactMap { record in
      switch record.kind {
      case .received(let message): "received \(message)"
      case .stateUpdated(_, let after): "state \(state(after.value))"
      default: nil
      }
    }
  }

  // MARK: A store whose effects start on the main actor

  enum Action: Equatable, Sendable {
    case start, step(Int), cancelLong, tick
  }

  static func reducer(_ clock: TestClock<Duration>) -> (inout [String], Action) -> Effect<Action> {
    { log, action in
      switch action {
      case .start:
        log.append("start")
        return .merge(
          .concatenate(
            .send(.step(1)),
            .run { send in
              await send(.step(2))
              await send(.step(3))
            },
            .task { .step(4) }
          ),
          Effect.run { send in
            try await clock.sleep(for: .seconds(10))
            await send(.tick)
          }.cancellable(id: "long")
        )
      case .step(let number):
        log.append("step \(number)")
        return number == 3 ? .send(.cancelLong) : .none
      case .cancelLong:
        log.append("cancel")
        return .cancel("long")
      case .tick:
        log.append("tick")
        return .none
      }
    }
  }

  @Test func aStoreReceivesTheSameActionsInTheSameOrderUnderATestStore() async {
    let production = InspectionRecorder()
    let store = withInspector(production) {
      Store(initialState: [String](), reducer: Self.reducer(TestClock()))
    }
    await store.send(.start).finish()

    let underTest = InspectionRecorder()
    let testStore = withInspector(underTest) {
      TestStore(initialState: [String](), reducer: Self.reducer(TestClock()))
    }
    testStore.exhaustivity = .off
    await testStore.send(.start)
    await testStore.finish()

    #expect(store.state == ["start", "step 1", "step 2", "step 3", "cancel", "step 4"])
    #expect(Self.observed(underTest) == Self.observed(production))
  }

  // MARK: A chart whose timers fall due at the same instant

  struct Log: Equatable, Sendable { var events: [String] = [] }

  static let chart = Statechart<String, String, Log>(initial: "p", context: Log()) {
    StateNode(parallel: "p") {
      StateNode("a", initial: "a1") {
        StateNode("a1") { After(.seconds(5), target: "a2") }
        StateNode("a2")
      }
      StateNode("b", initial: "b1") {
        StateNode("b1") {
          After(.seconds(5), target: "b2")
          OnEvent("go", actions: [.send("ping", delay: .seconds(5)), .send("pong", delay: .seconds(5))])
        }
        StateNode("b2")
      }
      OnEvent("ping", actions: [.assign { $0.events.append("ping") }])
      OnEvent("pong", actions: [.assign { $0.events.append("pong") }])
    }
  }

  static func describe(_ state: Any) -> String {
    guard let snapshot = state as? ChartSnapshot<String, String, Log> else { return "\(state)" }
    return "\(snapshot.configuration) \(snapshot.context.events)"
  }

  /// Four timers due at one instant fire in four steps, each seen by observers, in production as
  /// under a test store.
  @Test func aChartFiresTimersDueAtOneInstantOneStepEachUnderATestStoreAsInProduction() async {
    let clock = TestClock()
    let production = InspectionRecorder()
    let running = withInspector(production) { AsyncStatechartSequence(Self.chart, clock: clock) }
    var snapshots = running.makeAsyncIterator()
    await running.send("go")
    await clock.advance(by: .seconds(5))
    var seen: [String] = []
    while let snapshot = await snapshots.next() {
      seen.append(Self.describe(snapshot))
      if snapshot.isIn("a2"), snapshot.isIn("b2"), snapshot.context.events.count == 2 { break }
    }
    // The initial snapshot, the one after "go", then one per timer.
    #expect(seen.count == 6)

    let testClock = TestClock()
    let underTest = InspectionRecorder()
    let testStore = withInspector(underTest) { TestStore(chart: Self.chart, clock: testClock) }
    testStore.exhaustivity = .off
    await testStore.send("go")
    await testClock.advance(by: .seconds(5))
    await testStore.finish()

    #expect(Self.observed(underTest, state: Self.describe) == Self.observed(production, state: Self.describe))
    #expect(Self.observed(production, state: Self.describe).filter { $0.hasPrefix("state") }.count == 6)
  }
}
