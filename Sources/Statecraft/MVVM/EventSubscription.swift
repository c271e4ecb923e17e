/// A running subscription from ``EventReceiving/receiveEvents(from:effectMapping:isolation:)-41m96``.
///
/// It keeps running when it is discarded. It ends when it is cancelled, when the source's broadcast
/// finishes, or at the source's first event after the receiver has been deallocated. Store it in
/// an ``EventSubscriptions`` that the receiver owns to cancel it as soon as the receiver goes.
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
