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
/// The queue is one optional reference: a snapshot with no timer copies nothing for it, and any
/// snapshot copies one word, which every step of every chart pays for.
@usableFromInline
struct ChartTimerQueue<ID: Hashable & Sendable, Event: Sendable>: Sendable {
  @usableFromInline typealias Timer = ChartTimer<ID, Event>
  @usableFromInline typealias SendsByID = TreeDictionary<String, TreeDictionary<UInt64, Timer>>
  @usableFromInline typealias DelayedByState = TreeDictionary<ID, [Timer]>

  /// The timers and their indexes, in one immutable box. A change makes a new box around the
  /// changed structures, whose copies cost O(1).
  @usableFromInline
  final class Storage: Sendable {
    /// The timers in firing order.
    @usableFromInline let order: ChartTimerTree<ID, Event>
    /// The delayed sends that have an id, by id.
    @usableFromInline let sendsByID: SendsByID
    /// The delayed transitions' timers, by state.
    @usableFromInline let delayedByState: DelayedByState

    @inlinable init(order: ChartTimerTree<ID, Event>, sendsByID: SendsByID, delayedByState: DelayedByState) {
      self.order = order
      self.sendsByID = sendsByID
      self.delayedByState = delayedByState
    }
  }

  /// `nil` exactly when no timer is pending.
  @usableFromInline var storage: Storage?

  @inlinable init() {}

  /// A queue of `timers`, in any order.
  @inlinable init(_ timers: some Sequence<Timer>) {
    for timer in timers { insert(timer) }
  }

  @inlinable var isEmpty: Bool { storage == nil }

  /// The timer that fires first.
  @inlinable var first: Timer? { storage?.order.first }

  /// The timers in firing order.
  @inlinable var sorted: [Timer] { storage?.order.sorted ?? [] }

  /// Changes the timers and their indexes: `body` gets copies of all three, O(1) each.
  @inlinable mutating func update(
    _ body: (inout ChartTimerTree<ID, Event>, inout SendsByID, inout DelayedByState) -> Void
  ) {
    var order = storage?.order ?? ChartTimerTree()
    var sendsByID = storage?.sendsByID ?? [:]
    var delayedByState = storage?.delayedByState ?? [:]
    body(&order, &sendsByID, &delayedByState)
    storage =
      order.isEmpty ? nil : Storage(order: order, sendsByID: sendsByID, delayedByState: delayedByState)
  }

  @inlinable mutating func insert(_ timer: Timer) {
    update { order, sendsByID, delayedByState in
      order.insert(timer)
      switch timer.kind {
      case .send(_, let id?): sendsByID[id, default: [:]][timer.sequence] = timer
      case .send(_, nil): break
      case .after(let state, _): delayedByState[state, default: []].append(timer)
      }
    }
  }

  /// Removes the timer that fires first, and returns it.
  @inlinable mutating func popFirst() -> Timer? {
    guard let timer = first else { return nil }
    update { order, sendsByID, delayedByState in
      order.removeFirst()
      switch timer.kind {
      case .send(_, let id?):
        sendsByID[id]?[timer.sequence] = nil
        if sendsByID[id]?.isEmpty == true { sendsByID[id] = nil }
      case .send(_, nil):
        break
      case .after(let state, _):
        // A state has one timer for each of its delayed transitions at most: a short list.
        delayedByState[state]?.removeAll { $0.sequence == timer.sequence }
        if delayedByState[state]?.isEmpty == true { delayedByState[state] = nil }
      }
    }
    return timer
  }

  /// Cancels the delayed sends with `id`.
  @inlinable mutating func removeSends(id: String) {
    guard let timers = storage?.sendsByID[id] else { return }
    update { order, sendsByID, _ in
      sendsByID[id] = nil
      for (_, timer) in timers { order.remove(timer) }
    }
  }

  /// Cancels the timers of `state`'s delayed transitions.
  @inlinable mutating func removeDelayedTransitions(of state: ID) {
    guard let timers = storage?.delayedByState[state] else { return }
    update { order, _, delayedByState in
      delayedByState[state] = nil
      for timer in timers { order.remove(timer) }
    }
  }

  @inlinable mutating func removeAll() { storage = nil }

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
