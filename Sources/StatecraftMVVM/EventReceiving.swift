/// An object that subscribes to other objects' events and handles the effects they map to.
///
/// ```swift
/// @BroadcastsEvents
/// final class ContactsRepository: Sendable {
///   enum StreamedEvent: Event { case didAddContact(String) }
///   func add(_ id: String) { _eventBroadcast.send(.didAddContact(id)) }
/// }
///
/// @MainActor final class AddressBookViewModel {
///   enum HandledEffect: Sendable { case addContactCell(String) }
///   private(set) var contactIDs: [String] = []
///   func handle(_ effect: HandledEffect) {
///     switch effect { case .addContactCell(let id): contactIDs.append(id) }
///   }
/// }
///
/// extension AddressBookViewModel: EventReceiving {
///   func subscribe(to repository: ContactsRepository) {
///     receiveEvents(from: repository) { event in
///       switch event { case .didAddContact(let id): .addContactCell(id) }
///     }
///   }
/// }
/// ```
///
/// - The subscription starts observing before `receiveEvents` returns, so no event sent after the
///   call is missed.
/// - Events are mapped and handled one at a time, in the order they were sent.
/// - The subscription holds the receiver weakly. It ends when the source finishes, when it is
///   cancelled, or at the source's first event after the receiver is deallocated. To end it the
///   moment the receiver goes, keep it in the receiver's ``EventSubscriptions``:
///
/// ```swift
/// @MainActor final class ContactCountViewModel: EventReceiving {
///   typealias HandledEffect = Int
///   private let subscriptions = EventSubscriptions()
///   private(set) var added = 0
///
///   func subscribe(to repository: ContactsRepository) {
///     receiveEvents(from: repository) { _ in 1 }.store(in: subscriptions)
///   }
///   func handle(_ count: Int) { added += count }
/// }
/// ```
///
/// A mapping closure that captures the receiver strongly keeps it alive for as long as the
/// subscription runs: capture it weakly, or make the receiver its own ``EffectMapping``.
public protocol EventReceiving: EffectHandling, Sendable {}

extension EventReceiving {
  /// Maps each of `source`'s events to an effect with `effectMapping` and handles it.
  ///
  /// It runs on the caller's actor, so a main-actor receiver handles effects without hopping.
  ///
  /// ```swift
  /// let repository = ContactsRepository()
  /// let viewModel = AddressBookViewModel()
  /// let subscription = viewModel.receiveEvents(from: repository) { event in
  ///   switch event { case .didAddContact(let id): .addContactCell(id) }
  /// }
  /// repository.add("ada")   // handled once the main actor is free, as .addContactCell("ada")
  /// // …later, when the view model should stop listening:
  /// subscription.cancel()   // events not handled yet are dropped
  /// ```
  @discardableResult
  public func receiveEvents<Source: EventStreaming>(
    from source: Source,
    effectMapping: @escaping @Sendable (Source.StreamedEvent) async -> HandledEffect?,
    isolation: isolated (any Actor)? = #isolation
  ) -> EventSubscription {
    subscribe(to: source.eventStream) { _, event in await effectMapping(event) }
  }

  /// Maps each of `source`'s events to an effect with `mapping` and handles it.
  @discardableResult
  public func receiveEvents<Source: EventStreaming, Mapping: EffectMapping>(
    from source: Source,
    effectMapping mapping: Mapping,
    isolation: isolated (any Actor)? = #isolation
  ) -> EventSubscription
  where Mapping.MappedEvent == Source.StreamedEvent, Mapping.HandledEffect == HandledEffect {
    subscribe(to: source.eventStream) { _, event in await mapping.map(event) }
  }

  /// Maps each of `source`'s events with this object's own ``EffectMapping/map(_:)`` and handles it.
  @discardableResult
  public func receiveEvents<Source: EventStreaming>(
    from source: Source,
    isolation: isolated (any Actor)? = #isolation
  ) -> EventSubscription
  where Self: EffectMapping, Self.MappedEvent == Source.StreamedEvent {
    subscribe(to: source.eventStream) { receiver, event in await receiver.map(event) }
  }

  private func subscribe<Events: Sendable>(
    to broadcast: any AsyncBroadcast<Events>,
    map: @escaping @Sendable (Self, Events) async -> HandledEffect?,
    isolation: isolated (any Actor)? = #isolation
  ) -> EventSubscription {
    let events = broadcast.observe()
    let task = Task { [weak self] in
      _ = isolation  // runs the loop on the caller's actor
      for await event in events {
        // A cancelled stream still hands out what it had buffered: map none of it.
        guard !Task.isCancelled, let receiver = self else { return }
        let effect = await map(receiver, event)
        guard !Task.isCancelled else { return }
        if let effect { await receiver.handle(effect) }
      }
    }
    return EventSubscription(task)
  }
}
