/// An object that tells the world when something happens, without knowing who listens.
///
/// ```swift
/// @BroadcastsEvents
/// final class ContactsRepository: Sendable {
///   enum StreamedEvent: Event { case didAddContact(String) }
///   func add(_ id: String) { _eventBroadcast.send(.didAddContact(id)) }
/// }
/// ```
///
/// Other objects subscribe with ``EventReceiving/receiveEvents(from:effectMapping:isolation:)-(_,Mapping,_)`` or
/// observe ``eventStream`` directly.
public protocol EventStreaming<StreamedEvent> {
  /// The events this object broadcasts, usually an enum nested in it.
  associatedtype StreamedEvent: Sendable

  /// The broadcast of this object's events.
  var eventStream: any AsyncBroadcast<StreamedEvent> { get }
}
