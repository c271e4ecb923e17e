import Clocks
import Dispatch
import Statecraft
import StatecraftEngine
import Synchronization
import Testing

/// A chart whose only inspector reads steps (a journal, the live inspector) writes each step that
/// holds only its message to the step ring, as a store does; a step that also holds the events
/// the chart raised makes records, so that those events come between the step's message and its
/// state update.
@Suite("Statechart: step rings", .timeLimit(.minutes(1)))
struct ChartStepRingTests {
  enum Light: Hashable, Sendable { case off, on }
  enum Switch: Sendable, Equatable { case flip, ping }
  struct Pings: Sendable, Equatable { var count = 0 }

  static let light = Statechart("light", initial: Light.off, context: Pings()) {
    StateNode(Light.off) { OnEvent(Switch.flip, target: .on) }
    StateNode(Light.on) {
      Entry(.raise(.ping))
      OnEvent(.ping, actions: [.assign { $0.count += 1 }])
      OnEvent(.flip, target: .off)
    }
  }

  /// `light`, which a second after it turns on turns off by itself.
  static let timedLight = Statechart("timed light", initial: Light.off, context: Pings()) {
    StateNode(Light.off) { OnEvent(Switch.flip, target: .on) }
    StateNode(Light.on) {
      Entry(.raise(.ping))
      After(.seconds(1), target: .off)
      OnEvent(.ping, actions: [.assign { $0.count += 1 }])
      OnEvent(.flip, target: .off)
    }
  }

  /// Keeps the ring it is given, and the records it receives.
  final class Reader: StepReader {
    let ring = Mutex<AnyStepRing?>(nil)
    let received = Mutex<[InspectionRecord]>([])
    var bufferLimit: Int { 1_000 }

    func read(_ ring: AnyStepRing) { self.ring.withLock { $0 = ring } }
    func receive(_ record: InspectionRecord) { received.withLock { $0.append(record) } }
  }

  static func describe(_ record: InspectionRecord) -> String {
    switch record.kind {
    case .received(let message): "received \(message)"
    case .stateUpdated: "state updated"
    default: "\(record.kind)"
    }
  }

