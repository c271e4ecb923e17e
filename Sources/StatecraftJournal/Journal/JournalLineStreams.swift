import StatecraftEngine

/// The streams of a journal's lines still read. Apart from the writer's lock, so that a stream
/// ended while lines are yielded never waits for it; not generic, so that a stream's end handler
/// holds nothing of the journal's types.
final class JournalLineStreams: Sendable {
  private let consumers = CriticalState<[Int: AsyncStream<String>.Continuation]>([:])
  private let next = CriticalState(0)

  func make(bufferingNewest limit: Int) -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingNewest(limit))
    let id = next.withLock { next in
      defer { next += 1 }
      return next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.consumers.withLock { $0.removeValue(forKey: id) }
    }
    consumers.withLock { $0[id] = continuation }
    return stream
  }

  /// Gives `lines` to every stream, outside the lock.
  func yield(_ lines: [String]) {
    let streams = consumers.withLock { Array($0.values) }
    for stream in streams {
      for line in lines { stream.yield(line) }
    }
  }

  func finishAll() {
    for stream in consumers.withLock({ Array($0.values) }) { stream.finish() }
  }
}
