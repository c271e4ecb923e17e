import CounterFeature
import Foundation
import StatecraftJournal
import StatecraftTesting
import Testing

/// Journals turned into tests: the generator's output for the committed journal (which
/// `CounterJournalTests.swift` is, and which runs as a test of its own), and a replay through the
/// test store that fails at the step that does not reproduce.
@MainActor
@Suite("Journal tests")
struct JournalTestingTests {
  static let directory = URL(filePath: #filePath).deletingLastPathComponent()
  static let journal = directory.appending(path: "counter.jsonl").path()

  @Test func theGeneratorStillWritesTheCommittedReplayTest() throws {
    let source = try JournalTestSource.make(
      journalPath: Self.journal, reducer: "counterReducer", schema: "counterSchema")
    let committed = try String(
      contentsOf: Self.directory.appending(path: "CounterJournalTests.swift"), encoding: .utf8)
    #expect(source == committed)
  }

  @Test func theGeneratorDefaultsToASchemaOfTheJournalsDefinitionAndModule() throws {
    let source = try JournalTestSource.make(journalPath: Self.journal, reducer: "counterReducer")
    #expect(source.contains(#"schema: SnapshotSchema<Counter>("counter", version: 1)"#))
    #expect(source.contains("@testable import CounterFeature"))
    #expect(throws: JournalError.notAJournal) {
      try JournalTestSource.make(journalPath: #filePath, reducer: "counterReducer")
    }
  }

  @Test func aReplayThatDoesNotReproduceAStepFailsTheTestThere() async throws {
    let recording = try JournalRecording(
      contentsOf: Self.journal, schema: counterSchema, action: CounterAction.self)
    // A reducer changed since the journal was written: `reset` now resets to 10.
    let changed = Reduce<Counter, CounterAction> { state, action in
      if action == .reset {
        state.count = 10
        state.history.append(10)
        return .none
      }
      return counterReducer(&state, action)
    }
    try await withKnownIssue {
      try await assertJournalReplays(recording, reducer: changed)
    } matching: { issue in
      issue.description.contains("count") && issue.description.contains("10")
    }
  }
}
