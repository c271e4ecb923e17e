import Clocks
import Foundation
import Statecraft
import StatecraftJournal
import StatecraftTesting
import Testing

/// A statechart's journal: steps its events started and steps its clock started (a delayed
/// transition, a delayed send), with the events it raised within a step, replayed onto the chart's
/// step function.
@Suite("Chart journals")
struct ChartJournalTests {
  enum Kettle: String, Codable, Hashable, Sendable { case off, heating, boiling }
  enum KettleEvent: Codable, Equatable, Sendable { case power, beep, silence }
  struct Beeps: Codable, Equatable, Sendable { var count = 0 }

  static func kettle(beepsAdd: Int = 1) -> Statechart<Kettle, KettleEvent, Beeps> {
    Statechart("kettle", initial: .off, context: Beeps()) {
      StateNode(.off) { OnEvent(.power, target: .heating) }
      StateNode(.heating) {
        After(.seconds(5), target: .boiling)
        OnEvent(.power, target: .off)
      }
      StateNode(.boiling) {
        // A raised event, processed within the step that enters `boiling`, and a delayed send.
        Entry(.raise(.beep), .send(.silence, delay: .seconds(2)))
        OnEvent(.beep, actions: [.assign { $0.count += beepsAdd }])
        OnEvent(.silence, target: .off)
      }
    }
  }

  static let schema = SnapshotSchema<ChartSnapshot<Kettle, KettleEvent, Beeps>>("kettle")

  /// Runs the kettle on a test clock with a journal: its start, 2 events, a delayed transition,
  /// a delayed send, and 2 more events.
  static func journal(keyframes: JournalKeyframes = .automatic) async throws -> Data {
    let journal = try Journal(schema: schema, action: KettleEvent.self, keyframes: keyframes)
    let clock = TestClock()
    let kettle = withInspector(journal) { AsyncStatechartSequence(Self.kettle(), clock: clock) }
    var snapshots = kettle.makeAsyncIterator()
    #expect(await snapshots.next()?.configuration == [.off])
    await kettle.send(.power)
    #expect(await snapshots.next()?.configuration == [.heating])
    await clock.advance(by: .seconds(5))
    let boiling = await snapshots.next()
    #expect(boiling?.configuration == [.boiling])
    #expect(boiling?.context.count == 1)
    await clock.advance(by: .seconds(2))
    #expect(await snapshots.next()?.configuration == [.off])
    await kettle.send(.power)
    #expect(await snapshots.next()?.configuration == [.heating])
    await kettle.send(.power)
    #expect(await snapshots.next()?.configuration == [.off])
    return journal.contents()
  }

  @Test func aChartsJournalReplaysOntoItsStepFunctionTimersIncluded() async throws {
    let data = try await Self.journal()
    let recording = try JournalRecording(data, schema: Self.schema, action: KettleEvent.self)
    #expect(recording.steps.count == 6)
    // One keyframe, after the chart's start, which replay cannot take; each of the 5 other steps
    // holds its event and the chart's time, not its state.
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix(#"{"type":"state""#) }.count == 1)
    #expect(lines.filter { $0.hasPrefix(#"{"type":"step""#) && $0.contains(#""chartTime":"#) }.count == 5)
    #expect(throws: JournalError.needsReplayer(step: 3, keyframe: 1)) { try recording.state(at: 3) }
    // The step the delayed transition started records no event; the raised beep is in its state.
    let boiled = try recording.step(3, replaying: .chart(Self.kettle()))
    #expect(boiled.action == nil)
    #expect(boiled.state.configuration == [.boiling])
    #expect(boiled.state.context.count == 1)
    #expect(try recording.step(2, replaying: .chart(Self.kettle())).action == .power)
    #expect(try recording.replay(Self.kettle()) == 6)
  }

  @Test func anUnhandledEventReplaysToTheChartsTimeBeforeIt() async throws {
    let journal = try Journal(schema: Self.schema, action: KettleEvent.self)
    let clock = TestClock()
    let kettle = withInspector(journal) { AsyncStatechartSequence(Self.kettle(), clock: clock) }
    await kettle.start()
    await kettle.send(.power)
    let heating = kettle.snapshot
    await clock.advance(by: .seconds(1))
    // Not handled while heating: the chart keeps its snapshot as it was, its time included.
    await kettle.send(.silence)
    await clock.advance(by: .seconds(4))
    await kettle.send(.power)
    journal.flush()
    let recording = try JournalRecording(journal.contents(), schema: Self.schema, action: KettleEvent.self)
    #expect(try recording.step(3, replaying: .chart(Self.kettle())).action == .silence)
    #expect(try recording.state(at: 3, replaying: .chart(Self.kettle())) == heating)
    #expect(try recording.state(at: recording.steps.upperBound, replaying: .chart(Self.kettle())) == kettle.snapshot)
  }

  @Test func replayFindsTheStepWhereTheChartNoLongerReproducesItsJournal() async throws {
    // A keyframe at every step: replay compares every step's snapshot.
    let recording = try JournalRecording(
      try await Self.journal(keyframes: .everyStep), schema: Self.schema, action: KettleEvent.self)
    let mismatch = try #require(throws: ReplayMismatch.self) {
      try recording.replay(Self.kettle(beepsAdd: 2))
    }
    #expect(mismatch.step == 3)
    #expect(mismatch.action == "(the chart's clock)")
    #expect(mismatch.diff.contains("count: 1"))
  }

