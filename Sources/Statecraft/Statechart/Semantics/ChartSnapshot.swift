/// Everything a chart is between two events, as a value: its active states, its context, the
/// history it recorded, the timers it waits for, its own time, and whether it is done.
///
/// ```swift
/// var snapshot = player.initialSnapshot().snapshot
/// snapshot = player.transition(from: snapshot, on: .play).snapshot
/// snapshot.isIn(.playing)                            // true; its ancestors are active too
/// let saved = try JSONEncoder().encode(snapshot)      // when the chart's types are Codable
/// ```
///
/// A snapshot is `Codable` and `Equatable` when the chart's state ids, events and context are.
/// Restoring one (``AsyncStatechartSequence/init(_:restoring:clock:outputs:fileID:filePath:line:column:)``)
/// resumes its timers with the time they had left.
public struct ChartSnapshot<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// The active states, ancestors included, in document order (a state before its descendants).
  public internal(set) var configuration: [ID]
  /// The chart's extended state.
  public internal(set) var context: Context
  /// For each history state whose parent has exited: the states it recorded.
  public internal(set) var history: [ID: [ID]]
  /// The delayed sends and delayed transitions the chart waits for, in the order they fire.
  public internal(set) var timers: [ChartTimer<ID, Event>]
  /// The chart's own time: how long it has run, as far as its timers know.
  public internal(set) var time: Duration
  /// Whether the chart reached a top-level final state. A done chart processes no more events;
  /// its configuration stays the one it finished in.
  public internal(set) var isDone: Bool
  /// The sequence number of the next timer.
  var nextTimerSequence: UInt64

  init(context: Context) {
    configuration = []
    self.context = context
    history = [:]
    timers = []
    time = .zero
    isDone = false
    nextTimerSequence = 0
  }

  /// Whether the state `id` is active. An active state's ancestors are active too.
  public func isIn(_ id: ID) -> Bool { configuration.contains(id) }
}

extension ChartSnapshot: Equatable where ID: Equatable, Event: Equatable, Context: Equatable {}
extension ChartSnapshot: Hashable where Event: Hashable, Context: Hashable {}
extension ChartSnapshot: Codable where ID: Codable, Event: Codable, Context: Codable {}

extension ChartSnapshot: CustomStringConvertible {
  public var description: String {
    "[" + configuration.map { "\($0)" }.joined(separator: ", ") + "]" + (isDone ? " done" : "")
  }
}
