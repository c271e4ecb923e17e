/// The read-only view that `erased()` and the front-ends' `stateStream` return. It holds its
/// source (a broadcast's storage, or an owner's core) weakly, so handing it out does not keep the
/// broadcast or its owner alive: once they are gone, a stream observed through it yields only its
/// final element and ends.
package struct ErasedBroadcast<Element: Sendable>: AsyncBroadcast {
  private weak var source: (any AnyObject & Sendable)?
  private let observeSource:
    @Sendable (any AnyObject & Sendable, Element?, BroadcastBufferingPolicy?) -> AsyncStream<Element>

  /// A view of `source`, observed through `observe`, which receives the source itself so that the
  /// view needs no strong reference to it.
  package init<Source: AnyObject & Sendable>(
    _ source: Source,
    observe: @escaping @Sendable (Source, Element?, BroadcastBufferingPolicy?) -> AsyncStream<Element>
  ) {
    self.source = source
    self.observeSource = { source, final, policy in observe(source as! Source, final, policy) }
  }

  package func observe(final: Element?, bufferingPolicy: BroadcastBufferingPolicy?) -> AsyncStream<Element> {
    if let source { return observeSource(source, final, bufferingPolicy) }
    return AsyncStream { continuation in
      if let final { continuation.yield(final) }
      continuation.finish()
    }
  }
}
