/// A weak reference to a state-object machine, which the visits of its states share: a visit keeps
/// the machine without keeping it alive, and retaining this object costs a visit less than forming
/// a weak reference of its own. The machine makes it for the first state with wrappers, and hands
/// it from each visit to the next.
final class HostReference: Sendable {
  /// `AnyObject`, a word rather than the two of an existential, cast only when a state's code asks
  /// for a transition.
  private weak let object: (any AnyObject & Sendable)?

  init(_ host: any StateObjectHost) {
    object = host
  }

  /// The machine, while it exists.
  var host: (any StateObjectHost)? { object as? any StateObjectHost }
}
