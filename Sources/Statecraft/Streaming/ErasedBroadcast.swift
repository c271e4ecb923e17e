/// The read-only view that `erased()` returns. It holds the storage weakly, so handing it out
/// does not stop the owner's broadcast from finishing when the owner releases it.
struct ErasedBroadcast<Element: Sendable>: AsyncBroadcast {
  weak var storage: BroadcastStorage<Element>?

  func observe(final: Element?, bufferingPolicy: BroadcastBufferingPolicy?) -> AsyncStream<Element> {
    if let storage { return storage.observe(final: final, bufferingPolicy: bufferingPolicy) }
    return AsyncStream { continuation in
      if let final { continuation.yield(final) }
      continuation.finish()
    }
  }
}
