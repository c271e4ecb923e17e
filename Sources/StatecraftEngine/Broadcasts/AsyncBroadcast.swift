/// Something that hands each element it sends to every observer.
///
/// Each call to ``observe()`` returns a new `AsyncStream` for one observer:
///
/// ```swift
/// let counts = StateBroadcast(0)
/// for await count in counts.observe() {
///   print("count is now \(count)")
/// }
/// ```
///
/// - For each observer, elements arrive in the order they were sent.
/// - When a broadcast's `send` returns, every current observer already has the element buffered.
/// - An observer that stops iterating (its task is cancelled, or it drops the stream) is removed.
/// - When the broadcast finishes, each observer first gets the element it passed to
///   ``observe(final:)``, if any, then its stream ends.
///
/// ``OpenAsyncBroadcast`` broadcasts events and has no replay; ``StateBroadcast`` replays its
/// current value to each new observer.
public protocol AsyncBroadcast<Element>: Sendable {
  /// What the broadcast sends: events, or states.
  associatedtype Element: Sendable

  /// Returns a new stream of the elements sent from now on.
  ///
  /// - Parameters:
  ///   - final: The element the stream yields last, when the broadcast finishes. If the broadcast
  ///     has already finished, the stream yields it at once and ends.
  ///   - bufferingPolicy: How many unread elements this observer keeps. `nil` uses the
  ///     broadcast's own policy, which is ``BroadcastBufferingPolicy/unbounded`` unless it was
  ///     created with another.
  func observe(final: Element?, bufferingPolicy: BroadcastBufferingPolicy?) -> AsyncStream<Element>
}

extension AsyncBroadcast {
  /// Returns a new stream of the elements sent from now on. It ends when the broadcast finishes.
  public func observe() -> AsyncStream<Element> {
    observe(final: nil, bufferingPolicy: nil)
  }

  /// Returns a new stream of the elements sent from now on, which yields `final` last, when the
  /// broadcast finishes.
  public func observe(final: Element) -> AsyncStream<Element> {
    observe(final: final, bufferingPolicy: nil)
  }

  /// Returns a new stream of the elements sent from now on, buffered by `bufferingPolicy`.
  public func observe(bufferingPolicy: BroadcastBufferingPolicy) -> AsyncStream<Element> {
    observe(final: nil, bufferingPolicy: bufferingPolicy)
  }
}
