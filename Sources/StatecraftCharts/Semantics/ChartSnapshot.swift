import StatecraftEngine

/// Everything a chart is between two events, as a value: its active states, its context, the
/// history it recorded, the timers it waits for, its own time, and whether it is done.
///
/// ```swift
/// enum Player: Hashable, Sendable, Codable { case idle, active, playing }
/// enum PlayerEvent: Hashable, Sendable, Codable { case play }
/// ```
///
/// ```swift
/// let player = Statechart<Player, PlayerEvent, EmptyChartContext>(initial: .idle, context: .init()) {
///   StateNode(.idle) { OnEvent(.play, target: .playing) }
///   StateNode(.active, initial: .playing) { StateNode(.playing) }
/// }
/// var snapshot = player.initialTransition().snapshot
/// snapshot = player.transition(from: snapshot, on: .play).snapshot
/// #expect(snapshot.isIn(.playing))                    // its ancestors are active too
/// let saved = try JSONEncoder().encode(snapshot)      // when the chart's types are Codable
/// #expect(!saved.isEmpty)
/// ```
///
/// A snapshot is `Codable` and `Equatable` when the chart's state ids, events and context are.
/// Restoring one (``AsyncStatechartSequence/init(_:restoring:clock:fileID:filePath:line:column:outputs:)``)
/// resumes its timers with the time they had left.
public struct ChartSnapshot<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// The active states, ancestors included, in document order (a state before its descendants).
  public var configuration: [ID] {
    guard let table = _table else { return _decodedConfiguration ?? [] }
    var ids: [ID] = []
    ids.reserveCapacity(_active.count)
    _active.forEach { ids.append(table.id(of: $0)) }
    return ids
  }
  /// The chart's extended state.
  @inlinable public var context: Context { _context }
  /// For each history state whose parent has exited: the states it recorded.
  @inlinable public var history: [ID: [ID]] { _history }
  /// The delayed sends and delayed transitions the chart waits for, in the order they fire.
  ///
  /// Sorted when read: the chart keeps them in a queue whose every step costs O(log n) in their
  /// number.
  @inlinable public var timers: [ChartTimer<ID, Event>] { _timers.sorted }
  /// The chart's own time: how long it has run, as far as its timers know.
  @inlinable public var time: Duration { _time }
  /// Whether the chart reached a top-level final state. A done chart processes no more events;
  /// its configuration stays the one it finished in.
  @inlinable public var isDone: Bool { _isDone }

  // The active states are bits of the chart's table, so that a step neither allocates nor hashes
  // to read or write them; a decoded snapshot has ids until a chart reads it. The other fields are
  // stored under other names so that the step function, inlined into clients, can set them while
  // users only read them.
  @usableFromInline var _active: NodeSet
  @usableFromInline var _table: ChartTable<ID, Event, Context>?
  @usableFromInline var _decodedConfiguration: [ID]?
  @usableFromInline var _context: Context
  @usableFromInline var _history: [ID: [ID]]
  @usableFromInline var _timers: ChartTimerQueue<ID, Event>
  /// When the first pending timer is due, on the chart's time line, without sorting the timers.
  package var nextTimerDue: Duration? { _timers.first?.due }
  @usableFromInline var _time: Duration
  @usableFromInline var _isDone: Bool
  /// The sequence number of the next timer.
  @usableFromInline var nextTimerSequence: UInt64

  @inlinable
  init(table: ChartTable<ID, Event, Context>, context: Context) {
    _active = NodeSet()
    _table = table
    _decodedConfiguration = nil
    _context = context
    _history = [:]
    _timers = ChartTimerQueue()
    _time = .zero
    _isDone = false
    nextTimerSequence = 0
  }

  /// The latest time a chart can reach: a delay that would take a timer past it is cut to it, and
  /// a snapshot whose time is past it does not validate (``Statechart/validate(_:)``). About 292
  /// billion years, far from the largest `Duration`, so that adding a delay never overflows.
  public static var maximumTime: Duration { .seconds(Int64.max) }

  /// Whether the state `id` is active. An active state's ancestors are active too.
  @inlinable
  public func isIn(_ id: ID) -> Bool {
    guard let table = _table else { return _decodedConfiguration?.contains(id) ?? false }
    guard let index = table.index(of: id) else { return false }
    return _active.contains(index)
  }

  /// This snapshot with its time and its timers' due times between zero and ``maximumTime``: what
  /// a running chart restores, so that its clock's arithmetic cannot overflow, whatever a
  /// snapshot from elsewhere holds (``Statechart/validate(_:)`` reports such times).
  package func withTimesInRange() -> Self {
    let range = Duration.zero...Self.maximumTime
    func clamped(_ time: Duration) -> Duration { min(max(time, range.lowerBound), range.upperBound) }
    guard !range.contains(_time) || _timers.sorted.contains(where: { !range.contains($0.due) })
    else { return self }
    var copy = self
    copy._time = clamped(_time)
    copy._timers = ChartTimerQueue(
      _timers.sorted.map { ChartTimer(kind: $0.kind, due: clamped($0.due), sequence: $0.sequence) })
    return copy
  }

  /// The active states as bits of `table`: the snapshot's own, or read from its ids if it comes
  /// from another chart or from a decoder.
  @inlinable
  func active(in table: ChartTable<ID, Event, Context>) -> NodeSet {
    if _table === table { return _active }
    var active = NodeSet()
    for id in configuration {
      if let index = table.index(of: id) { active.insert(index) }
    }
    return active
  }
}

