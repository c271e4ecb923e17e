public import HashTreeCollections

/// A chart's pending timers: in firing order (by due time, then by the order they were set), and
/// indexed by what cancels them.
///
/// Every structure in it is persistent, so that copying a snapshot costs O(1) and a step that
/// touches one timer costs O(log n) in the timers pending, however many there are (see
/// ``ChartTimerTree``):
/// - the timers in firing order: ``ChartTimerTree``;
/// - the delayed sends that have an id, by id, which ``ChartAction/cancel(_:)`` cancels;
/// - the delayed transitions' timers, by state, which leaving the state cancels.
///
/// The indexes are made with the first timer that needs them: a chart with no such timer
/// allocates nothing for them.
@usableFromInline
struct ChartTimerQueue<ID: Hashable & Sendable, Event: Sendable>: Sendable {
  @usableFromInline typealias Timer = ChartTimer<ID, Event>

  @usableFromInline var order = ChartTimerTree<ID, Event>()
  @usableFromInline var sendsByID: TreeDictionary<String, TreeDictionary<UInt64, Timer>>?
  @usableFromInline var delayedByState: TreeDictionary<ID, [Timer]>?

  @inlinable init() {}

  /// A queue of `timers`, in any order.
  @inlinable init(_ timers: some Sequence<Timer>) {
    for timer in timers { insert(timer) }
  }

  @inlinable var isEmpty: Bool { order.isEmpty }

  @inlinable var count: Int { order.count }

  /// The timer that fires first.
  @inlinable var first: Timer? { order.first }

  /// The timers in firing order.
  @inlinable var sorted: [Timer] { order.sorted }

  @inlinable mutating func insert(_ timer: Timer) {
    order.insert(timer)
    switch timer.kind {
    case .send(_, let id?):
      if sendsByID == nil { sendsByID = [:] }
      sendsByID![id, default: [:]][timer.sequence] = timer
    case .send(_, nil):
      break
    case .after(let state, _):
      if delayedByState == nil { delayedByState = [:] }
      delayedByState![state, default: []].append(timer)
    }
  }

  /// Removes the timer that fires first, and returns it.
  @inlinable mutating func popFirst() -> Timer? {
    guard let timer = order.first else { return nil }
    order.removeFirst()
    switch timer.kind {
    case .send(_, let id?):
      sendsByID?[id]?[timer.sequence] = nil
      if sendsByID?[id]?.isEmpty == true { sendsByID?[id] = nil }
    case .send(_, nil):
      break
    case .after(let state, _):
      // A state has one timer for each of its delayed transitions at most: a short list.
      delayedByState?[state]?.removeAll { $0.sequence == timer.sequence }
      if delayedByState?[state]?.isEmpty == true { delayedByState?[state] = nil }
    }
    return timer
  }

  /// Cancels the delayed sends with `id`.
  @inlinable mutating func removeSends(id: String) {
    guard let timers = sendsByID?.removeValue(forKey: id) else { return }
    for (_, timer) in timers { order.remove(timer) }
  }

  /// Cancels the timers of `state`'s delayed transitions.
  @inlinable mutating func removeDelayedTransitions(of state: ID) {
    guard let timers = delayedByState?.removeValue(forKey: state) else { return }
    for timer in timers { order.remove(timer) }
  }

  @inlinable mutating func removeAll() {
    guard !isEmpty else { return }
    self = ChartTimerQueue()
  }

  /// Numbers the timers again from zero, in firing order, and returns the next number: for a
  /// chart whose numbers ran out.
  @inlinable mutating func renumber() -> UInt64 {
    let ordered = sorted
    self = ChartTimerQueue()
    for (sequence, timer) in ordered.enumerated() {
      insert(Timer(kind: timer.kind, due: timer.due, sequence: UInt64(sequence)))
    }
    return UInt64(ordered.count)
  }
}
