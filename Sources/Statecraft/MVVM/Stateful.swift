/// An object with a state that can be read at any time.
public protocol Stateful<State>: AnyObject {
  associatedtype State: Sendable

  /// The state now.
  func currentState() -> State
}
