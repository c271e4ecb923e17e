/// A running subscription from ``EventReceiving/receiveEvents(from:effectMapping:isolation:)``.
///
/// It keeps running when it is discarded: cancel it explicitly, or let it end by itself when the
/// source's broadcast finishes or when the receiver has been deallocated. Keep it to cancel
/// earlier.
public final class EventSubscription: Sendable, Hashable {
  private let task: Task<Void, Never>

  init(_ task: Task<Void, Never>) {
    self.task = task
  }

  /// Stops the subscription. No effect is handled after this returns, on the receiver's actor.
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

  public static func == (lhs: EventSubscription, rhs: EventSubscription) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
