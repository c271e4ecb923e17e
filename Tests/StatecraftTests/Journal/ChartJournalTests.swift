import Clocks
import Foundation
import Statecraft
import StatecraftJournal
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
  static func journal() async throws -> Data {
    let journal = try Journal(schema: schema, action: KettleEvent.self)
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
    let recording = try JournalRecording(
      try await Self.journal(), schema: Self.schema, action: KettleEvent.self)
    #expect(recording.steps.count == 6)
    // The step the delayed transition started records no event; the raised beep is in its state.
    let boiled = try recording.step(3)
    #expect(boiled.action == nil)
    #expect(boiled.state.configuration == [.boiling])
    #expect(boiled.state.context.count == 1)
    #expect(try recording.step(2).action == .power)
    #expect(try recording.replay(Self.kettle()) == 6)
  }

  @Test func replayFindsTheStepWhereTheChartNoLongerReproducesItsJournal() async throws {
    let recording = try JournalRecording(
      try await Self.journal(), schema: Self.schema, action: KettleEvent.self)
    let mismatch = try #require(throws: ReplayMismatch.self) {
      try recording.replay(Self.kettle(beepsAdd: 2))
    }
    #expect(mismatch.step == 3)
    #expect(mismatch.action == "(the chart's clock)")
    #expect(mismatch.diff.contains("count: 1"))
  }
}
