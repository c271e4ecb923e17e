
/// Broadcasts a value that changes over time. Each new observer first gets the current value, then
/// every later one, in order; two observers never split the values between them.
///
/// Each observer has its own buffer. By default it is unbounded, so an observer that falls behind
/// never loses a value; `.bufferingNewest(n)` keeps only the newest `n` unread values.
/// Observers that stop iterating are removed.
final class SnapshotBroadcast<Element: Sendable>: Sendable {
  private struct State {
    var current: Element
    var observers: [UInt64: AsyncStream<Element>.Continuation] = [:]
    var nextID: UInt64 = 0
    var isFinished = false
  }

  private let state: CriticalState<State>

  init(_ initial: Element) {
    state = CriticalState(State(current: initial))
  }

  /// The current value.
  var current: Element { state.withLock { $0.current } }

  /// A stream that starts with the current value, then yields every later value.
  func observe(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: bufferingPolicy)
    let id = state.withLock { state -> UInt64 in
      defer { state.nextID += 1 }
      continuation.yield(state.current)
      if state.isFinished {
        continuation.finish()
      } else {
        state.observers[state.nextID] = continuation
      }
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Stores a new value and hands it to every observer. Yielding under the lock keeps the order
  /// the same for every observer when several threads send at once.
  func send(_ value: Element) {
    state.withLock { state in
      guard !state.isFinished else { return }
      state.current = value
      for (id, observer) in state.observers {
        if case .terminated = observer.yield(value) { state.observers[id] = nil }
      }
    }
  }

  /// Ends every observer's stream after the values it has buffered.
  func finish() {
    let observers = state.withLock { state in
      state.isFinished = true
      defer { state.observers = [:] }
      return state.observers.values
    }
    for observer in observers { observer.finish() }
  }

  deinit {
    finish()
  }
}