extension ChartSnapshot: Equatable where Event: Equatable, Context: Equatable {
  /// Two snapshots are equal when their active states, context, history, timers, time and
  /// whether the chart is done are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    let sameConfiguration =
      lhs._table != nil && lhs._table === rhs._table
      ? lhs._active == rhs._active : lhs.configuration == rhs.configuration
    return sameConfiguration && lhs._context == rhs._context && lhs._history == rhs._history
      && lhs.timers == rhs.timers && lhs._time == rhs._time && lhs._isDone == rhs._isDone
  }
}

extension ChartSnapshot: Hashable where Event: Hashable, Context: Hashable {
  /// Hashes what `==` compares: the active states, context, history, timers, time and whether the
  /// chart is done.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(configuration)
    hasher.combine(_context)
    hasher.combine(_history)
    hasher.combine(timers)
    hasher.combine(_time)
    hasher.combine(_isDone)
  }
}

extension ChartSnapshot: Codable where ID: Codable, Event: Codable, Context: Codable {
  enum CodingKeys: String, CodingKey {
    case configuration, context, history, timers, time, isDone, nextTimerSequence
  }

  /// Decodes a snapshot that ``encode(to:)`` wrote. Its active states stay ids until a chart reads
  /// it; timers whose sequence numbers repeat, or are not below the next one, are numbered again
  /// in the order they fire, so that none is lost.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    _active = NodeSet()
    _table = nil
    _decodedConfiguration = try container.decode([ID].self, forKey: .configuration)
    _context = try container.decode(Context.self, forKey: .context)
    _history = try container.decode([ID: [ID]].self, forKey: .history)
    var timers = try container.decode([ChartTimer<ID, Event>].self, forKey: .timers)
    _time = try container.decode(Duration.self, forKey: .time)
    _isDone = try container.decode(Bool.self, forKey: .isDone)
    nextTimerSequence = try container.decode(UInt64.self, forKey: .nextTimerSequence)
    // Sequence numbers identify timers in the queue: numbers that repeat, or that are not below
    // the next one, are given again, in the order the timers fire (the data's order breaking
    // ties), so that no timer is lost or cancelled in another's place.
    var seen = Set<UInt64>()
    let next = nextTimerSequence
    if !timers.allSatisfy({ $0.sequence < next && seen.insert($0.sequence).inserted }) {
      timers = timers.enumerated()
        .sorted { ($0.element.due, $0.element.sequence, $0.offset) < ($1.element.due, $1.element.sequence, $1.offset) }
        .enumerated().map { ChartTimer(kind: $1.element.kind, due: $1.element.due, sequence: UInt64($0)) }
      nextTimerSequence = UInt64(timers.count)
    }
    // In the order they fire, whatever order the data has them in.
    _timers = ChartTimerQueue(timers)
  }

  /// Encodes the active states as ids, the context, the history, the timers in the order they
  /// fire, the time, whether the chart is done, and the next timer's sequence number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(configuration, forKey: .configuration)
    try container.encode(_context, forKey: .context)
    try container.encode(_history, forKey: .history)
    try container.encode(timers, forKey: .timers)
    try container.encode(_time, forKey: .time)
    try container.encode(_isDone, forKey: .isDone)
    try container.encode(nextTimerSequence, forKey: .nextTimerSequence)
  }
}

extension ChartSnapshot: CustomStringConvertible {
  /// The active states in brackets, then `done` if the chart is: `[active, playing]`.
  public var description: String {
    "[" + configuration.map { "\($0)" }.joined(separator: ", ") + "]" + (isDone ? " done" : "")
  }
}

/// What a dump or a diff of a snapshot shows (CustomDump, `dump`, the inspector): what it means,
/// not the bit sets and the chart table it stores.
extension ChartSnapshot: CustomReflectable {
  /// The snapshot's configuration, context, history, timers, time and whether it is done, as the
  /// children of a struct.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "configuration": configuration as Any, "context": context as Any,
        "history": history as Any, "timers": timers as Any, "time": "\(time)" as Any,
        "isDone": isDone as Any,
      ],
      displayStyle: .struct)
  }
}

extension ChartSnapshot: ClockedState {
  @usableFromInline package var clockTime: Duration { _time }
}
