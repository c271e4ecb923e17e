/// Everything about one owner that its lock protects: its state, its mailbox and its observers.
///
/// A value-type state machine in the style of swift-async-algorithms' `ChannelStateMachine`:
/// ``OwnerCore`` holds it in one lock, takes the lock once per transition, and does what the
/// transition returns (resume a sender, yield to observers) after unlocking. The owner's state is
/// held here once: observers are replayed from it, and there is no second copy in a broadcast.
///
/// Whoever holds the mailbox's processing right (see ``MailboxStateMachine``) is the only one who
/// changes the state. It may take the state out (``take()``) to mutate it in place without copying,
/// and puts it back with ``restore(_:)``.
@usableFromInline
package struct OwnerStateMachine<State, Message: Sendable> {
  /// A message in the mailbox, with what its processing needs to know.
  @usableFromInline
  package struct Envelope: Sendable {
    @usableFromInline package var message: Message
    /// The sender that waits until the message has been processed, if one waits.
    @usableFromInline package var completion: Completion?
    /// The effect that delivered the message. If it is cancelled before the message's turn, the
    /// message is dropped: a cancelled effect delivers nothing.
    @usableFromInline package var origin: EffectHandle?
    /// Where the message was sent from.
    @usableFromInline package var callSite: CallSite?

    @inlinable
    package init(
      _ message: Message, completion: Completion? = nil,
      origin: EffectHandle? = nil, callSite: CallSite? = nil
    ) {
      self.message = message
      self.completion = completion
      self.origin = origin
      self.callSite = callSite
    }
  }

  /// The sender waiting for a message to be processed. A class, so that an envelope has a layout
  /// the compiler knows: `CheckedContinuation` comes from a module built for library evolution,
  /// and holding one directly made every envelope, and every enum that carries one, go through
  /// the runtime's value witnesses on the hot path.
  @usableFromInline
  package final class Completion: Sendable {
    private let continuation: CheckedContinuation<Void, Never>

    @usableFromInline
    package init(_ continuation: CheckedContinuation<Void, Never>) {
      self.continuation = continuation
    }

    /// Lets the sender go on.
    @usableFromInline
    package func resume() { continuation.resume() }
  }

  // The mailbox last: its last field is one byte, and the core's one-byte flags fill the padding
  // after it rather than words of their own.
  @usableFromInline var observers = ObserverList<State>()
  /// `nil` only while the holder of the processing right has taken it out.
  @usableFromInline var state: State?
  @usableFromInline package private(set) var mailbox = MailboxStateMachine<Envelope>()

  @inlinable
  package init(state: State) {
    self.state = state
  }

  // MARK: State

  /// The current state, or `nil` while its processor has it out.
  @inlinable
  package var current: State? { state }

  /// What `read` finds in the current state, at a pointer to it, or `nil` while its processor has
  /// it out. Read in place: binding the state to pass it would copy it, and every child it holds
  /// inline.
  @inlinable
  package mutating func readCurrent<Result>(_ read: (UnsafeRawPointer) -> Result) -> Result? {
    guard state != nil else { return nil }
    // An optional's payload is at its start.
    return withUnsafePointer(to: &state) { read(UnsafeRawPointer($0)) }
  }

  /// Takes the state out, for its processor to mutate in place. It must be put back with
  /// ``restore(_:)`` before the processing right is given up.
  @inlinable
  package mutating func take() -> State {
    assert(
      mailbox.isProcessing || mailbox.isClosed,
      "only the holder of the processing right changes the state")
    guard let taken = state.take() else {
      preconditionFailure("the state was taken twice: only the holder of the processing right takes it")
    }
    return taken
  }

  /// What the processor does after changing the state.
  @usableFromInline
  package enum CommitAction {
    /// Nothing else: no observer needs the state.
    case committed
    /// Hand `state` to these observers, in order, still holding the processing right, so that a
    /// later state cannot overtake it.
    case publish(State, to: [ObserverList<State>.Observer])
  }

  /// Makes `newState` current.
  @inlinable
  package mutating func commit(_ newState: State) -> CommitAction {
    assert(
      mailbox.isProcessing || mailbox.isClosed,
      "only the holder of the processing right changes the state")
    state = newState
    return observers.isEmpty ? .committed : .publish(newState, to: observers.observers)
  }

  /// ``commit(_:)``, moving `newState` in rather than copying it.
  @inlinable
  package mutating func commit(taking newState: consuming State) -> CommitAction {
    assert(
      mailbox.isProcessing || mailbox.isClosed,
      "only the holder of the processing right changes the state")
    guard !observers.isEmpty else {
      state = newState
      return .committed
    }
    state = newState
    return .publish(state!, to: observers.observers)
  }

  /// Puts back the state that ``take()`` took out. Every observer gets it: one that started
  /// observing while the state was out was waiting for it.
  @inlinable
  package mutating func restore(_ restored: State) -> CommitAction {
    commit(restored)
  }

  // MARK: Observers

  /// What the caller does with a new observer's continuation.
  @usableFromInline
  package enum SubscribeAction {
    /// Registered; remove it with this id when its stream terminates.
    case added(id: UInt64)
    /// The owner is closed: yield the observer's final element, or else the owner's last state,
    /// and finish it.
    case finished(last: State?)
  }

  /// Registers an observer and gives it the current state first. While the state is out with its
  /// processor, the observer gets it when it is put back.
  @inlinable
  package mutating func subscribe(
    _ continuation: AsyncStream<State>.Continuation, final: State?
  ) -> SubscribeAction {
    guard case .added(let id) = observers.add(continuation, final: final) else {
      return .finished(last: state)
    }
    // A new stream has room for its first element: nothing is dropped here.
    if let state {
      // Safe for the same reason as in `Delivery`: only `Sendable` states have observers.
      nonisolated(unsafe) let replay = state
      continuation.yield(replay)
    }
    return .added(id: id)
  }

  /// Unregisters an observer; the caller releases it after unlocking.
  @inlinable
  package mutating func unsubscribe(id: UInt64) -> ObserverList<State>.Observer? {
    observers.remove(id: id)
  }

  /// Unregisters observers whose streams turned out to be terminated while publishing.
  package mutating func unsubscribe(ids: [UInt64]) -> [ObserverList<State>.Observer] {
    observers.remove(ids: ids)
  }

  // MARK: Closing

  /// What a closing owner leaves for the caller to settle outside the lock.
  package struct Closed {
    /// Messages that will never be processed: their senders are resumed.
    package var unprocessed: [Envelope]
    /// Observers whose streams end, after their final elements.
    package var observers: [ObserverList<State>.Observer]
  }

  /// Whether the owner is closed: it processes nothing more, and starts no effect.
  package var isClosed: Bool { mailbox.isClosed }

  /// Closes the mailbox and finishes the observers. The owner is going away.
  ///
  /// - Parameter releasingState: Whether to let the state go as well, for an owner whose core may
  ///   outlive it (a state object's visit keeps its machine's core for its diagnostics): a released
  ///   machine must not keep its state alive. Observers that subscribe afterwards then get no last
  ///   state.
  package mutating func close(releasingState: Bool = false) -> Closed {
    if releasingState { state = nil }
    return Closed(unprocessed: mailbox.close(), observers: observers.finish())
  }

  // MARK: Mailbox

  /// Queues a message for the synchronous processor that runs. See
  /// ``MailboxStateMachine/append(_:)``.
  @inlinable
  package mutating func append(_ envelope: Envelope) { mailbox.append(envelope) }

  /// Takes the processing right, if no one holds it. See ``MailboxStateMachine/claim()``.
  @inlinable
  package mutating func claim() -> UInt64? { mailbox.claim() }

  /// Submits a message. See ``MailboxStateMachine/submit(_:)``.
  @inlinable
  package mutating func submit(_ envelope: Envelope) -> MailboxStateMachine<Envelope>.SubmitAction {
    mailbox.submit(envelope)
  }

  /// Queues a message sent by code that runs on behalf of message `number`, if that message is
  /// still being processed: its sender must not wait, since the message it waits behind waits for
  /// it. Returns `false`, queuing nothing, if message `number` is no longer being processed.
  @inlinable
  package mutating func submitReentrant(_ envelope: Envelope, whileProcessing number: UInt64) -> Bool {
    guard mailbox.isProcessing(number: number) else { return false }
    guard case .enqueued = mailbox.submit(envelope) else {
      preconditionFailure("a mailbox that is processing queues what it is sent")
    }
    return true
  }

  /// Called by the holder of the processing right after a message. See
  /// ``MailboxStateMachine/next()``.
  @inlinable
  package mutating func next() -> MailboxStateMachine<Envelope>.NextAction { mailbox.next() }
}
