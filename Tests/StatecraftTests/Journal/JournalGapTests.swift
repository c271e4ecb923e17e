import Foundation
import StatecraftJournal
import Testing

/// A journal with a step's line removed or spoiled in the middle: the reader says which step is
/// missing and which line did not read, finds every other step on its own line, and neither
/// replay nor time travel crosses the gap unseen.
@MainActor
@Suite("Journals with a gap")
struct JournalGapTests {
  typealias Counter = JournalTests.Counter
  typealias CounterAction = JournalTests.CounterAction

  /// A whole journal of 1,000 increments with a keyframe at every step, as lines: the header,
  /// the start, then step N on line 2N + 1 and its state on the next.
  static func wholeJournal() async throws -> [String] {
    let (_, journal) = try await JournalTests.journaled(
      keyframes: .everyStep, actions: Array(repeating: .increment, count: 1_000))
    return String(decoding: journal.contents(), as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func recording(_ lines: [String]) throws -> JournalRecording<Counter, CounterAction> {
    try JournalRecording(
      Data((lines.joined(separator: "\n") + "\n").utf8), schema: JournalTests.schema, action: CounterAction.self)
  }

  static func expectMissing(
    _ step: Int, unreadableLines: [Int], sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
  ) {
    #expect(throws: JournalError.missingStep(step, unreadableLines: unreadableLines), sourceLocation: sourceLocation) {
      try body()
    }
  }

  @Test func aGarbageLineInPlaceOfAStepIsAGapThatNamesItsLine() async throws {
    var lines = try await Self.wholeJournal()
    lines[1000] = "}}garbage{{"  // step 500, on line 1001
    let recording = try Self.recording(lines)
    #expect(recording.steps == 1...1_000)
    #expect(recording.gaps.map(\.missingSteps) == [500...500])
    #expect(recording.gaps.map(\.unreadableLines) == [[1001]])
    #expect(recording.unreadableLines == [1001])
    #expect(recording.gaps.first?.description == "step 500 missing (unreadable line 1001)")
    Self.expectMissing(500, unreadableLines: [1001]) { _ = try recording.state(at: 500) }
    Self.expectMissing(500, unreadableLines: [1001]) { _ = try recording.step(500) }
    // The steps on either side are on their own lines, not shifted by the gap.
    #expect(try recording.state(at: 499).count == 499)
    #expect(try recording.state(at: 501).count == 501)
    #expect(try recording.state(at: 1_000).count == 1_000)
  }

  @Test func aRemovedStepLineIsAGapWithNoUnreadableLine() async throws {
    var lines = try await Self.wholeJournal()
    lines.remove(at: 1000)
    let recording = try Self.recording(lines)
    #expect(recording.gaps.map(\.missingSteps) == [500...500])
    #expect(recording.gaps.map(\.unreadableLines) == [[]])
    #expect(recording.unreadableLines.isEmpty)
    #expect(try recording.state(at: 501).count == 501)
    Self.expectMissing(500, unreadableLines: []) { _ = try recording.state(at: 500) }
  }

  @Test func replayStopsAtTheGapRatherThanBlamingTheReducer() async throws {
    var lines = try await Self.wholeJournal()
    lines[1000] = "}}garbage{{"
    let recording = try Self.recording(lines)
    Self.expectMissing(500, unreadableLines: [1001]) { try recording.replay(JournalTests.reducer) }
  }

  @Test func timeTravelStopsAtTheGapAndSaysWhenItIsPastOne() async throws {
    var lines = try await Self.wholeJournal()
    lines[1000] = "}}garbage{{"
    var timeline = try JournalTimeline(try Self.recording(lines))
    try timeline.move(to: 499)
    #expect(timeline.gapsBefore.isEmpty)
    Self.expectMissing(500, unreadableLines: [1001]) { try timeline.forward() }
    #expect(timeline.position == 499 && timeline.state.count == 499)
    try timeline.move(to: 502)
    Self.expectMissing(500, unreadableLines: [1001]) { try timeline.move(to: 500) }
    try timeline.back()
    #expect(timeline.position == 501 && timeline.state.count == 501)
    #expect(timeline.gapsBefore.map(\.missingSteps) == [500...500])
  }

  @Test func aGarbageLineBetweenStepsIsNamedButLosesNoStep() async throws {
    var lines = try await Self.wholeJournal()
    lines.insert("not a journal line", at: 10)
    let recording = try Self.recording(lines)
    #expect(recording.gaps.isEmpty)
    #expect(recording.unreadableLines == [11])
    #expect(try recording.replay(JournalTests.reducer) == 1_000)
  }

  @Test func aStepLineRepeatedOrOutOfOrderIsUnreadableAndLosesNoStep() async throws {
    var lines = try await Self.wholeJournal()
    lines.insert(lines[8], at: 18)  // step 4's line again, after step 8
    let recording = try Self.recording(lines)
    #expect(recording.gaps.isEmpty)
    #expect(recording.unreadableLines == [19])
    #expect(try recording.state(at: 9).count == 9)
  }

  @Test func aWholeJournalHasNoGapsAndNoUnreadableLines() async throws {
    let recording = try Self.recording(try await Self.wholeJournal())
    #expect(recording.gaps.isEmpty && recording.unreadableLines.isEmpty)
    #expect(try recording.replay(JournalTests.reducer) == 1_000)
  }
}
