/// Connects one machine's states to another machine's events.
///
/// ```swift
/// enum Door: DSLCompatible { case opened, closed }
/// enum DoorEvent: DSLCompatible { case close }
/// enum Display: DSLCompatible { case stale, fresh }
/// enum DisplayEvent: DSLCompatible { case refresh }
/// ```
///
/// ```swift
/// let pipe = Pipe<DisplayEvent>()
/// let runtime = Runtime<Door, DoorEvent, Never>()
///   .connectAsSender(to: pipe, when: Door.closed, send: DisplayEvent.refresh)
/// let otherRuntime = Runtime<Display, DisplayEvent, Never>()
///   .connectAsReceiver(to: pipe)
/// print(runtime, otherRuntime)
/// ```
///
/// Events arrive in the order they were sent. A pipe delivers each event to **every** machine
/// connected as a receiver, in the order they connected: connecting a second receiver adds one, it
/// never replaces the first. A receiver that is released is disconnected at once. Sending never
/// waits for the receiver to process the event, so machines can pipe to each other in a cycle
/// without deadlock.
///
/// `Pipe<E>` is an alias. Next to Foundation, whose `Pipe` class has the same name, write the
/// type as `EventPipe<E>` in annotations; `Pipe<E>()` in an expression works either way.
public final class EventPipe<E: DSLCompatible>: Sendable {
  private struct Receivers {
    var posts: [(connection: UInt64, post: @Sendable (E) -> Void)] = []
    var lastConnection: UInt64 = 0
  }

  private let receivers = CriticalState(Receivers())
  /// Serialises senders, so that every receiver sees concurrent senders' events in the same order.
  /// It is not the lock of the receiver list: a receiver released while it is posted to (its last
  /// reference dropped elsewhere meanwhile) disconnects itself without deadlocking.
  private let sending = CriticalState(())

  /// Creates a pipe with no receivers: events sent into it go nowhere until a machine connects.
  public init() {}

  /// Adds a receiver. It stays connected until the returned connection is released.
  func connect(post: @escaping @Sendable (E) -> Void) -> Connection {
    let id = receivers.withLock { receivers in
      receivers.lastConnection &+= 1
      receivers.posts.append((receivers.lastConnection, post))
      return receivers.lastConnection
    }
    return Connection(pipe: self, id: id)
  }

  /// Hands `event` to every receiver, in the order they connected. Posting only queues the event
  /// in each receiver's mailbox.
  func send(_ event: E) {
    sending.withLock { _ in
      for receiver in receivers.withLock({ $0.posts }) { receiver.post(event) }
    }
  }

  private func disconnect(_ id: UInt64) {
    // The removed receiver is released after the lock.
    _ = receivers.withLock { receivers in
      receivers.posts.firstIndex { $0.connection == id }.map { receivers.posts.remove(at: $0) }
    }
  }

  /// A receiver's place in a pipe. Releasing it (with the machine that holds it) disconnects the
  /// receiver, so a released machine costs the pipe nothing.
  final class Connection: Sendable {
    private weak let pipe: EventPipe?
    private let id: UInt64

    fileprivate init(pipe: EventPipe, id: UInt64) {
      self.pipe = pipe
      self.id = id
    }

    deinit {
      pipe?.disconnect(id)
    }
  }

  /// How many receivers are connected. For tests.
  package var receiverCount: Int { receivers.withLock { $0.posts.count } }
}
