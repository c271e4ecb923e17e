import Clocks
import IssueReporting
import Statecraft
import StatecraftTesting
import Testing

/// What a test store attributes to what, and in which order: a chart's sends and timers, the
/// owner's diagnostics, and what skipping effects leaves running.
@MainActor
@Suite("TestStore: attribution and order", .timeLimit(.minutes(1)))
struct TestStoreOrderingTests {
  enum Light: Hashable, Sendable { case off, on, loading, ready, done }
  enum Switch: Hashable, Sendable { case flip, flipped, load, loaded, stray }
  struct Counts: Hashable, Sendable { var flips = 0 }

  /// A send with no delay, in a step nothing else raised in, is one more event of the step that
  /// the sent event started: the step's change is the sent event's.
  @Test func aSendWithNoDelayIsReceivedAfterTheEventThatChangedTheState() async {
    let chart = Statechart<Light, Switch, Counts>(initial: .off, context: Counts()) {
      StateNode(.off) {
        OnEvent(.flip, target: .on, actions: [.send(.flipped)])
      }
      StateNode(.on) {
        OnEvent(.flipped, actions: [.assign { $0.flips += 1 }])
      }
    }
    let store = TestStore(chart: chart, clock: TestClock())
    await store.send(.flip) {
      $0.configuration = [.on]
      $0.context.flips = 1
    }
    await store.receive(.flipped)
    await store.finish()
  }

  /// An invocation's event and a delayed transition that follows it in one `advance` are asserted
  /// in the order they happened.
  static func loader(_ clock: SettlingTestClock) -> Statechart<Light, Switch, Counts> {
    Statechart<Light, Switch, Counts>(initial: .loading, context: Counts()) {
      StateNode(.loading) {
        Invoke(
          "load",
          run: { _ in
            try await clock.sleep(for: .seconds(1))
            return .loaded
          })
        OnEvent(.loaded, target: .ready)
      }
      StateNode(.ready) {
        After(.seconds(1), target: .done)
      }
      StateNode(final: .done)
    }
  }

  @Test func anActionAndAStateChangeAreAssertedInTheOrderTheyHappened() async {
    let clock = SettlingTestClock()
    let store = TestStore(chart: Self.loader(clock), clock: clock)
    await clock.advance(by: .seconds(2))
    await store.receive(.loaded) { $0.configuration = [.ready] }
    await store.receiveStateChange { $0.configuration = [.done] }
    await store.finish()
  }

