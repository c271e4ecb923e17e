import Clocks
import Foundation
import Statecraft
import StatecraftEngine
import StatecraftTesting
import Synchronization
import Testing

/// A running chart: the engine's guarantees, time on an injected clock, invocations, outputs,
/// diagnostics, and restoring a snapshot.
@Suite("AsyncStatechartSequence", .timeLimit(.minutes(1)))
struct AsyncStatechartSequenceTests {
  enum S: String, Hashable, Sendable, Codable {
    case idle, loading, ready, failed, paused, stopped
  }
  enum E: DSLCompatible, Hashable, Codable { case load, loaded(Int), fail, pause, resume, stop, ping }
  struct C: Hashable, Sendable, Codable { var value = 0 }

  static func chart(
    probe: CancellationProbe? = nil, gate: Gate? = nil
  ) -> Statechart<S, E, C> {
    Statechart<S, E, C>("loader", initial: .idle, context: C()) {
      StateNode(.idle) {
        OnEvent(.load, target: .loading)
        OnEvent(.pause, target: .paused)
      }
      StateNode(.loading) {
        Entry(.output("spinner on"))
        Exit(.output("spinner off"))
        Invoke(
          "fetch",
          run: { _ in
            if let probe { await probe.waitForCancellation(); return .loaded(-1) }
            await gate?.wait()
            return .loaded(42)
          })
        OnEvent(E.loaded(_:), target: .ready) { value in [.assign { $0.value = value }] }
        OnEvent(.fail, target: .failed)
      }
      StateNode(.ready) { OnEvent(.stop, target: .stopped) }
      StateNode(.failed) {
        // Would take what a cancelled invocation delivered: nothing must arrive.
        OnEvent(E.loaded(_:), target: .ready) { value in [.assign { $0.value = value }] }
      }
      StateNode(.paused) {
        After(.seconds(10), target: .idle)
        OnEvent(.stop, target: .stopped)
      }
      StateNode(final: .stopped)
    }
  }

  @Test func sendReturnsOnceTheMacrostepIsDoneAndEveryIteratorSeesEachSnapshot() async {
    let gate = Gate()
    let loader = AsyncStatechartSequence(Self.chart(gate: gate), clock: TestClock()) { _, _ in }
    var first = loader.makeAsyncIterator()
    var second = loader.makeAsyncIterator()
    #expect(await first.next()?.configuration == [.idle])
    #expect(await second.next()?.configuration == [.idle])
    await loader.send(.load)
    #expect(loader.isIn(.loading))
    gate.open()
    #expect(await first.next()?.configuration == [.loading])
    #expect(await first.next()?.configuration == [.ready])
    #expect(await second.next()?.configuration == [.loading])
    #expect(await second.next()?.context.value == 42)
  }

  @Test func outputsArePerformedInOrderWithTheirContext() async {
    let outputs = Log<String>()
    let gate = Gate()
    let loader = AsyncStatechartSequence(Self.chart(gate: gate), clock: TestClock()) { output, context in
      outputs.append("\(output) \(context.value)")
    }
    await loader.send(.load)
    await loader.send(.fail)
    #expect(outputs.all == ["spinner on 0", "spinner off 0"])
  }

  @Test func anInvocationIsCancelledWhenItsStateExitsAndDeliversNothing() async {
    let probe = CancellationProbe()
    let loader = AsyncStatechartSequence(Self.chart(probe: probe), clock: TestClock()) { _, _ in }
    var snapshots = loader.makeAsyncIterator()
    await loader.send(.load)
    await loader.send(.fail)
    await probe.waitUntilCancelled()
    await loader.waitUntilIdle()  // the cancelled invocation has returned its event
    #expect(probe.wasCancelled)
    #expect(loader.snapshot.configuration == [.failed])
    #expect(loader.snapshot.context.value == 0)
    #expect(await snapshots.next()?.configuration == [.idle])
    #expect(await snapshots.next()?.configuration == [.loading])
    #expect(await snapshots.next()?.configuration == [.failed])
  }

  @Test func delayedTransitionsRunOnTheInjectedClock() async {
    let clock = TestClock()
    let loader = AsyncStatechartSequence(Self.chart(), clock: clock) { _, _ in }
    var snapshots = loader.makeAsyncIterator()
    #expect(await snapshots.next()?.configuration == [.idle])
    await loader.send(.pause)
    #expect(await snapshots.next()?.configuration == [.paused])
    await clock.advance(by: .seconds(9))
    #expect(loader.isIn(.paused))
    await clock.advance(by: .seconds(1))
    #expect(await snapshots.next()?.configuration == [.idle])
  }

