/// The storage of every standalone broadcast: its observers (an ``ObserverList``) and, for a
/// broadcast that replays, its latest element, behind one lock.
///
/// Yielding happens under the lock, so concurrent senders are serialised: every observer sees the
/// same elements in the same order, and when `send` returns each observer has its element
/// buffered. `AsyncStream.Continuation.yield` only buffers the element and, at most, schedules the
/// waiting reader, so the lock is never held across user code. Nothing is released under it either:
/// the replaced latest element, elements that full buffers dropped, and removed observers are
/// handed out of the critical section and released after it.
@usableFromInline
final class BroadcastStorage<Element: Sendable>: Sendable {
  @usableFromInline
  struct State {
    @usableFromInline var observers = ObserverList<Element>()
    /// The latest element, replayed to each new observer. `nil` for broadcasts without replay.
    @usableFromInline var latest: Element?
    /// Counts the elements sent, so that an update can tell whether it was overtaken.
    @usableFromInline var generation: UInt64 = 0
  }

  /// What leaves the storage in one critical section, released once the lock is unlocked.
  @usableFromInline
  struct Released {
    @usableFromInline var previous: Element?
    @usableFromInline var delivery = Delivery<Element>()
    @usableFromInline var removed: [ObserverList<Element>.Observer] = []

    @inlinable
    init() {}
  }

  @usableFromInline let state: CriticalState<State>
  @usableFromInline let replays: Bool
  private let bufferingPolicy: BroadcastBufferingPolicy
  private let diagnostics: DiagnosticHandler
  let ownerName: String

  init(replaying initial: Element?, bufferingPolicy: BroadcastBufferingPolicy, ownerName: String) {
    self.state = CriticalState(State(latest: initial))
    self.replays = initial != nil
    self.bufferingPolicy = bufferingPolicy.validated()
    self.diagnostics = DiagnosticHandler.current
    self.ownerName = ownerName
  }

  var isFinished: Bool { state.withLock { $0.observers.isFinished } }
  var observerCount: Int { state.withLock { $0.observers.count } }

  /// The latest element. Only meaningful for a replaying broadcast, whose `latest` is never `nil`.
  var latest: Element { state.withLock { $0.latest! } }

  func observe(final: Element?, bufferingPolicy: BroadcastBufferingPolicy?) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self,
      bufferingPolicy: (bufferingPolicy?.validated() ?? self.bufferingPolicy).streamPolicy(of: Element.self))
    let action = state.withLock { state in
      if let latest = state.latest, replays { continuation.yield(latest) }
      return state.observers.add(continuation, final: final)
    }
    switch action {
    case .added(let id):
      continuation.onTermination = { [weak self] _ in self?.remove(id) }
    case .finished:
      if let final { continuation.yield(final) }
      continuation.finish()
    }
    return stream
  }

  /// The latest element and the number of elements sent so far, or `nil` after `finish()`.
  var latestAndGeneration: (Element, UInt64)? {
    state.withLock { state in
      state.observers.isFinished ? nil : state.latest.map { ($0, state.generation) }
    }
  }

  /// Hands `element` to every observer. Returns `false`, changing nothing, after `finish()`.
  @inlinable @discardableResult
  func send(_ element: Element) -> Bool {
    switch send(element, ifGeneration: nil) {
    case .sent: return true
    case .finished, .overtaken: return false
    }
  }

  @usableFromInline
  enum SendResult {
    case sent
    /// Nothing was sent: another element was sent since `generation`.
    case overtaken
    /// Nothing was sent: the broadcast has finished. Reported.
    case finished
  }

  /// Hands `element` to every observer, if no other element was sent since `generation` (or
  /// whatever was, with `nil`).
  @inlinable
  func send(_ element: Element, ifGeneration generation: UInt64?) -> SendResult {
    let (result, released) = state.withLock { state -> (SendResult, Released?) in
      guard !state.observers.isFinished else { return (.finished, nil) }
      if let generation, generation != state.generation { return (.overtaken, nil) }
      var released = Released()
      state.generation &+= 1
      if replays {
        released.previous = state.latest.take()
        state.latest = element
      }
      released.delivery = Delivery(element, to: state.observers.observers)
      released.removed = state.observers.remove(ids: released.delivery.terminated)
      return (.sent, released)
    }
    _ = released  // released here, after the lock
    if case .finished = result { reportSendAfterFinish() }
    return result
  }

  /// Gives each observer its final element, if it asked for one, then ends its stream after the
  /// elements it has buffered. Later calls do nothing.
  func finish() {
    for observer in state.withLock({ $0.observers.finish() }) {
      if let final = observer.final { observer.continuation.yield(final) }
      observer.continuation.finish()
    }
  }

  private func remove(_ id: UInt64) {
    _ = state.withLock { $0.observers.remove(id: id) }
  }

  @usableFromInline
  func reportSendAfterFinish() {
    diagnostics.report(
      Diagnostic(
        kind: .sendAfterFinish,
        message: "An element was sent after finish(). It was dropped; observers' streams have ended.",
        source: ownerName))
  }
}
