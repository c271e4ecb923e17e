/// An object that broadcasts its state.
///
/// ```swift
/// for await state in repository.stateStream.observe() { … }
/// ```
///
/// ``StateBroadcast`` is the usual implementation: each new observer gets the current state first.
/// `Store`, `AsyncStateMachineSequence` and `ContextualStateMachine` conform too. The
/// ``BroadcastsState(initial:)`` macro writes the broadcast and the conformance.
public protocol StateStreaming<State> {
  associatedtype State: Sendable

  /// The broadcast of this object's states.
  var stateStream: any AsyncBroadcast<State> { get }
}