  @Test func aStepThatHoldsOnlyItsMessageGoesToTheRingAndOneWithRaisedEventsMakesRecords() async throws {
    let reader = Reader()
    let chart = withInspector(reader) { AsyncStatechartSequence(Self.light) }
    await chart.send(.flip)  // enters `on`, which raises `ping`: records
    await chart.send(.flip)  // back to `off`, nothing raised: the ring
    let ring = try #require(reader.ring.withLock { $0 })
    let fromRing = ring.drain(keepingNewest: .max).records
    let records = reader.received.withLock { $0 }.filter {
      if case .received = $0.kind { return true }
      if case .stateUpdated = $0.kind { return true }
      return false
    }
    #expect(fromRing.map(Self.describe).contains("received flip"))
    #expect(records.map(Self.describe) == ["received flip", "received ping", "state updated"])
    let merged = (fromRing + records).sorted { $0.sequence < $1.sequence }.map(Self.describe)
    #expect(
      merged.suffix(5) == ["received flip", "received ping", "state updated", "received flip", "state updated"])
  }

  /// Counts pings, raising nothing: each step holds only its message.
  static let pingCounter = Statechart("ping counter", initial: Light.off, context: Pings()) {
    StateNode(Light.off) { OnEvent(Switch.ping, actions: [.assign { $0.count += 1 }]) }
  }

  @Test func aChartsStepsTheRingSkipsAreCountedAndItsStateNowShowsWhereTheyLed() async throws {
    let reader = Reader()
    let chart = withInspector(reader) { AsyncStatechartSequence(Self.pingCounter) }
    await chart.start()
    let ring = try #require(reader.ring.withLock { $0 })
    _ = ring.drain()
    ring.skipsSteps.store(true, ordering: .relaxed)
    for _ in 0..<4 { await chart.send(.ping) }
    let take = ring.takeSteps()
    #expect(take.steps == nil)
    #expect(take.skippedSteps == 4)
    let record = try #require(ring.stateAfterSkippedSteps(until: take.skippedSteps))
    #expect(record.droppedBefore == 8)
    guard case .stateUpdated(_, let after) = record.kind else {
      Issue.record("not a state update: \(record.kind)")
      return
    }
    #expect((after.value as? ChartSnapshot<Light, Switch, Pings>)?.context.count == 4)
    ring.skipsSteps.store(false, ordering: .relaxed)
    await chart.send(.ping)
    let drained = ring.drain()
    #expect(drained.dropped == 0)
    #expect(drained.records.map(Self.describe) == ["received ping", "state updated"])
    let steps = reader.received.withLock { $0 }.filter {
      if case .received = $0.kind { return true }
      return false
    }
    #expect(steps.isEmpty, "a skipped step makes no records")
  }

  /// A reader whose delivery of an effect's `effectFinished` record (a timer's task, on a thread
  /// of its own) waits until the test lets it go: that thread holds the owner's delivery, and the
  /// records the chart emits meanwhile queue behind it.
  final class HoldingReader: StepReader {
    let reader = Reader()
    let held: AsyncStream<InspectionRecord>
    private let heldContinuation: AsyncStream<InspectionRecord>.Continuation
    let arrived: AsyncStream<InspectionRecord>
    private let arrivedContinuation: AsyncStream<InspectionRecord>.Continuation
    private let gate = DispatchSemaphore(value: 0)
    /// Only the first `effectFinished` is held, and let go once.
    private let holds = Atomic(true)
    private let wasLetGo = Atomic(false)

    init() {
      (held, heldContinuation) = AsyncStream.makeStream()
      (arrived, arrivedContinuation) = AsyncStream.makeStream()
    }

    var bufferLimit: Int { reader.bufferLimit }
    func read(_ ring: AnyStepRing) { reader.read(ring) }
    func receive(_ record: InspectionRecord) {
      if case .effectFinished = record.kind, holds.exchange(false, ordering: .relaxed) {
        heldContinuation.yield(record)
        gate.wait()
      }
      reader.receive(record)
      arrivedContinuation.yield(record)
    }
    func letGo() {
      if !wasLetGo.exchange(true, ordering: .relaxed) { gate.signal() }
    }
  }

  @Test(.enabled(if: timersSleepWithinTheirStep, "advances the clock right after the send that sets the timer"))
  func aStepTakenWhileAnotherThreadDeliversRecordsQueuesBehindThemInsteadOfOvertakingThem() async throws {
    let holding = HoldingReader()
    let clock = TestClock()
    // The chart's timer runs on the executor: its thread is the one the reader holds.
    let chart = EffectExecutor.$preferred.withValue(ThreadPerJobExecutor()) {
      withInspector(holding) { AsyncStatechartSequence(Self.timedLight, clock: clock) }
    }
    var held = holding.held.makeAsyncIterator()
    var arrived = holding.arrived.makeAsyncIterator()
    await chart.send(.flip)  // on, raising `ping`: records; its timer's task starts
    await clock.advance(by: .seconds(1))
    // The timer's task posted its step, and holds the delivery of its `effectFinished`.
    let effectFinished = try #require(await held.next())
    defer { holding.letGo() }
    await chart.send(.flip)  // after the timer's step (off): on again, raising `ping`, queued records
    await chart.send(.flip)  // off, nothing raised
    // Neither step is in the ring, where a reader would take it ahead of the records queued
    // before it (a journal would give the second the first's event). The timer's step is there
    // only if it began before the timer's task held the delivery.
    let ring = try #require(holding.reader.ring.withLock { $0 })
    var fromRing = ring.drain(keepingNewest: .max).records
    let noneOvertook = fromRing.allSatisfy { $0.sequence < effectFinished.sequence }
    #expect(noneOvertook)
    holding.letGo()
    guard noneOvertook else { return }
    // The last step's update is delivered last.
    while let record = await arrived.next() {
      guard case .stateUpdated(_, let after) = record.kind,
        let snapshot = after.value(as: ChartSnapshot<Light, Switch, Pings>.self)
      else { continue }
      if snapshot.context.count == 2, snapshot.configuration == [.off] { break }
    }
    fromRing += ring.drain(keepingNewest: .max).records
    let updates = (fromRing + holding.reader.received.withLock { $0 })
      .sorted { $0.sequence < $1.sequence }
      .compactMap { record -> [Light]? in
        guard case .stateUpdated(_, let after) = record.kind else { return nil }
        return after.value(as: ChartSnapshot<Light, Switch, Pings>.self)?.configuration
      }
    // The first flip, the timer, and the two flips: each step once, in order.
    #expect(updates == [[.on], [.off], [.on], [.off]])
  }
}
