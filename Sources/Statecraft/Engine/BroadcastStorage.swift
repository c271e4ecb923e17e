/// The shared core of every broadcast: a list of observers, each with its own `AsyncStream`
/// continuation, behind one lock.
///
/// Yielding happens under the lock, so concurrent senders are serialised and every observer sees
/// the same elements in the same order. `AsyncStream.Continuation.yield` only buffers the element
/// and, at most, schedules the waiting consumer, so the lock is never held across a suspension.
///
/// `send` is `@inlinable`, so that a client specialises it for its element type: a machine sends
/// every state it enters through here.
@usableFromInline
final class BroadcastStorage<Element: Sendable>: Sendable {
  @usableFromInline
  struct Observer: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let continuation: AsyncStream<Element>.Continuation
    /// Yielded by `finish()` just before the stream ends.
    let final: Element?
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var observers: [Observer] = []
    var nextID: UInt64 = 0
    /// The latest element, replayed to each new observer. `nil` for broadcasts without replay.
    @usableFromInline var latest: Element?
    @usableFromInline var isFinished = false
    /// Counts the values stored in `latest`, so that `update` can tell whether it was overtaken.
    @usableFromInline var generation: UInt64 = 0

    init(latest: Element?) {
      self.latest = latest
    }
  }

  @usableFromInline let state: CriticalState<State>
  @usableFromInline let replays: Bool
  let bufferingPolicy: BroadcastBufferingPolicy
  let diagnostics: DiagnosticHandler
  let ownerName: String

  init(replaying initial: Element?, bufferingPolicy: BroadcastBufferingPolicy, ownerName: String) {
    self.state = CriticalState(State(latest: initial))
    self.replays = initial != nil
    self.bufferingPolicy = bufferingPolicy.validated()
    self.diagnostics = DiagnosticHandler.current
    self.ownerName = ownerName
  }

  var isFinished: Bool { state.withLock { $0.isFinished } }
  var observerCount: Int { state.withLock { $0.observers.count } }

  /// The latest element. Only meaningful for a replaying broadcast, whose `latest` is never `nil`.
  var latest: Element { state.withLock { $0.latest! } }

  func observe(final: Element?, bufferingPolicy: BroadcastBufferingPolicy?) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: (bufferingPolicy?.validated() ?? self.bufferingPolicy).streamPolicy(of: Element.self))
    let id: UInt64? = state.withLock { state in
      if let latest = state.latest, replays { continuation.yield(latest) }
      guard !state.isFinished else { return nil }
      defer { state.nextID += 1 }
      state.observers.append(Observer(id: state.nextID, continuation: continuation, final: final))
      return state.nextID
    }
    guard let id else {
      if let final { continuation.yield(final) }
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return stream
  }

  /// Hands `element` to every observer. Returns `false`, changing nothing, after `finish()`.
  @inlinable @discardableResult
  func send(_ element: Element) -> Bool {
    let sent = state.withLock { state in
      guard !state.isFinished else { return false }
      if replays {
        state.latest = element
        state.generation &+= 1
      }
      Self.yield(element, to: &state.observers)
      return true
    }
    if !sent { reportSendAfterFinish() }
    return sent
  }

  /// Changes the latest element and hands the result to every observer. Two concurrent updates
  /// never lose one another's change.
  ///
  /// `body` runs without the lock, on a copy, so it may read the broadcast or cancel an observer
  /// without deadlocking. The result is stored only if nothing was sent in the meantime; otherwise
  /// `body` runs again on the newer element. Calling `update` from inside `body` on the same
  /// broadcast is a programming error, caught by a precondition: it could never settle.
  func update(_ body: (inout Element) throws -> Void) rethrows -> Bool {
    precondition(
      BroadcastUpdate.current != ObjectIdentifier(self),
      "update(_:) was called from inside update(_:) of the same broadcast; change the value through the closure's argument instead")
    for _ in 0..<Self.maximumUpdateAttempts {
      guard let (snapshot, generation) = state.withLock({ state -> (Element, UInt64)? in
        state.isFinished ? nil : (state.latest!, state.generation)
      }) else {
        reportSendAfterFinish()
        return false
      }
      var element = snapshot
      try BroadcastUpdate.$current.withValue(ObjectIdentifier(self)) { try body(&element) }
      let stored = state.withLock { state -> Bool? in
        guard !state.isFinished else { return nil }
        guard state.generation == generation else { return false }
        state.latest = element
        state.generation &+= 1
        Self.yield(element, to: &state.observers)
        return true
      }
      switch stored {
      case true?: return true
      case false?: continue  // another send landed while `body` ran: apply it to the newer value
      case nil:
        reportSendAfterFinish()
        return false
      }
    }
    preconditionFailure(
      "update(_:) was overtaken \(Self.maximumUpdateAttempts) times in a row: does its closure send to the same broadcast?")
  }

  /// Far more than real contention causes; reached only when `body` itself sends.
  private static var maximumUpdateAttempts: Int { 10_000 }

  /// Gives each observer its final element, if it asked for one, then ends its stream after the
  /// elements it has buffered. Later calls do nothing.
  func finish() {
    let observers = state.withLock { state -> [Observer] in
      state.isFinished = true
      defer { state.observers = [] }
      return state.observers
    }
    for observer in observers {
      if let final = observer.final { observer.continuation.yield(final) }
      observer.continuation.finish()
    }
  }

  @inlinable
  static func yield(_ element: Element, to observers: inout [Observer]) {
    var terminated: [UInt64] = []  // an empty array does not allocate
    for observer in observers {
      if case .terminated = observer.continuation.yield(element) { terminated.append(observer.id) }
    }
    if !terminated.isEmpty { observers.removeAll { terminated.contains($0.id) } }
  }

  private func remove(_ id: UInt64) {
    state.withLock { state in state.observers.removeAll { $0.id == id } }
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

/// The broadcast whose `update` closure the current task is running, to catch a nested `update`.
enum BroadcastUpdate {
  @TaskLocal static var current: ObjectIdentifier?
}
