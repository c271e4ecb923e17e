/// An effect that knows how to change a state: the pure half of handling it.
///
/// ```swift
/// enum ContactEffect: StateMutatingEffect {
///   case add(String)
///   func apply(to state: inout ContactsState) {
///     switch self { case .add(let id): state.contactIDs.append(id) }
///   }
/// }
///
/// state.apply([ContactEffect.add("ada"), .add("alan")])
/// ```
public protocol StateMutatingEffect<State>: Sendable {
  associatedtype State

  /// Changes `state` as this effect describes.
  func apply(to state: inout State)
}
