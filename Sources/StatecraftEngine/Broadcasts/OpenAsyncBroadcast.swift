/// A broadcast of events: whoever holds it sends, and every observer gets each element sent after
/// it started observing.
///
/// ```swift
/// final class ContactsRepository: EventStreaming {
///   enum StreamedEvent: Event { case didAddContact(String) }
///
///   private let _eventBroadcast = OpenAsyncBroadcast<StreamedEvent>()
///   var eventStream: any AsyncBroadcast<StreamedEvent> { _eventBroadcast.erased() }
///
///   func add(_ contact: String) { _eventBroadcast.send(.didAddContact(contact)) }
/// }
/// ```
///
/// It has no replay: a new observer gets only later elements. For a value that observers need
/// at once, use ``StateBroadcast``. The broadcast finishes when ``finish()`` is called or when it is
/// deinitialised, whichever comes first.
public final class OpenAsyncBroadcast<Element: Sendable>: AsyncBroadcast {
  @usableFromInline let storage: BroadcastStorage<Element>

  /// Creates a broadcast.
  ///
  /// - Parameter bufferingPolicy: What each observer keeps unread, unless it asks for another
  ///   policy in `observe`. Unbounded by default.
  public init(bufferingPolicy: BroadcastBufferingPolicy = .unbounded) {
    storage = BroadcastStorage(
      replaying: nil, bufferingPolicy: bufferingPolicy,
      ownerName: "OpenAsyncBroadcast<\(Element.self)>")
  }

  deinit {
    storage.finish()
  }

  /// Returns a new stream of the elements sent from now on, which yields `final`, if given, and
  /// ends when the broadcast finishes. Once the broadcast has finished, the stream yields `final`
  /// at once and ends.
  public func observe(
    final: Element?, bufferingPolicy: BroadcastBufferingPolicy?
  )
    -> AsyncStream<Element>
  {
    storage.observe(final: final, bufferingPolicy: bufferingPolicy)
  }

  /// Hands `element` to every current observer. When it returns, each of them has it buffered.
  ///
  /// After ``finish()`` it changes nothing and reports a ``Diagnostic/Kind/sendAfterFinish``
  /// diagnostic.
  @inlinable
  public func send(_ element: Element) {
    storage.send(element)
  }

  /// Ends every observer's stream: each first gets its buffered elements, then its `final`
  /// element if it gave one. Calling it again does nothing.
  public func finish() {
    storage.finish()
  }

  /// Whether ``finish()`` has been called.
  public var didFinish: Bool { storage.isFinished }

  /// How many observers are registered. An observer that stopped iterating is removed.
  public var observerCount: Int { storage.observerCount }

  /// A read-only view of this broadcast, to hand out without letting others send or finish.
  ///
  /// The view does not keep the broadcast alive: once the broadcast is released (and so
  /// finished), a stream observed through the view ends at once.
  public func erased() -> any AsyncBroadcast<Element> {
    ErasedBroadcast(storage) { $0.observe(final: $1, bufferingPolicy: $2) }
  }
}
