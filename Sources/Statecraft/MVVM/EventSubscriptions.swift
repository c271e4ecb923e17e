/// Subscriptions that end with their owner: deinitialising the bag cancels every subscription in
/// it.
///
/// Linux has no way to run code when an arbitrary object is deallocated, so a receiver that wants
/// its subscriptions to stop the moment it goes keeps them in one of these:
///
/// ```swift
/// private let subscriptions = EventSubscriptions()
/// …
/// receiveEvents(from: repository) { … }.store(in: subscriptions)
/// ```
public final class EventSubscriptions: Sendable {
  private let subscriptions = CriticalState<[EventSubscription]>([])

  /// Creates an empty bag.
  public init() {}

  deinit {
    cancelAll()
  }

  /// Adds a subscription, to be cancelled with the bag.
  public func insert(_ subscription: EventSubscription) {
    subscriptions.withLock { $0.append(subscription) }
  }

  /// Cancels every subscription in the bag and empties it.
  public func cancelAll() {
    let cancelled = subscriptions.withLock { subscriptions in
      defer { subscriptions = [] }
      return subscriptions
    }
    for subscription in cancelled { subscription.cancel() }
  }

  /// How many subscriptions the bag holds, cancelled or not.
  public var count: Int { subscriptions.withLock { $0.count } }
}
