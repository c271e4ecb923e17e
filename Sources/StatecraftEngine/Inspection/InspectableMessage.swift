/// A message that shows inspectors what it carries rather than itself, such as a store's action
/// rather than the envelope around it.
///
/// ```swift
/// struct StoreMessage<Action: Sendable>: InspectableMessage {
///   var action: Action
///   var group: EffectGroup?
///   var inspectedMessage: Any { action }
/// }
/// ```
///
/// A protocol rather than a closure in each owner: only inspected owners ask, and an owner nobody
/// inspects keeps nothing for it.
@usableFromInline
package protocol InspectableMessage: Sendable {
  /// What inspectors see of this message.
  var inspectedMessage: Any { get }
}

extension InspectedValue {
  /// What inspectors see of `message`: what it says it carries, or the message itself.
  /// Inlinable, so that where the message's type is known the cast is resolved when compiling,
  /// not looked up in the runtime's conformance cache on every message.
  @inlinable
  init(message: some Sendable) {
    self.init((message as? any InspectableMessage)?.inspectedMessage ?? message)
  }
}
