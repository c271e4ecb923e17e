import Clocks
import Foundation
import Statecraft
import StatecraftTesting
import Testing

/// Edge cases of definitions, timers, invocations and restored snapshots: several top-level
/// initial states, history states as initial states, misplaced pseudo-states, chains of timers due
/// at once, delays read after entry actions, outputs of a step that cancels its own sender, the
/// chart's time, and snapshots that do not fit their chart. Each test failed before its fix.
@Suite("Statechart: edge cases", .timeLimit(.minutes(1)))
struct StatechartEdgeCaseTests {
  @Test func severalTopLevelInitialStatesEnterOneChildPerRegion() {
    let chart = Statechart<String, String, EmptyChartContext>(initialStates: ["a.on", "b.on"]) {
      StateNode(parallel: "p") {
        StateNode("a") {
          StateNode("a.off"); StateNode("a.on")
        }
        StateNode("b") {
          StateNode("b.off"); StateNode("b.on")
        }
      }
    }
    #expect(chart.initialTransition().snapshot.configuration == ["p", "a", "a.on", "b", "b.on"])
  }

  @Test func aHistoryStateWithoutADefaultCanBeItsParentsInitialState() {
    let chart = Statechart<String, String, EmptyChartContext>(initial: "player") {
      StateNode("player", initial: "last") {
        StateNode("stopped") { OnEvent(descriptor: "play", target: "playing") }
        StateNode("playing") { OnEvent(descriptor: "leave", target: "away") }
        StateNode(history: "last")
      }
      StateNode("away") { OnEvent(descriptor: "back", target: "player") }
    }
    #expect(chart.validate().isEmpty)
    var snapshot = chart.initialTransition().snapshot
    #expect(snapshot.configuration == ["player", "stopped"])
    for event in ["play", "leave", "back"] { snapshot = chart.transition(from: snapshot, on: event).snapshot }
    #expect(snapshot.configuration == ["player", "playing"])
  }

  @Test func misplacedHistoryAndInitialStatesAreReported() {
    let chart = Statechart<String, String, EmptyChartContext>(initial: "a") {
      StateNode("a", initial: "nothing") { StateNode(history: "h") }
      StateNode("b", initial: "b1") {
        Initial("b2")
        StateNode("b1")
        StateNode("b2")
      }
    }
    #expect(chart.validate().map(\.kind) == [.misplacedElement, .misplacedElement, .misplacedElement])
  }

  @Test func aChainOfTimersDueAtOnceIsStopped() {
    let chart = Statechart<String, String, EmptyChartContext>(initial: "poll") {
      StateNode("poll") { After(.zero, target: "poll") }
    }
    let step = chart.initialTransition()
    #expect(
      step.effects.contains { effect in
        if case .actionFailed(let error as ChartLivelock, _) = effect { error.cause == .timers } else { false }
      })
  }

  @Test func eventlessTransitionsThatNeverSettleAreStoppedAndSaySo() {
    let chart = Statechart<String, String, EmptyChartContext>(initial: "ping") {
      StateNode("ping") { Always(target: "pong") }
      StateNode("pong") { Always(target: "ping") }
    }
    let livelocks = chart.initialTransition().effects.compactMap { effect -> ChartLivelock? in
      if case .actionFailed(let error as ChartLivelock, _) = effect { error } else { nil }
    }
    #expect(livelocks.map(\.cause) == [.eventlessTransitions])
    #expect(livelocks.first?.description.hasPrefix("The chart's eventless transitions ran") == true)
  }

  struct Timeout: Hashable, Sendable { var seconds = 0 }

  @Test func aDelayIsReadAfterTheStatesEntryActions() {
    let chart = Statechart<String, String, Timeout>(initial: "idle", context: Timeout()) {
      StateNode("idle") { OnEvent(descriptor: "wait", target: "waiting") }
      StateNode("waiting") {
        Entry(.assign { $0.seconds = 5 })
        After({ .seconds($0.seconds) }, target: "done")
      }
      StateNode("done")
    }
    let waiting = chart.transition(from: chart.initialTransition().snapshot, on: "wait").snapshot
    #expect(waiting.timers.first?.due == .seconds(5))
  }

  enum Load: Hashable, Sendable { case loading, ready }
  enum LoadEvent: Hashable, Sendable { case loaded, ping }

  @Test func anInvocationsEventRunsTheStepsOutputsInATaskThatIsNotCancelled() async {
    let cancelled = Log<Bool>()
    let chart = Statechart<Load, LoadEvent, EmptyChartContext>(initial: .loading) {
      StateNode(.loading) {
        Invoke(run: { _ in .loaded })
        OnEvent(.loaded, target: .ready)
      }
      StateNode(.ready) { Entry(.output("ready")) }
    }
    let running = AsyncStatechartSequence(chart, clock: TestClock()) { _, _ in
      cancelled.append(Task.isCancelled)
    }
    var snapshots = running.makeAsyncIterator()
    while let snapshot = await snapshots.next(), !snapshot.isIn(.ready) {}
    await running.waitUntilIdle()
    #expect(cancelled.all == [false])
  }

  /// Had the chart's time counted from its creation, its 30 s timer would be due before the chart
  /// starts, 40 s later, and fire as it starts.
  @Test func theChartsTimeStartsWhenTheChartStarts() async {
    let clock = TestClock()
    let chart = Statechart<Load, LoadEvent, EmptyChartContext>(initial: .loading) {
      StateNode(.loading) {
        After(.seconds(30), target: .ready)
      }
      StateNode(.ready)
    }
    let running = AsyncStatechartSequence(chart, clock: clock)
    await clock.advance(by: .seconds(40))
    await running.start()
    #expect(running.isIn(.loading))
    #expect(running.snapshot.timers.map(\.due) == [.seconds(30)])  // on the chart's own time line
  }

  @Test func aSnapshotThatDoesNotFitTheChartIsReportedOnRestore() throws {
    let recorder = DiagnosticRecorder()
    let chart = Statechart<String, String, EmptyChartContext>(initial: "a") {
      StateNode("a") {
        StateNode("a1"); StateNode("a2")
      }
    }
    let other = Statechart<String, String, EmptyChartContext>(initial: "x") { StateNode("x") }
    let foreign = other.initialTransition().snapshot
    let data = try JSONEncoder().encode(foreign)
    let decoded = try JSONDecoder().decode(ChartSnapshot<String, String, EmptyChartContext>.self, from: data)
    _ = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStatechartSequence(chart, restoring: decoded, clock: TestClock())
    }
    #expect(recorder.kinds == [.invalidSnapshot, .invalidSnapshot])
  }
}
