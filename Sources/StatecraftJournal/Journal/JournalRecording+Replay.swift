import CustomDump

extension JournalRecording where State: Equatable, Action: Sendable {
  /// Replays the journal onto `reducer` from its start state: feeds every recorded action,
  /// including those that effects sent, runs no effect, and checks each state it reproduces
  /// against the recorded one. Returns how many steps it replayed.
  ///
  /// ```swift
  /// let recording = try JournalRecording(contentsOf: path, schema: todosSchema, action: TodosAction.self)
  /// try recording.replay(todosReducer)   // throws ReplayMismatch at the first step that differs
  /// ```
  ///
  /// A mismatch means the reducer is not pure (it read a clock, a random number, a global), or its
  /// code changed since the journal was written. Replay stops at a step whose action the journal
  /// could not record, and at records the inspector dropped under load, with a ``JournalError``.
  @discardableResult
  public func replay(_ reducer: Reduce<State, Action>) throws -> Int {
    try replay { state, action in _ = reducer(&state, action) }
  }
}

extension JournalRecording where State: DSLCompatible, Action: DSLCompatible {
  /// Replays a declarative machine's journal onto `machine`'s transitions: each recorded event
  /// moves the state as ``StateMachine/transition(from:on:)`` says (an event no transition takes
  /// leaves it), and each state is checked against the recorded one. No output, middleware or
  /// side effect runs.
  ///
  /// ```swift
  /// let recording = try JournalRecording(contentsOf: path, schema: doorSchema, action: DoorEvent.self)
  /// try recording.replay(doorMachine)
  /// ```
  @discardableResult
  public func replay<Output>(_ machine: StateMachine<State, Action, Output>) throws -> Int {
    try replay { state, event in state = machine.transition(from: state, on: event) ?? state }
  }
}

extension JournalRecording where State: Equatable {
  /// Replays each step with `apply`, checking each state against the recorded one.
  func replay(_ apply: (inout State, Action) -> Void) throws -> Int {
    var state = try startState()
    var replayed = 0
    for number in steps where !isEmpty {
      if let drop = drops.first(where: { $0.step == number - 1 }) {
        throw JournalError.recordsDropped(step: drop.step, records: drop.records)
      }
      let step = try step(number)
      guard let action = step.action else {
        throw JournalError.doesNotDecode(
          line: number, reason: "step \(number) has no action of type \(Action.self) to replay")
      }
      apply(&state, action)
      guard state == step.state else {
        throw ReplayMismatch(
          step: number, action: String(customDumping: action),
          diff: diff(step.state, state, format: .proportional) ?? "(no printable difference)")
      }
      replayed += 1
    }
    return replayed
  }
}

/// The first step at which a replayed state differs from the recorded one.
public struct ReplayMismatch: Error, Sendable, CustomStringConvertible {
  /// The step, from 1.
  public let step: Int
  /// The action of that step, dumped.
  public let action: String
  /// The recorded state (−) against the replayed one (+).
  public let diff: String

  public var description: String {
    "Replaying step \(step) (\(action)) did not reproduce the recorded state: the reducer is not pure, or changed since the journal was written.\n\(diff)"
  }
}
