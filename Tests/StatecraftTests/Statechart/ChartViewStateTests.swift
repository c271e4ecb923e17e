import Clocks
import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("ChartViewState", .timeLimit(.minutes(1)))
struct ChartViewStateTests {
  enum Light: Hashable, Sendable { case off, on, broken }
  enum Switch: Hashable, Sendable { case toggle, smash }
  struct Count: Hashable, Sendable { var toggles = 0 }

  static let light = Statechart<Light, Switch, Count>(initial: .off, context: Count()) {
    StateNode(.off) { OnEvent(.toggle, target: .on, actions: [.assign { $0.toggles += 1 }]) }
    StateNode(.on) {
      OnEvent(.toggle, target: .off, actions: [.assign { $0.toggles += 1 }])
      OnEvent(.smash, target: .broken)
    }
    StateNode(final: .broken)
  }

  @Test func theSnapshotFollowsTheChartWhileStartRunsAndStartEndsWhenTheChartIsDone() async {
    let light = ChartViewState(AsyncStatechartSequence(Self.light, clock: TestClock()))
    #expect(light.isIn(.off))
    let following = Task { await light.start() }
    let changes = ObservationCounter()
    changes.track { _ = light.snapshot }
    await light.send(.toggle)
    await waitUntil { light.isIn(.on) }
    #expect(light.context.toggles == 1)
    #expect(changes.changes == 1)
    await light.send(.smash)
    await following.value  // returns once the chart is done
    #expect(light.snapshot.isDone)
    #expect(light.isIn(.broken))
  }
}
