/// Subscriptions that end with their owner: deinitialising the bag cancels every subscription in
/// it.
///
/// Linux has no way to run code when an arbitrary object is deallocated, so a receiver that wants
/// its subscriptions to stop the moment it goes keeps them in one of these:
///
/// ```swift
/// @BroadcastsEvents
/// final class ContactsRepository: Sendable {
///   enum StreamedEvent: Event { case didAddContact(String) }
///   func add(_ id: String) { _eventBroadcast.send(.didAddContact(id)) }
/// }
///
/// @MainActor final class ContactListViewModel: EventReceiving {
///   typealias HandledEffect = String
///   private let subscriptions = EventSubscriptions()
///   private(set) var contactIDs: [String] = []
///
///   init(repository: ContactsRepository) {
///     receiveEvents(from: repository) { event in
///       switch event { case .didAddContact(let id): id }
///     }.store(in: subscriptions)   // cancelled when this view model goes
///   }
///   func handle(_ id: String) { contactIDs.append(id) }
/// }
/// ```
public final class EventSubscriptions: Sendable {
  private let subscriptions = CriticalState<[EventSubscription]>([])

  /// Creates an empty bag.
  public init() {}

  deinit {
    cancelAll()
  }

  /// Adds a subscription, to be cancelled with the bag. ``EventSubscription/store(in:)`` calls it.
  public func insert(_ subscription: EventSubscription) {
    subscriptions.withLock { $0.append(subscription) }
  }

  /// Cancels every subscription in the bag and empties it.
  ///
  /// A bag can end subscriptions before its owner goes, such as a screen's while it is hidden:
  ///
  /// ```swift
  /// @MainActor final class NewContactsBadge: EventReceiving {
  ///   typealias HandledEffect = Int
  ///   private let subscriptions = EventSubscriptions()
  ///   private(set) var count = 0
  ///
  ///   func appeared(showing repository: ContactsRepository) {
  ///     subscriptions.insert(receiveEvents(from: repository) { _ in 1 })
  ///   }
  ///   func disappeared() { subscriptions.cancelAll() }   // a hidden badge counts nothing
  ///   func handle(_ added: Int) { count += added }
  /// }
  /// ```
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
