/// Connects one machine's states to another machine's events.
///
/// ```swift
/// let pipe = Pipe<OtherEvent>()
/// let runtime = Runtime<State, Event, Output>()
///   .connectAsSender(to: pipe, when: State.closed, send: OtherEvent.refresh)
/// let otherRuntime = Runtime<OtherState, OtherEvent, OtherOutput>()
///   .connectAsReceiver(to: pipe)
/// ```
///
/// Events arrive in the order they were sent. A pipe delivers each event to **every** machine
/// connected as a receiver, in the order they connected: connecting a second receiver adds one, it
/// never replaces the first. A receiver that is released stops receiving. Sending never waits for the
/// receiver to process the event, so machines can pipe to each other in a cycle without deadlock.
///
/// `Pipe<E>` is an alias. Next to Foundation, whose `Pipe` class has the same name, write the
/// type as `EventPipe<E>` in annotations; `Pipe<E>()` in an expression works either way.
public final class EventPipe<E: DSLCompatible>: Sendable {
  private struct Receiver {
    let id: ObjectIdentifier
    let post: @Sendable (E) -> Bool
  }

  private let receivers = CriticalState<[Receiver]>([])

  public init() {}

  /// Adds a receiver. `post` returns false once the receiver is gone.
  func connect(id: ObjectIdentifier, post: @escaping @Sendable (E) -> Bool) {
    receivers.withLock { $0.append(Receiver(id: id, post: post)) }
  }

  /// Hands `event` to every receiver, and forgets those that are gone.
  func send(_ event: E) {
    receivers.withLock { receivers in
      receivers.removeAll { !$0.post(event) }
    }
  }
}

/// The seed's name for ``EventPipe``.
public typealias Pipe<E: DSLCompatible> = EventPipe<E>
