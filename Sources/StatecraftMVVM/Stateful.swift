/// An object with a state that can be read at any time.
///
/// The ``BroadcastsState(initial:)`` macro conforms a class or an actor, reading the state from
/// its broadcast:
///
/// ```swift
/// @BroadcastsState(initial: 20.0)
/// final class Thermostat: Sendable {
///   typealias State = Double
///   func set(_ degrees: Double) { _stateBroadcast.update { $0 = degrees } }
/// }
/// ```
///
/// ```swift
/// let thermostat = Thermostat()
/// thermostat.set(21.5)
/// print(thermostat.currentState())   // 21.5
/// ```
public protocol Stateful<State>: AnyObject {
  /// The state this object holds.
  associatedtype State: Sendable

  /// The state now.
  func currentState() -> State
}
