/// An object that broadcasts its state.
///
/// ```swift
/// @BroadcastsState(initial: 0)
/// final class Counter: Sendable {
///   typealias State = Int
///   func increment() { _stateBroadcast.update { $0 += 1 } }
/// }
/// ```
///
/// ```swift
/// let counter = Counter()
/// for await count in counter.stateStream.observe() {
///   print("count:", count)   // 0 first, the current state, then each change
/// }
/// ```
///
/// ``/StatecraftEngine/StateBroadcast`` is the usual implementation: each new observer gets the current state first.
/// `AsyncStateMachineSequence` and `ContextualStateMachine` conform. `Store` has the same
/// `stateStream` when its state is `Sendable`, without the conformance, which Swift cannot make
/// depend on `Sendable`. The
/// ``BroadcastsState(initial:)`` macro writes the broadcast and the conformance.
public protocol StateStreaming<State> {
  /// The state this object broadcasts.
  associatedtype State: Sendable

  /// The broadcast of this object's states.
  var stateStream: any AsyncBroadcast<State> { get }
}
