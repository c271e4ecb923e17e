/// What replays a journal's steps between its keyframes: the reducer or machine that took them,
/// or any function that takes a state to the next on a message.
///
/// ```swift
/// let schema = SnapshotSchema<Int>("counter")
/// let adding = Reduce<Int, Int> { count, step in count += step; return .none }
/// let journal = try Journal(schema: schema, action: Int.self)
/// let store = Store(initialState: 0, reducer: adding)
/// store.attach(journal)
/// store.send(2)
/// store.send(3)
/// let recording = try JournalRecording(journal.contents(), schema: schema, action: Int.self)
/// print(try recording.state(at: 2, replaying: .reducer(adding)))              // 5
/// print(try recording.state(at: 2, replaying: JournalReplayer { $0 += $1 }))  // 5
/// ```
///
/// Replay runs no effect: the journal holds every message that effects sent. It reproduces the
/// recorded states only if each step is a pure function of the state and the message; record
/// with ``JournalKeyframes/everyStep`` a reducer that reads a clock or a random number.
public struct JournalReplayer<State, Action> {
  package let apply: (inout State, Action) -> Void

  /// A replayer that moves a state to the next with `apply`.
  public init(_ apply: @escaping (inout State, Action) -> Void) {
    self.apply = apply
  }

  /// Replays with `reducer`, dropping the effects it returns.
  public static func reducer(_ reducer: Reduce<State, Action>) -> Self where Action: Sendable {
    Self { state, action in _ = reducer(&state, action) }
  }

  /// Replays with `machine`'s transitions: an event no transition takes leaves the state. No
  /// output, middleware or side effect runs.
  public static func machine<Output>(_ machine: StateMachine<State, Action, Output>) -> Self
  where State: DSLCompatible, Action: DSLCompatible {
    Self { state, event in state = machine.transition(from: state, on: event) ?? state }
  }
}
