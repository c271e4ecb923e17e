/// Time travel over a journal: the state at any step, and a cursor that steps forwards and
/// backwards. A move to a keyframe reads it; a step forwards replays one step; any other move
/// reads the keyframe before its step and replays from there (see
/// ``JournalRecording/state(at:replaying:)``).
///
/// ```swift
/// struct Todos: Codable { var items: [String] = [] }
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
/// ```swift
/// let schema = SnapshotSchema<Todos>("todos")
/// let recording = try JournalRecording(contentsOf: "/tmp/todos.jsonl", schema: schema, action: TodosAction.self)
/// var timeline = try JournalTimeline(recording, replaying: .reducer(todosReducer()))
/// try timeline.move(to: 1_500)      // the state after step 1,500
/// try timeline.back()               // after step 1,499
/// try timeline.forward()            // after step 1,500 again
/// print(timeline.state.items)
/// ```
public struct JournalTimeline<State: Codable, Action: Decodable> {
  /// The journal the timeline reads its states from.
  public let recording: JournalRecording<State, Action>
  /// What replays the steps between keyframes; `nil` reads keyframes only.
  let replayer: JournalReplayer<State, Action>?
  /// The step the cursor is at: the journal's start (its first step − 1) before any step.
  public private(set) var position: Int
  /// The state after ``position``.
  public private(set) var state: State
  /// The gaps of the journal before ``position`` (see ``JournalRecording/gaps``). When there are
  /// any, ``state`` is as recorded, but the journal does not hold every step that led to it.
  public var gapsBefore: [JournalGap] {
    recording.gaps.filter { $0.missingSteps.upperBound < position }
  }

  /// A timeline at the journal's start, which replays the steps between keyframes with
  /// `replayer`. Without one, a move to a step that is not a keyframe throws
  /// ``JournalError/needsReplayer(step:keyframe:)``.
  public init(
    _ recording: JournalRecording<State, Action>,
    replaying replayer: JournalReplayer<State, Action>? = nil
  ) throws(JournalError) {
    self.recording = recording
    self.replayer = replayer
    position = recording.startStep
    state = try recording.startState()
  }

  /// Moves to `step`: the start (the first step − 1) or any step of the journal. A step missing
  /// from it (in one of its ``JournalRecording/gaps``) throws
  /// ``JournalError/missingStep(_:unreadableLines:)``, and the cursor stays where it was: stepping
  /// forwards or backwards stops at a gap rather than crossing it unseen.
  public mutating func move(to step: Int) throws(JournalError) {
    if step == position + 1, let replayer {
      try recording.advance(&state, to: step, with: replayer)
    } else {
      state = try recording.state(at: step, replaying: replayer)
    }
    position = step
  }

  /// Moves one step forwards.
  public mutating func forward() throws(JournalError) { try move(to: position + 1) }

  /// Moves one step backwards.
  public mutating func back() throws(JournalError) { try move(to: position - 1) }
}

extension JournalTimeline: Equatable where State: Equatable {
  /// Two timelines are equal when they are at the same position with equal states. Their
  /// recordings are not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.position == rhs.position && lhs.state == rhs.state
  }
}
