import CustomDump

extension JournalRecording where State: Equatable, Action: Sendable {
  /// Replays the journal onto `reducer` from its start state: feeds every recorded action,
  /// including those that effects sent, runs no effect, and checks the state it reproduces at
  /// each keyframe against the recorded one (at every step for a journal written with
  /// ``JournalKeyframes/everyStep``). Returns how many steps it replayed.
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
  ///
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
  /// enum Player: Hashable, Sendable, Codable { case paused, playing }
  /// enum Control: Hashable, Sendable, Codable { case play, pause }
  /// struct Settings: Hashable, Sendable, Codable { var volume = 5 }
  ///
  /// enum Charts {
  ///   static let player = Statechart<Player, Control, Settings>("player", initial: .paused, context: Settings()) {
  ///     StateNode(.paused) { OnEvent(.play, target: .playing) }
  ///     StateNode(.playing) { OnEvent(.pause, target: .paused) }
  ///   }
  ///   static let schema = SnapshotSchema<ChartSnapshot<Player, Control, Settings>>("player", version: 1)
  /// }
  /// ```
  ///
  /// ```swift
  /// let todosSchema = SnapshotSchema<Todos>("todos")
  /// let recording = try JournalRecording(contentsOf: "/tmp/todos.jsonl", schema: todosSchema, action: TodosAction.self)
  /// try recording.replay(todosReducer())   // throws ReplayMismatch at the first step that differs
  /// ```
  ///
  /// A mismatch means the reducer is not pure (it read a clock, a random number, a global), or its
  /// code changed since the journal was written. Replay stops at a step whose action the journal
  /// could not record, and at records the inspector dropped under load, with a ``JournalError``.
  @discardableResult
  public func replay(_ reducer: Reduce<State, Action>) throws -> Int {
    try replay(.reducer(reducer))
  }
}

extension JournalRecording where State: DSLCompatible, Action: DSLCompatible {
  /// Replays a declarative machine's journal onto `machine`'s transitions: each recorded event
  /// moves the state as ``/StatecraftMachines/StateMachine/transition(from:on:)`` says (an event no transition takes
  /// leaves it), and the state at each keyframe is checked against the recorded one. No output,
  /// middleware or side effect runs.
  ///
  /// ```swift
  /// let recording = try JournalRecording(contentsOf: "/tmp/door.jsonl", schema: Door.schema, action: DoorEvent.self)
  /// try recording.replay(Door.machine)
  /// ```
  @discardableResult
  public func replay<Output>(_ machine: StateMachine<State, Action, Output>) throws -> Int {
    try replay(.machine(machine))
  }
}

extension JournalRecording {
  /// Replays a statechart's journal onto `chart`'s step function, as ``JournalReplayer/chart(_:)``
  /// does: each step is taken at the chart's time the journal recorded with it, firing the
  /// timers due by then, with the recorded event, or none for a step the chart's clock started.
  /// The snapshot at each keyframe is checked against the recorded one. No output or invocation
  /// runs.
  ///
  /// ```swift
  /// let recording = try JournalRecording(contentsOf: "/tmp/player.jsonl", schema: Charts.schema, action: Control.self)
  /// try recording.replay(Charts.player)   // throws ReplayMismatch at the first step that differs
  /// ```
  ///
  /// The chart's journal is one a ``Journal`` of `SnapshotSchema<ChartSnapshot<…>>` and the
  /// chart's events wrote; events the chart raised or sent itself within a step are not replayed
  /// on their own, since replaying the step's first event reproduces them.
  @discardableResult
  public func replay<ID, Context>(_ chart: Statechart<ID, Action, Context>) throws -> Int
  where State == ChartSnapshot<ID, Action, Context>, Action: Equatable, Context: Equatable {
    let replayer = JournalReplayer.chart(chart)
    return try replay(requiringActions: false) { snapshot, line, recorded throws(JournalError) in
      if let time = line.clockTime {
        replayer.applyAtTime?(&snapshot, line.message, time, line.catchUp == true)
        return
      }
      // A journal written before charts' steps recorded their time holds every step's snapshot,
      // and the chart's time is in it.
      guard let recorded else { throw .doesNotDecode(line: 0, reason: "a chart's step has no time and no snapshot") }
      // The chart's first step is its start: its initial transition.
      if snapshot.configuration.isEmpty, !snapshot.isDone {
        snapshot = chart.initialTransition().snapshot
      }
      let elapsed = recorded.time - snapshot.time
      if elapsed > .zero { snapshot = chart.advance(snapshot, by: elapsed).snapshot }
      if let event = line.message { snapshot = chart.transition(from: snapshot, on: event).snapshot }
    }
  }
}

extension JournalRecording where State: Equatable {
  /// Replays each step with `replayer`, checking the state at each keyframe against the
  /// recorded one.
  func replay(_ replayer: JournalReplayer<State, Action>) throws -> Int {
    try replay(requiringActions: true) { state, line, _ in replayer.apply(&state, line.message!) }
  }

  /// Replays each step with `apply`, which gets the step's line (its action is `nil` if it has
  /// none, which only `requiringActions: false` allows) and the recorded state to reach, at a
  /// keyframe.
  func replay(
    requiringActions: Bool, _ apply: (inout State, StepLine, State?) throws(JournalError) -> Void
  ) throws -> Int {
    var state = try startState()
    var replayed = 0
    for number in steps where !isEmpty {
      if let drop = drops.first(where: { $0.step == number - 1 }) {
        throw JournalError.recordsDropped(step: drop.step, records: drop.records)
      }
      let line = try stepLine(number)
      if requiringActions, line.message == nil {
        throw JournalError.doesNotDecode(
          line: number, reason: "step \(number) has no action of type \(Action.self) to replay")
      }
      let recorded = try recordedState(at: number)
      try apply(&state, line, recorded)
      if let recorded, state != recorded {
        throw ReplayMismatch(
          step: number, action: line.message.map { String(customDumping: $0) } ?? "(the chart's clock)",
          diff: diff(recorded, state, format: .proportional) ?? "(no printable difference)")
      }
      replayed += 1
    }
    return replayed
  }
}

/// The first step at which a replayed state differs from the recorded one.
///
/// ```swift
/// let lines = """
///   {"statecraft":"journal","format":1,"definition":"counter","version":1}
///   {"type":"start","step":0,"time":0,"state":0}
///   {"type":"step","step":1,"time":0.1,"message":2,"state":2}
///   """
/// let schema = SnapshotSchema<Int>("counter")
/// let recording = try JournalRecording(Data(lines.utf8), schema: schema, action: Int.self)
/// let doubling = Reduce<Int, Int> { count, step in count += 2 * step; return .none }
/// do {
///   try recording.replay(doubling)
/// } catch let mismatch as ReplayMismatch {
///   print(mismatch.step, mismatch.action, mismatch.diff)   // 1, 2, and the recorded 2 against 4
/// }
/// ```
public struct ReplayMismatch: Error, Sendable, CustomStringConvertible {
  /// The step, from 1.
  public let step: Int
  /// The action of that step, dumped.
  public let action: String
  /// The recorded state (−) against the replayed one (+).
  public let diff: String

  /// Names the step and its action, says why replay can differ, then shows the ``diff``.
  public var description: String {
    "Replaying step \(step) (\(action)) did not reproduce the recorded state: the reducer is not pure, or changed since the journal was written.\n\(diff)"
  }
}
