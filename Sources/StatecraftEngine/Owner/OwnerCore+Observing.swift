/// Observers of an owner's states: each gets the current state, then every later one.
extension OwnerCore where State: Sendable {
  /// A new stream of the owner's states: the current one, then every later one.
  @inlinable
  package func observe(final: State?, bufferingPolicy: BroadcastBufferingPolicy?) -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self, bufferingPolicy: (bufferingPolicy?.validated() ?? .unbounded).streamPolicy(of: State.self))
    switch withLock({ $0.subscribe(continuation, final: final) }) {
    case .added(let id):
      continuation.onTermination = { [weak self] _ in
        _ = self?.withLock { $0.unsubscribe(id: id) }
      }
    case .finished(let last):
      if let element = final ?? last { continuation.yield(element) }
      continuation.finish()
    }
    return stream
  }

  /// The read-only broadcast of the owner's states, which does not keep the owner alive.
  package var stateBroadcast: any AsyncBroadcast<State> {
    ErasedBroadcast(self) { $0.observe(final: $1, bufferingPolicy: $2) }
  }
}
