/// A broadcast of a value that changes over time: each new observer first gets the current value,
/// then every later one.
///
/// ```swift
/// struct ContactsState: Sendable {
///   var contactIDs: [String]
/// }
///
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

  /// Creates a broadcast whose current value is `initial`.
  ///
  /// - Parameters:
  ///   - initial: The state each observer gets first, until the first `send` or `update`.
  ///   - bufferingPolicy: What each observer keeps unread, unless it asks for another policy in
  ///     `observe`. Unbounded by default; `.bufferingNewest(1)` suits an observer that only
  ///     renders the latest state.
  public init(_ initial: State, bufferingPolicy: BroadcastBufferingPolicy = .unbounded) {
    storage = BroadcastStorage(
      replaying: initial, bufferingPolicy: bufferingPolicy,
      ownerName: "StateBroadcast<\(State.self)>")
  }

  deinit {
    storage.finish()
  }

  /// Returns a new stream that starts with the current value, then yields every later one.
  public func observe(
    final: State?, bufferingPolicy: BroadcastBufferingPolicy?
  )
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
      "send(_:) was called from inside update(_:) of the same broadcast; change the value through the closure's argument instead"
    )
    storage.send(state)
  }

  /// Changes the current value and sends the result. Two concurrent updates never lose one
  /// another's change.
  ///
  /// ```swift
  /// let contacts = StateBroadcast(ContactsState(contactIDs: []))
  /// contacts.update { $0.contactIDs.append("ada") }
  /// ```
  ///
  /// `body` runs on a copy, with no lock held, so it may read ``current``, observe, or cancel an
  /// observer, and a slow `body` never holds up other senders. If another `send` or `update` lands
  /// while it runs, `body` runs again on the newer value, as often as it takes (each retry means
  /// another change went through), so keep it free of side effects. Calling `send` or `update` on
  /// the same broadcast from inside `body` is a programming error, caught by a precondition: it
  /// could never settle.
  ///
  /// After ``finish()`` it changes nothing, does not call `body`, and reports a
  /// ``Diagnostic/Kind/sendAfterFinish`` diagnostic.
  public func update<Failure: Error>(_ body: (inout State) throws(Failure) -> Void) throws(Failure) {
    precondition(
      BroadcastUpdate.current != ObjectIdentifier(self),
      "update(_:) was called from inside update(_:) of the same broadcast; change the value through the closure's argument instead"
    )
    while true {
      guard let (value, generation) = storage.latestAndGeneration else {
        storage.reportSendAfterFinish()
        return
      }
      var changed = value
      try BroadcastUpdate.$current.withValue(ObjectIdentifier(self)) {
        Result { () throws(Failure) in try body(&changed) }
      }.get()
      switch storage.send(changed, ifGeneration: generation) {
      case .sent, .finished: return
      case .overtaken: continue  // another change landed while `body` ran: apply it to the newer value
      }
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
