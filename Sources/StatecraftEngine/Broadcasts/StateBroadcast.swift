/// A broadcast of a value that changes over time: each new observer first gets the current value,
/// then every later one.
///
/// ```swift
/// final class ContactsRepository: StateStreaming {
///   private let _stateBroadcast = StateBroadcast(ContactsState(contactIDs: []))
///   var stateStream: any AsyncBroadcast<ContactsState> { _stateBroadcast }
///
///   func add(_ id: String) { _stateBroadcast.update { $0.contactIDs.append(id) } }
/// }
/// ```
///
/// Stores and machines publish their states the same way, from their core (see `StateStreaming`).
/// A `StateBroadcast` finishes when ``finish()`` is called or when it is deinitialised, whichever
/// comes first.
public final class StateBroadcast<State: Sendable>: AsyncBroadcast {
  let storage: BroadcastStorage<State>
  /// Serialises `send` and `update`, so that an update never loses a concurrent change. The
  /// storage's own lock is not held while an update's closure runs, so the closure may read the
  /// broadcast or cancel an observer.
  private let writer = CriticalState(())

  /// Creates a broadcast whose current value is `initial`.
  ///
  /// - Parameter bufferingPolicy: What each observer keeps unread, unless it asks for another
  ///   policy in `observe`. Unbounded by default; `.bufferingNewest(1)` suits an observer that
  ///   only renders the latest state.
  public init(_ initial: State, bufferingPolicy: BroadcastBufferingPolicy = .unbounded) {
    storage = BroadcastStorage(
      replaying: initial, bufferingPolicy: bufferingPolicy,
      ownerName: "StateBroadcast<\(State.self)>")
  }

  deinit {
    storage.finish()
  }

  /// Returns a new stream that starts with the current value, then yields every later one.
  public func observe(final: State?, bufferingPolicy: BroadcastBufferingPolicy?)
    -> AsyncStream<State>
  {
    storage.observe(final: final, bufferingPolicy: bufferingPolicy)
  }

  /// The current value: the initial one, or the last one sent.
  public var current: State { storage.latest }

  /// Makes `state` current and hands it to every observer. When it returns, each of them has it
  /// buffered.
  ///
  /// After ``finish()`` it changes nothing and reports a ``Diagnostic/Kind/sendAfterFinish``
  /// diagnostic.
  public func send(_ state: State) {
    precondition(
      BroadcastUpdate.current != ObjectIdentifier(self),
      "send(_:) was called from inside update(_:) of the same broadcast; change the value through the closure's argument instead")
    writer.withLock { _ in _ = storage.send(state) }
  }

  /// Changes the current value and sends the result. Two concurrent updates never lose one
  /// another's change.
  ///
  /// ```swift
  /// _stateBroadcast.update { $0.contactIDs.append(id) }
  /// ```
  ///
  /// `body` runs once, on a copy of the current value. Other `send`s and `update`s wait until it
  /// returns, so none is lost and `body` never runs twice. It may read ``current`` or cancel an
  /// observer. Calling `send` or `update` on the same broadcast from inside `body` is a programming
  /// error, caught by a precondition: change the value through `body`'s argument instead.
  ///
  /// After ``finish()`` it changes nothing, does not call `body`, and reports a
  /// ``Diagnostic/Kind/sendAfterFinish`` diagnostic.
  public func update<Failure: Error>(_ body: (inout State) throws(Failure) -> Void) throws(Failure) {
    precondition(
      BroadcastUpdate.current != ObjectIdentifier(self),
      "update(_:) was called from inside update(_:) of the same broadcast; change the value through the closure's argument instead")
    try writer.withLock { (_) throws(Failure) in
      guard !storage.isFinished else {
        storage.reportSendAfterFinish()
        return
      }
      var value = storage.latest
      try BroadcastUpdate.$current.withValue(ObjectIdentifier(self)) {
        Result { () throws(Failure) in try body(&value) }
      }.get()
      _ = storage.send(value)
    }
  }

  /// Ends every observer's stream after the values it has buffered and its `final` value.
  /// ``current`` keeps the last value. Calling it again does nothing.
  public func finish() {
    storage.finish()
  }

  /// Whether ``finish()`` has been called.
  public var didFinish: Bool { storage.isFinished }

  /// How many observers are registered. An observer that stopped iterating is removed.
  public var observerCount: Int { storage.observerCount }

  /// A read-only view of this broadcast that does not keep it alive. See
  /// ``OpenAsyncBroadcast/erased()``.
  public func erased() -> any AsyncBroadcast<State> {
    ErasedBroadcast(storage) { $0.observe(final: $1, bufferingPolicy: $2) }
  }
}

/// The broadcast whose `update` closure the current task is running, to catch a nested `update` or
/// `send`, which would wait for itself.
enum BroadcastUpdate {
  @TaskLocal static var current: ObjectIdentifier?
}
