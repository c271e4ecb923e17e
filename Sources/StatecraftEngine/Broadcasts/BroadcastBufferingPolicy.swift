/// How many elements a broadcast keeps for an observer that has not read them yet.
///
/// A broadcast never waits for an observer, so an observer that reads more slowly than the sender
/// sends builds up a buffer. ``unbounded`` keeps everything, so nothing is lost; use
/// ``bufferingNewest(_:)`` when only recent elements matter, as for a state that a view renders.
///
/// ```swift
/// let broadcast = OpenAsyncBroadcast<Int>()
/// let latest = broadcast.observe(bufferingPolicy: .bufferingNewest(1))
/// broadcast.send(1)
/// broadcast.send(2)
/// broadcast.finish()
/// for await value in latest {
///   print(value)   // 2: the observer had not read 1 when 2 arrived
/// }
/// ```
public enum BroadcastBufferingPolicy: Sendable, Hashable {
  /// Keeps every unread element. The default.
  case unbounded
  /// Keeps only the newest `count` unread elements, dropping older ones. An observer's `final`
  /// element counts as one of them. `count` must be at least 1: a broadcast or `observe` given less
  /// stops the program with a precondition failure.
  case bufferingNewest(Int)

  /// Checks the policy where it is given, so that a bad count fails at its source.
  @inlinable
  func validated() -> Self {
    if case .bufferingNewest(let count) = self {
      precondition(
        count >= 1, "BroadcastBufferingPolicy.bufferingNewest needs a count of at least 1, not \(count)")
    }
    return self
  }

  @inlinable
  func streamPolicy<Element>(of _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
    switch self {
    case .unbounded:
      return .unbounded
    case .bufferingNewest(let count):
      return .bufferingNewest(count)
    }
  }
}
