public import Statecraft
public import StatecraftJournal

/// Replays a journal through a ``TestStore``: each recorded action is sent, actions that effects
/// sent included, and the state at each keyframe is asserted to be the recorded one (at every step
/// for a journal written with `JournalKeyframes.everyStep`). A keyframe that does not
/// reproduce fails the test with the test store's diff, at the line of this call, and ends the
/// replay: the steps after it would differ from there. No effect runs:
/// the journal already holds every action they sent.
///
/// ```swift
/// struct Todos: Codable, Equatable { var items: [String] = [] }
/// enum TodosAction: Codable, Sendable { case add(String), clear }
///
/// func todosReducer() -> Reduce<Todos, TodosAction> {
///   Reduce { todos, action in
///     switch action {
///     case .add(let item): todos.items.append(item)
///     case .clear: todos.items = []
///     }
///     return .none
///   }
/// }
/// ```
///
/// A test of the journal a bug report attached, beside the test (add `@Test` in your test target):
///
/// ```swift
/// @MainActor func theBugReportReplays() async throws {
///   let todosSchema = SnapshotSchema<Todos>("todos")
///   try await assertJournalReplays(
///     path: "Tests/Journals/todos-crash.jsonl", schema: todosSchema, reducer: todosReducer())
/// }
/// ```
///
/// `swift run statecraft-journal test <file>` writes such a test for a journal.
@MainActor
public func assertJournalReplays<State: Codable & Equatable, Action: Codable & Sendable>(
  path: String, schema: SnapshotSchema<State>, reducer: Reduce<State, Action>,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async throws {
  let recording = try JournalRecording(contentsOf: path, schema: schema, action: Action.self)
  try await assertJournalReplays(
    recording, reducer: reducer, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Replays a journal's contents through a ``TestStore``. See
/// ``assertJournalReplays(path:schema:reducer:fileID:filePath:line:column:)``.
@MainActor
public func assertJournalReplays<State: Codable & Equatable, Action: Codable & Sendable>(
  _ recording: JournalRecording<State, Action>, reducer: Reduce<State, Action>,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async throws {
  let store = TestStore(
    initialState: try recording.startState(),
    reducer: Reduce<State, Action> { state, action in
      _ = reducer(&state, action)
      return .none
    },
    fileID: fileID, filePath: filePath, line: line, column: column)
  try await replaySteps(
    of: recording, through: store, replayer: .reducer(reducer), fileID: fileID,
    filePath: filePath, line: line, column: column)
}

/// Replays a declarative machine's journal through a ``TestStore`` over the machine, started in the
/// journal's first state: each recorded event is sent, those that side effects sent included, and
/// each state is asserted to be the recorded one. The runtime has no side effects, so none runs:
/// the journal already holds every event they sent.
///
/// ```swift
/// enum DoorState: DSLCompatible, Codable { case opened, closed }
/// enum DoorEvent: DSLCompatible, Codable { case open, close }
///
/// enum Door {
///   static let schema = SnapshotSchema<DoorState>("door")
///   static let machine: StateMachine<DoorState, DoorEvent, Never> = StateMachine(initial: .closed) {
///     When(states: OneOf { DoorState.opened; DoorState.closed }) { _ in Execute.noOutput } transitions: { _ in
///       On(event: DoorEvent.open) { _ in Transition(to: DoorState.opened) }
///       On(event: DoorEvent.close) { _ in Transition(to: DoorState.closed) }
///     }
///   }
/// }
///
/// @MainActor func theDoorReplays() async throws {   // a @Test in your test target
///   let recording = try JournalRecording(contentsOf: "Tests/Journals/door.jsonl", schema: Door.schema, action: DoorEvent.self)
///   try await assertJournalReplays(recording, stateMachine: Door.machine)
/// }
/// ```
@MainActor
public func assertJournalReplays<State: Codable & DSLCompatible, Event: Codable & DSLCompatible, Output: DSLCompatible>(
  _ recording: JournalRecording<State, Event>, stateMachine: StateMachine<State, Event, Output>,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async throws {
  let store = TestStore(
    stateMachine: stateMachine.starting(in: try recording.startState()), runtime: Runtime(),
    fileID: fileID, filePath: filePath, line: line, column: column)
  try await replaySteps(
    of: recording, through: store, replayer: .machine(stateMachine), fileID: fileID,
    filePath: filePath, line: line, column: column)
}

/// Sends each recorded message through `store`, asserting the recorded state at each keyframe,
/// and between keyframes the state `replayer` moves to.
@MainActor
private func replaySteps<State: Codable & Equatable, Action: Codable & Sendable>(
  of recording: JournalRecording<State, Action>, through store: TestStore<State, Action>,
  replayer: JournalReplayer<State, Action>,
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) async throws {
  for number in recording.steps where !recording.isEmpty {
    // Past records dropped under load, the replayed states say nothing of the reducer.
    if let drop = recording.drops.first(where: { $0.step == number - 1 }) {
      throw JournalError.recordsDropped(step: drop.step, records: drop.records)
    }
    guard let action = try recording.stepLine(number).message else {
      throw JournalError.doesNotDecode(
        line: number, reason: "step \(number) has no message of type \(Action.self) to replay")
    }
    let recorded = try recording.recordedState(at: number)
    await store.send(
      action,
      assert: { state in
        if let recorded { state = recorded } else { replayer.apply(&state, action) }
      }, fileID: fileID, filePath: filePath, line: line, column: column)
    // The first keyframe that differs is the one to look at: the steps after it differ from there.
    if let recorded, store.state != recorded { return }
  }
}