  @Test func everyStepOfALongChartJournalReplaysToTheSnapshotTheChartReached() async throws {
    // Small keyframe budget: keyframes every few dozen steps, replay between them.
    let journal = try Journal(schema: Self.schema, action: KettleEvent.self, keyframes: .afterStepBytes(4_000))
    let clock = TestClock()
    let kettle = withInspector(journal) { AsyncStatechartSequence(Self.kettle(), clock: clock) }
    var snapshots = kettle.makeAsyncIterator()
    var reached = [try #require(await snapshots.next())]
    for round in 0..<200 {
      await kettle.send(.power)
      reached.append(try #require(await snapshots.next()))
      if round.isMultiple(of: 3) {
        // Switched off before it boils: the delayed transition is cancelled.
        await kettle.send(.power)
      } else {
        await clock.advance(by: .seconds(5))
        reached.append(try #require(await snapshots.next()))
        await clock.advance(by: .seconds(2))
      }
      reached.append(try #require(await snapshots.next()))
    }
    journal.flush()
    let data = journal.contents()
    let recording = try JournalRecording(data, schema: Self.schema, action: KettleEvent.self)
    let keyframes = String(decoding: data, as: UTF8.self).split(separator: "\n")
      .filter { $0.hasPrefix(#"{"type":"state""#) }.count
    #expect(recording.steps.count == reached.count)
    #expect(keyframes > 2 && keyframes < reached.count / 4, "\(keyframes) keyframes in \(reached.count) steps")
    for (step, snapshot) in zip(recording.steps, reached) {
      #expect(try recording.state(at: step, replaying: .chart(Self.kettle())) == snapshot)
    }
    #expect(try recording.replay(Self.kettle()) == reached.count)
    // A chart that no longer reproduces the journal differs at the first keyframe after a boil.
    #expect(throws: ReplayMismatch.self) { try recording.replay(Self.kettle(beepsAdd: 2)) }
  }

  enum Ticks: String, Codable, Hashable, Sendable { case waiting }
  enum TickEvent: Codable, Equatable, Sendable { case arm, tick }
  struct Count: Codable, Equatable, Sendable { var ticks = 0 }

  /// Each `arm` sets a tick due a second later: arms sent at one instant set ticks due at one.
  static let ticker = Statechart<Ticks, TickEvent, Count>("ticker", initial: .waiting, context: Count()) {
    StateNode(.waiting) {
      OnEvent(.arm, actions: [.send(.tick, delay: .seconds(1))])
      OnEvent(.tick, actions: [.assign { $0.ticks += 1 }])
    }
  }

  static let tickerSchema = SnapshotSchema<ChartSnapshot<Ticks, TickEvent, Count>>("ticker")

  @Test func aChartThatCaughtUpWithItsClockInOneStepReplaysThatStep() async throws {
    let journal = try Journal(schema: Self.tickerSchema, action: TickEvent.self)
    let clock = TestClock()
    let ticker = withInspector(journal) { AsyncStatechartSequence(Self.ticker, clock: clock) }
    var snapshots = ticker.makeAsyncIterator()
    _ = await snapshots.next()
    // More ticks due at one instant than the chart fires one a step before it catches up.
    let arms = 1_010
    for _ in 0..<arms { await ticker.send(.arm) }
    await clock.advance(by: .seconds(1))
    var last = try #require(await snapshots.next())
    while last.context.ticks < arms { last = try #require(await snapshots.next()) }
    journal.flush()
    let data = journal.contents()
    #expect(String(decoding: data, as: UTF8.self).contains(#""catchUp":true"#))
    let recording = try JournalRecording(data, schema: Self.tickerSchema, action: TickEvent.self)
    #expect(try recording.state(at: recording.steps.upperBound, replaying: .chart(Self.ticker)) == last)
    #expect(try recording.replay(Self.ticker) == recording.steps.count)
  }

  @Test func aRestoredChartsStartIsNotReplayedAsAStepOfItsClock() async throws {
    // Saved between two ticks due at one instant: the second is due at the snapshot's own time.
    var saved = Self.ticker.initialTransition().snapshot
    saved = Self.ticker.transition(from: saved, on: .arm).snapshot
    saved = Self.ticker.transition(from: saved, on: .arm).snapshot
    saved = Self.ticker.step(saved, event: nil, at: .seconds(1), oneTimerPerStep: true).snapshot
    #expect(saved.context.ticks == 1)
    #expect(saved.timers.first?.due == saved.time)
    let journal = try Journal(schema: Self.tickerSchema, action: TickEvent.self)
    let ticker = withInspector(journal) {
      AsyncStatechartSequence(Self.ticker, restoring: saved, clock: TestClock())
    }
    var snapshots = ticker.makeAsyncIterator()
    var last = try #require(await snapshots.next())
    while last.context.ticks < 2 { last = try #require(await snapshots.next()) }
    journal.flush()
    let data = journal.contents()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    let start = try #require(lines.first { $0.hasPrefix(#"{"type":"step","step":1,"#) })
    #expect(!start.contains("chartTime"))
    let recording = try JournalRecording(data, schema: Self.tickerSchema, action: TickEvent.self)
    #expect(try recording.replay(Self.ticker) == recording.steps.count)
    #expect(try recording.state(at: recording.steps.upperBound, replaying: .chart(Self.ticker)) == last)
  }

  enum Gauge: String, Codable, Hashable, Sendable { case reading }
  /// A reading that refuses to encode when negative, as a value JSON cannot hold would.
  struct Reading: Codable, Equatable, Sendable {
    var value: Int
    struct Unencodable: Error {}
    init(_ value: Int) { self.value = value }
    func encode(to encoder: any Encoder) throws {
      guard value >= 0 else { throw Unencodable() }
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int.self) }
  }
  enum GaugeEvent: Codable, Equatable, Sendable { case set(Reading), noted }
  struct Readings: Codable, Equatable, Sendable { var notes = 0 }

  @Test func aStepWhoseEventDoesNotEncodeIsAKeyframeNotTheEventItRaised() async throws {
    let gauge = Statechart<Gauge, GaugeEvent, Readings>("gauge", initial: .reading, context: Readings()) {
      StateNode(.reading) {
        OnEvent(.set(Reading(-1)), actions: [.raise(.noted)])
        OnEvent(.set(Reading(1)), actions: [.raise(.noted)])
        OnEvent(.noted, actions: [.assign { $0.notes += 1 }])
      }
    }
    let schema = SnapshotSchema<ChartSnapshot<Gauge, GaugeEvent, Readings>>("gauge")
    let recorder = DiagnosticRecorder()
    // No batch of the journal's own, which could take the failing step and report it after the
    // test's flush returns: the batch its start queues at once has run before the test sends, and
    // the next is an hour away.
    let journal = try DiagnosticHandler.$current.withValue(recorder.handler) {
      try Journal(schema: schema, action: GaugeEvent.self, batchInterval: .seconds(3_600))
    }
    let running = withInspector(journal) { AsyncStatechartSequence(gauge, clock: TestClock()) }
    await running.start()
    journal.writes.queue.sync {}
    #expect(journal.isBatchQueued)
    // The event does not encode, and its step raised `noted`, which does.
    await running.send(.set(Reading(-1)))
    // The journal learns that the step cannot be replayed when it writes it, and asks for the
    // state of the chart's next step.
    journal.flush()
    await running.send(.set(Reading(1)))
    journal.flush()
    #expect(recorder.kinds.contains(.journalFailed))
    let data = journal.contents()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(!lines.contains { $0.contains(#""message":{"noted""#) })
    let recording = try JournalRecording(data, schema: schema, action: GaugeEvent.self)
    // The step cannot be replayed, and the chart did not keep its state (the journal samples
    // states): the next step's is a keyframe.
    #expect(throws: JournalError.self) { try recording.state(at: 2, replaying: .chart(gauge)) }
    #expect(try recording.recordedState(at: 3)?.context.notes == 2)
    #expect(try recording.state(at: 3, replaying: .chart(gauge)).context.notes == 2)
  }
}
