/// What one message means to an owner whose processing suspends (a machine's middleware, a state's
/// `enter()`): the front-end's half of ``OwnerCore``'s asynchronous processing.
@usableFromInline
package protocol MessageProcessor<State, Message>: Sendable {
  associatedtype State: Sendable
  associatedtype Message: Sendable

  /// Processes `message`, which arrived while the owner was in `state`, holding the processing
  /// right. `state` is the processor's own copy, which it may change and commit without another. It ends the message with ``OwnerCore/commit(_:finishing:)`` or ``OwnerCore/finish()``
  /// and returns what that returned.
  ///
  /// - Parameter origin: The effect that sent the message, if one did. When the owner was idle,
  ///   the message runs in that effect's task.
  func process(
    _ message: Message, number: UInt64, state: consuming State, callSite: CallSite?, origin: EffectHandle?,
    core: OwnerCore<State, Message>, isolation: isolated (any Actor)?
  ) async -> OwnerCore<State, Message>.Finished

  /// The actor the owner's own task runs on, or `nil` for the global executor.
  var ownIsolation: (any Actor)? { get }
}
