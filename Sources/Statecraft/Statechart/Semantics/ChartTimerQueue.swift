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
/// The queue is two optional references: a chart with no timer copies nothing for it, and the
/// indexes are made with the first timer that needs them.
@usableFromInline
struct ChartTimerQueue<ID: Hashable & Sendable, Event: Sendable>: Sendable {
  @usableFromInline typealias Timer = ChartTimer<ID, Event>

  /// The indexes, in one immutable box: a snapshot keeps one optional reference for them, `nil`
  /// until a timer needs one. A change makes a new box around the changed dictionaries, whose
  /// copies cost O(1).
  @usableFromInline
  final class Indexes: Sendable {
    /// The delayed sends that have an id, by id.
    @usableFromInline let sendsByID: TreeDictionary<String, TreeDictionary<UInt64, Timer>>
    /// The delayed transitions' timers, by state.
    @usableFromInline let delayedByState: TreeDictionary<ID, [Timer]>

    @inlinable init(
      sendsByID: TreeDictionary<String, TreeDictionary<UInt64, Timer>>,
      delayedByState: TreeDictionary<ID, [Timer]>
    ) {
      self.sendsByID = sendsByID
      self.delayedByState = delayedByState
    }
  }

  @usableFromInline var order = ChartTimerTree<ID, Event>()
  @usableFromInline var indexes: Indexes?

  @inlinable init() {}

  /// A queue of `timers`, in any order.
  @inlinable init(_ timers: some Sequence<Timer>) {
    for timer in timers { insert(timer) }
  }

  @inlinable var isEmpty: Bool { order.isEmpty }

  /// The timer that fires first.
  @inlinable var first: Timer? { order.first }

  /// The timers in firing order.
  @inlinable var sorted: [Timer] { order.sorted }

  /// Changes the indexes: `body` gets copies of both dictionaries, O(1) each.
  @inlinable mutating func updateIndexes(
    _ body: (
      inout TreeDictionary<String, TreeDictionary<UInt64, Timer>>, inout TreeDictionary<ID, [Timer]>
    ) -> Void
  ) {
    var sendsByID = indexes?.sendsByID ?? [:]
    var delayedByState = indexes?.delayedByState ?? [:]
    body(&sendsByID, &delayedByState)
    indexes =
      sendsByID.isEmpty && delayedByState.isEmpty
      ? nil : Indexes(sendsByID: sendsByID, delayedByState: delayedByState)
  }

  @inlinable mutating func insert(_ timer: Timer) {
    order.insert(timer)
    switch timer.kind {
    case .send(_, let id?):
      updateIndexes { sendsByID, _ in sendsByID[id, default: [:]][timer.sequence] = timer }
    case .send(_, nil):
      break
    case .after(let state, _):
      updateIndexes { _, delayedByState in delayedByState[state, default: []].append(timer) }
    }
  }

  /// Removes the timer that fires first, and returns it.
  @inlinable mutating func popFirst() -> Timer? {
    guard let timer = order.first else { return nil }
    order.removeFirst()
    switch timer.kind {
    case .send(_, let id?):
      updateIndexes { sendsByID, _ in
        sendsByID[id]?[timer.sequence] = nil
        if sendsByID[id]?.isEmpty == true { sendsByID[id] = nil }
      }
    case .send(_, nil):
      break
    case .after(let state, _):
      updateIndexes { _, delayedByState in
        // A state has one timer for each of its delayed transitions at most: a short list.
        delayedByState[state]?.removeAll { $0.sequence == timer.sequence }
        if delayedByState[state]?.isEmpty == true { delayedByState[state] = nil }
      }
    }
    return timer
  }

  /// Cancels the delayed sends with `id`.
  @inlinable mutating func removeSends(id: String) {
    guard let timers = indexes?.sendsByID[id] else { return }
    updateIndexes { sendsByID, _ in sendsByID[id] = nil }
    for (_, timer) in timers { order.remove(timer) }
  }

  /// Cancels the timers of `state`'s delayed transitions.
  @inlinable mutating func removeDelayedTransitions(of state: ID) {
    guard let timers = indexes?.delayedByState[state] else { return }
    updateIndexes { _, delayedByState in delayedByState[state] = nil }
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
