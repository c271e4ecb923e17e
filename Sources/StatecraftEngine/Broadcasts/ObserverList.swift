/// The observers of a broadcast, as a value-type state machine: each transition returns what its
/// caller must do outside the lock that holds the list.
///
/// Both ``BroadcastStorage`` (behind every ``OpenAsyncBroadcast`` and ``StateBroadcast``) and
/// ``OwnerCore`` (behind every store and machine) keep their observers in one. Nothing leaves the
/// list to be released under that lock: removed observers and elements that a full buffer dropped
/// are handed back, so that the caller releases them after unlocking. An element's `deinit` may then
/// use the broadcast again without deadlocking.
@usableFromInline
package struct ObserverList<Element> {
  @usableFromInline
  package struct Observer {
    @usableFromInline package let id: UInt64
    @usableFromInline package let continuation: AsyncStream<Element>.Continuation
    /// Yielded just before the stream ends, when the broadcast finishes.
    @usableFromInline package let final: Element?

    @inlinable
    init(id: UInt64, continuation: AsyncStream<Element>.Continuation, final: Element?) {
      self.id = id
      self.continuation = continuation
      self.final = final
    }
  }

  @usableFromInline package private(set) var observers: [Observer] = []
  /// The id the next observer gets, or ``finished`` once the broadcast has finished: no flag of
  /// its own, so that the list is 16 bytes in every owner, with no padding.
  @usableFromInline var nextID: UInt64 = 0

  /// The `nextID` of a finished list; no list hands out that many ids.
  @usableFromInline static var finished: UInt64 { .max }

  /// Whether the broadcast has finished: observers added from now on are finished at once.
  @inlinable
  package var isFinished: Bool { nextID == Self.finished }

  @inlinable
  package init() {}

  @inlinable
  package var isEmpty: Bool { observers.isEmpty }
  package var count: Int { observers.count }

  /// What the caller does with a continuation it asked to add.
  @usableFromInline
  package enum AddAction {
    /// Registered under this id: remove it with this id when its stream terminates.
    case added(id: UInt64)
    /// The broadcast has finished: yield the observer's final element, if any, and finish it.
    case finished
  }

  /// Registers an observer, unless the broadcast has finished.
  @inlinable
  package mutating func add(
    _ continuation: AsyncStream<Element>.Continuation, final: Element?
  ) -> AddAction {
    guard !isFinished else { return .finished }
    defer { nextID &+= 1 }
    observers.append(Observer(id: nextID, continuation: continuation, final: final))
    return .added(id: nextID)
  }

  /// Unregisters an observer whose stream terminated. The caller releases it after unlocking.
  @inlinable
  package mutating func remove(id: UInt64) -> Observer? {
    guard let index = observers.firstIndex(where: { $0.id == id }) else { return nil }
    return observers.remove(at: index)
  }

  /// Unregisters observers whose streams turned out to be terminated while delivering.
  @inlinable
  package mutating func remove(ids: [UInt64]) -> [Observer] {
    guard !ids.isEmpty else { return [] }
    var removed: [Observer] = []
    observers.removeAll { observer in
      guard ids.contains(observer.id) else { return false }
      removed.append(observer)
      return true
    }
    return removed
  }

  /// Marks the broadcast finished and hands back every observer, for the caller to give each its
  /// final element and end its stream, outside the lock. Later calls hand back nothing.
  package mutating func finish() -> [Observer] {
    nextID = Self.finished
    defer { observers = [] }
    return observers
  }
}

/// What delivering one element left for the caller: elements that full buffers dropped, to be
/// released outside the lock, and the observers whose streams had terminated.
@usableFromInline
package struct Delivery<Element> {
  @usableFromInline package var dropped: [Element] = []
  @usableFromInline package var terminated: [UInt64] = []

  @inlinable
  package init() {}

  /// Yields `element` to each observer, in order. `AsyncStream`'s `yield` only buffers the element
  /// and, at most, schedules the waiting reader, so it never runs user code.
  @inlinable
  package init(_ element: Element, to observers: [ObserverList<Element>.Observer]) {
    // Safe: observers of a non-Sendable element type never exist. `AsyncBroadcast` and the owners'
    // `observe` require `Sendable` elements; only the owner core's list is generic over a state
    // that may not be, and for such a state it stays empty.
    nonisolated(unsafe) let element = element
    for observer in observers {
      switch observer.continuation.yield(element) {
      case .enqueued: break
      case .dropped(let old): dropped.append(old)
      case .terminated: terminated.append(observer.id)
      @unknown default: break
      }
    }
  }
}
