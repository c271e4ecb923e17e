import CounterFeature
import Foundation
import Statecraft
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

/// A declarative machine's journal, replayed through the test store over the machine.
@MainActor
@Suite("Machine journal tests")
struct MachineJournalTestingTests {
  enum Door: DSLCompatible, Codable { case closed, open, locked(code: Int) }
  enum DoorEvent: DSLCompatible, Codable { case open, close, lock(Int) }
  enum DoorOutput: DSLCompatible { case none }

  static func door(lockedCode: @escaping @Sendable (Int) -> Int = { $0 }) -> StateMachine<Door, DoorEvent, DoorOutput> {
    StateMachine(initial: Door.closed) {
      When(state: Door.closed) { _ in
        Execute<DoorOutput>.noOutput
      } transitions: { _ in
        On(event: DoorEvent.open) { _ in Transition(to: Door.open) }
        On(event: DoorEvent.lock) { code in Transition(to: Door.locked(code: lockedCode(code))) }
      }
      When(state: Door.open) { _ in
        Execute<DoorOutput>.noOutput
      } transitions: { _ in
        On(event: DoorEvent.close) { _ in Transition(to: Door.closed) }
      }
    }
  }

  static let schema = SnapshotSchema<Door>("door")

  static func recording() async throws -> JournalRecording<Door, DoorEvent> {
    // A keyframe at every step: a step that does not reproduce is found at once.
    let journal = try Journal(schema: schema, action: DoorEvent.self, keyframes: .everyStep)
    let machine = AsyncStateMachineSequence(stateMachine: door(), runtime: Runtime())
    machine.attach(journal)
    for event in [DoorEvent.open, .close, .lock(42)] { await machine.send(event) }
    return try JournalRecording(journal.contents(), schema: schema, action: DoorEvent.self)
  }

  @Test func aMachinesJournalReplaysThroughTheTestStore() async throws {
    try await assertJournalReplays(try await Self.recording(), stateMachine: Self.door())
  }

  @Test func aStepTheMachineNoLongerReproducesFailsTheTest() async throws {
    let recording = try await Self.recording()
    try await withKnownIssue {
      try await assertJournalReplays(recording, stateMachine: Self.door { $0 + 1 })
    } matching: { issue in
      issue.description.contains("42") && issue.description.contains("43")
    }
  }
}
