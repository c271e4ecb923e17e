/// A running subscription from ``EventReceiving/receiveEvents(from:effectMapping:isolation:)-(_,Mapping,_)``.
///
/// It keeps running when it is discarded. It ends when it is cancelled, when the source's broadcast
/// finishes, or at the source's first event after the receiver has been deallocated. Store it in
/// an ``EventSubscriptions`` that the receiver owns to cancel it as soon as the receiver goes.
///
/// ```swift
/// final class Feed: EventStreaming, Sendable {
///   enum StreamedEvent: Event { case added(String) }
///   private let broadcast = OpenAsyncBroadcast<StreamedEvent>()
///   var eventStream: any AsyncBroadcast<StreamedEvent> { broadcast.erased() }
///   func add(_ name: String) { broadcast.send(.added(name)) }
/// }
///
/// @MainActor
/// final class Names: EventReceiving {
///   typealias HandledEffect = String
///   private(set) var all: [String] = []
///   func handle(_ name: String) { all.append(name) }
/// }
/// ```
///
/// ```swift
/// let feed = Feed()
/// let names = Names()
/// let subscription = names.receiveEvents(from: feed) { event in
///   switch event { case .added(let name): return name }
/// }
/// feed.add("Ada")
/// subscription.cancel()           // no further effect is handled
/// await subscription.finished()   // the loop has ended
/// ```
public final class EventSubscription: Sendable, Hashable {
  private let task: Task<Void, Never>

  init(_ task: Task<Void, Never>) {
    self.task = task
  }

  /// Stops the subscription: no event is mapped, and no effect handled, once the subscription's
  /// loop next runs. Called on the actor that subscribed (the loop's actor), it takes effect at
  /// once; an effect already being handled on another actor finishes.
  public func cancel() {
    task.cancel()
  }

  /// Whether ``cancel()`` has been called.
  public var isCancelled: Bool { task.isCancelled }

  /// Waits until the subscription has ended: the source finished, the receiver was deallocated or
  /// the subscription was cancelled.
  public func finished() async {
    await task.value
  }

  /// Adds this subscription to `subscriptions`, which cancels it when it is deinitialised.
  public func store(in subscriptions: EventSubscriptions) {
    subscriptions.insert(self)
  }

  /// Whether both are the same subscription.
  public static func == (lhs: EventSubscription, rhs: EventSubscription) -> Bool { lhs === rhs }
  /// Hashes the subscription's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