  @Test func aStateChangeAssertedBeforeTheActionThatCameFirstFails() async {
    let messages = await issues {
      let clock = SettlingTestClock()
      let store = TestStore(chart: Self.loader(clock), clock: clock)
      await clock.advance(by: .seconds(2))
      await store.receiveStateChange { $0.configuration = [.done] }
      await store.skipReceivedActions()
      await store.receiveStateChange { $0.configuration = [.done] }
    }
    #expect(
      messages == [
        """
        Expected a state change that no action made, but an action came first: \
        TestStoreOrderingTests.Switch.loaded. Receive it first with receive(_:).
        """
      ])
  }

  /// A diagnostic raised in a task the chart started on its own (here, an invocation its delayed
  /// transition starts, which throws) is reported on the test's task, so the test's issue
  /// reporters see it.
  @Test func aDiagnosticOfTheOwnersOwnTaskIsReportedToTheTest() async {
    struct Failure: Error {}
    let chart = Statechart<Light, Switch, Counts>(initial: .off, context: Counts()) {
      StateNode(.off) {
        After(.seconds(1), target: .loading)
      }
      StateNode(.loading) {
        Invoke("load", run: { _ in throw Failure() })
      }
    }
    let messages = await issues {
      let clock = TestClock()
      let store = TestStore(chart: chart, clock: clock)
      await clock.advance(by: .seconds(1))
      await store.receiveStateChange { $0.configuration = [.loading] }
      await store.finish()
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Failure()") == true)
  }

  /// Skipping a chart's in-flight effects cancels its timer task, but the chart keeps its time:
  /// its delayed transition still fires when the clock reaches it.
  @Test func skippingAChartsEffectsKeepsItsTime() async {
    let chart = Statechart<Light, Switch, Counts>(initial: .off, context: Counts()) {
      StateNode(.off) {
        OnEvent(.flip, target: .on)
      }
      StateNode(.on) {
        After(.seconds(5), target: .off)
      }
    }
    let clock = TestClock()
    let store = TestStore(chart: chart, clock: clock)
    await store.send(.flip) { $0.configuration = [.on] }
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(5))
    await store.receiveStateChange { $0.configuration = [.off] }
    await store.finish()
  }

  /// After `skipInFlightEffects()`, the timer the chart sets again is not an effect the test must
  /// see finish.
  @Test func finishAfterSkippingAChartsEffectsPasses() async {
    let chart = Statechart<Light, Switch, Counts>(initial: .on, context: Counts()) {
      StateNode(.on) {
        After(.seconds(5), target: .off)
      }
      StateNode(.off)
    }
    let store = TestStore(chart: chart, clock: TestClock())
    await store.skipInFlightEffects()
    await store.finish()
  }

  /// In a step its clock started, a send with no delay belongs to that step, as in an app's chart:
  /// under a test store too, it is received after the delayed send, with no change of its own.
  @Test func aSendWithNoDelayInAStepTheClockStartedBelongsToThatStep() async {
    let chart = Statechart<Light, Switch, Counts>(initial: .off, context: Counts()) {
      StateNode(.off) {
        OnEvent(.load, actions: [.send(.flip, delay: .seconds(1))])
        OnEvent(.flip, target: .on, actions: [.send(.flipped)])
      }
      StateNode(.on) {
        OnEvent(.flipped, actions: [.assign { $0.flips += 1 }])
      }
    }
    let clock = TestClock()
    let store = TestStore(chart: chart, clock: clock)
    await store.send(.load)
    await clock.advance(by: .seconds(1))
    await store.receive(.flip) {
      $0.configuration = [.on]
      $0.context.flips = 1
    }
    await store.receive(.flipped)
    await store.finish()
  }

  /// The chart's timer, still running at the end and started by no call of the test, is reported
  /// at `finish`, and the message gives the chart's own line.
  @Test func aChartsRunningTimerIsReportedAtFinishWithTheChartsLine() async {
    let chart = Statechart<Light, Switch, Counts>(initial: .on, context: Counts()) {
      StateNode(.on) {
        After(.seconds(5), target: .off)
      }
      StateNode(.off)
    }
    let chartLine: UInt = #line - 6
    let collector = IssueCollector()
    var finishLine: UInt = 0
    await withIssueReporters([collector]) {
      let store = TestStore(chart: chart, clock: TestClock())
      await store.finish(); finishLine = #line
    }
    #expect(collector.lines == [finishLine])
    #expect(collector.messages.first?.hasPrefix("An effect is still running: effect #1, started at") == true)
    #expect(collector.messages.first?.contains("TestStoreOrderingTests.swift:\(chartLine)") == true)
  }

  /// swift-clocks' `ImmediateClock` cannot drive a chart under a test store: the test store says
  /// so, and names the clock to use.
  @Test func anImmediateClockIsRefusedWithTheClockToUse() async {
    let chart = Statechart<Light, Switch, Counts>(initial: .off, context: Counts()) {
      StateNode(.off)
    }
    let messages = await issues {
      _ = TestStore(chart: chart, clock: ImmediateClock())
    }
    #expect(
      messages == [
        """
        swift-clocks' ImmediateClock yields through detached tasks on every sleep, which the test \
        store cannot wait for, so the chart's timers would fire at unpredictable moments. Use \
        InstantClock, whose sleeps return at once without leaving the task.
        """
      ])
  }

  func issues(_ body: () async -> Void) async -> [String] {
    let collector = IssueCollector()
    await withIssueReporters([collector]) { await body() }
    return collector.messages
  }
}