  /// A test clock that counts the sleeps registered with it as they are registered.
  final class CountingClock: Clock, Sendable {
    let base = TestClock()
    let sleeps = Mutex(0)
    var now: TestClock<Duration>.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }
    func sleep(until deadline: TestClock<Duration>.Instant, tolerance: Duration?) async throws {
      sleeps.withLock { $0 += 1 }
      try await base.sleep(until: deadline, tolerance: tolerance)
    }
  }

  @Test(.enabled(if: timersSleepWithinTheirStep))
  func aTimerIsRegisteredWithItsClockBeforeTheSendThatSetItReturns() async {
    // Without it, a test that advances a test clock right after the send could advance before
    // the timer's task sleeps, and the timer would wait for the next advance.
    let clock = CountingClock()
    let executor = ThreadPerJobExecutor()
    let loader = EffectExecutor.$preferred.withValue(executor) {
      AsyncStatechartSequence(Self.chart(), clock: clock) { _, _ in }
    }
    // Started and sent to on the caller's task, which is not the executor's: the chart is idle.
    await loader.start()
    executor.hold()
    await loader.send(.pause)
    // The timer's task has run no job of the executor: it slept on the send's thread.
    #expect(clock.sleeps.withLock { $0 } == 1)
    executor.release()
    var snapshots = loader.makeAsyncIterator()
    #expect(await snapshots.next()?.configuration == [.paused])
    await clock.base.advance(by: .seconds(10))
    #expect(await snapshots.next()?.configuration == [.idle])
  }

  @Test(.enabled(if: timersSleepWithinTheirStep))
  func aTimerIsRegisteredWithItsClockBeforeObserversSeeTheSnapshotOfTheStepThatSetIt() async {
    // Without it, a test that advances a test clock once it sees the snapshot could advance
    // before the timer sleeps, and the timer would wait for the next advance: a hung test.
    let clock = CountingClock()
    let outputRuns = Gate()
    let chart = Statechart<S, E, C>("pauser", initial: .idle, context: C()) {
      StateNode(.idle) { OnEvent(.pause, target: .paused) }
      StateNode(.paused) {
        Entry(.output("paused"))
        After(.seconds(10), target: .idle)
      }
    }
    let pauser = AsyncStatechartSequence(chart, clock: clock) { _, _ in await outputRuns.wait() }
    var snapshots = pauser.makeAsyncIterator()
    #expect(await snapshots.next()?.configuration == [.idle])
    let sending = Task { await pauser.send(.pause) }
    // The step's snapshot is out while its output holds the step.
    #expect(await snapshots.next()?.configuration == [.paused])
    #expect(clock.sleeps.withLock { $0 } == 1)
    outputRuns.open()
    await sending.value
    await clock.base.advance(by: .seconds(10))
    #expect(await snapshots.next()?.configuration == [.idle])
  }

  @Test func aRestoredSnapshotResumesItsTimersWithTheTimeTheyHadLeft() async throws {
    let clock = TestClock()
    let original = AsyncStatechartSequence(Self.chart(), clock: clock) { _, _ in }
    await original.send(.pause)
    await clock.advance(by: .seconds(4))
    let saved = try JSONEncoder().encode(original.snapshot)

    let laterClock = TestClock()
    let restoredSnapshot = try JSONDecoder().decode(ChartSnapshot<S, E, C>.self, from: saved)
    #expect(restoredSnapshot.time == .seconds(4))
    let restored = AsyncStatechartSequence(Self.chart(), restoring: restoredSnapshot, clock: laterClock)
    await restored.start()  // its time, and so the timer's 6 s left, run from here
    var snapshots = restored.makeAsyncIterator()
    #expect(await snapshots.next()?.configuration == [.paused])
    await laterClock.advance(by: .seconds(5))
    #expect(restored.isIn(.paused))
    await laterClock.advance(by: .seconds(1))
    #expect(await snapshots.next()?.configuration == [.idle])
  }

  @Test func aTopLevelFinalStateEndsTheChartAndItsSequences() async {
    let recorder = DiagnosticRecorder()
    let loader = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStatechartSequence(Self.chart(), clock: TestClock()) { _, _ in }
    }
    var snapshots = loader.makeAsyncIterator()
    await loader.send(.pause)
    await loader.send(.stop)
    #expect(loader.isDone)
    var seen: [[S]] = []
    while let snapshot = await snapshots.next() { seen.append(snapshot.configuration) }
    #expect(seen == [[.idle], [.paused], [.stopped]])
    // A new iterator gets the final snapshot, then ends.
    var late = loader.makeAsyncIterator()
    #expect(await late.next()?.isDone == true)
    #expect(await late.next() == nil)
    await loader.send(.load)
    #expect(recorder.kinds == [.chartDone])
  }

  /// A chart done from the start, sent to without `start()`: the first event, which starts the
  /// chart, is reported like the second, at the line that sent it.
  @Test(arguments: [false, true])
  func everyEventToAChartDoneFromTheStartIsReported(restoringADoneSnapshot: Bool) async throws {
    let recorder = DiagnosticRecorder()
    let finished = Statechart<S, E, C>(initial: .stopped, context: C()) {
      StateNode(.idle)
      StateNode(final: .stopped)
    }
    let running = try DiagnosticHandler.$current.withValue(recorder.handler) {
      guard restoringADoneSnapshot else { return AsyncStatechartSequence(finished, clock: TestClock()) }
      let chart = Self.chart()
      let paused = chart.transition(from: chart.initialTransition().snapshot, on: .pause).snapshot
      let done = chart.transition(from: paused, on: .stop).snapshot
      try #require(done.isDone)
      return AsyncStatechartSequence(Self.chart(), restoring: done, clock: TestClock())
    }
    await running.send(.load); let first = #line
    await running.send(.load); let second = #line
    #expect(recorder.kinds == [.chartDone, .chartDone])
    #expect(recorder.diagnostics.map { $0.callSite?.line } == [UInt(first), UInt(second)])
  }

  @Test func anUnhandledEventIsReportedAtTheLineOfTheSend() async {
    let recorder = DiagnosticRecorder()
    let loader = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStatechartSequence(Self.chart(), clock: TestClock())
    }
    await loader.send(.stop); let line = #line
    #expect(recorder.kinds == [.unhandledEvent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
  }

  @Test func problemsOfTheDefinitionAreReportedWhenTheChartIsCreated() async {
    let recorder = DiagnosticRecorder()
    let broken = Statechart<S, E, C>(context: C()) {
      StateNode(.idle) { OnEvent(.load, target: .loading) }
    }
    _ = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStatechartSequence(broken, clock: TestClock())
    }
    #expect(recorder.kinds == [.invalidChart])
    #expect(recorder.diagnostics.first?.message.contains("loading") == true)
  }
}
