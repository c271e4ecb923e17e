/// Turns another object's events into this object's effects.
///
/// ```swift
/// @BroadcastsEvents
/// final class ContactsRepository: Sendable {
///   enum StreamedEvent: Event { case didAddContact(String) }
///   func add(_ id: String) { _eventBroadcast.send(.didAddContact(id)) }
/// }
///
/// @MainActor final class AddressBookViewModel: EventReceiving {
///   enum HandledEffect: Sendable { case addContactCell(String) }
///   private(set) var contactIDs: [String] = []
///   func handle(_ effect: HandledEffect) {
///     switch effect { case .addContactCell(let id): contactIDs.append(id) }
///   }
/// }
///
/// struct ContactEventMapping: EffectMapping {
///   func map(_ event: ContactsRepository.StreamedEvent) async -> AddressBookViewModel.HandledEffect? {
///     switch event { case .didAddContact(let id): .addContactCell(id) }
///   }
/// }
/// ```
///
/// ```swift
/// let repository = ContactsRepository()
/// let viewModel = AddressBookViewModel()
/// viewModel.receiveEvents(from: repository, effectMapping: ContactEventMapping())
/// repository.add("ada")   // the view model soon handles .addContactCell("ada")
/// ```
///
/// Return `nil` for an event that should cause no effect.
public protocol EffectMapping<MappedEvent, HandledEffect>: Sendable {
  /// The events this mapping reads: the publisher's `StreamedEvent`.
  associatedtype MappedEvent: Sendable
  /// The effects it makes of them: the receiver's `HandledEffect`.
  associatedtype HandledEffect: Sendable

  /// The effect that `event` causes, or `nil` for none.
  func map(_ event: MappedEvent) async -> HandledEffect?
}

extension EffectMapping {
  /// Maps every event concurrently and returns the effects in the order of the events that caused
  /// them (async-state returned them in completion order). Events that map to `nil` are left out.
  public func map(all events: some Sequence<MappedEvent>) async -> [HandledEffect] {
    let events = Array(events)
    return await withTaskGroup(of: (Int, HandledEffect?).self) { group in
      for (index, event) in events.enumerated() {
        group.addTask { (index, await self.map(event)) }
      }
      var effects = [HandledEffect?](repeating: nil, count: events.count)
      for await (index, effect) in group { effects[index] = effect }
      return effects.compactMap { $0 }
    }
  }
}
