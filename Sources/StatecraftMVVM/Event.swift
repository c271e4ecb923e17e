/// Something that happened, which an ``EventStreaming`` object tells the world about.
///
/// Events are values: an enum is typical.
///
/// ```swift
/// enum StreamedEvent: Event {
///   case didAddContact(String)
/// }
/// ```
///
/// async-state also required `CustomStringConvertible`; Statecraft does not, so an enum needs no
/// hand-written `description` to be printed or logged.
public protocol Event: Sendable, Hashable {}
