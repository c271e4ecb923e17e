/// An effect that knows how to change a state: the pure half of handling it.
///
/// ```swift
/// struct ContactsState: ObjectState { var contactIDs: [String] = [] }
///
/// enum ContactEffect: StateMutatingEffect {
///   case add(String)
///   func apply(to state: inout ContactsState) {
///     switch self { case .add(let id): state.contactIDs.append(id) }
///   }
/// }
/// ```
///
/// ```swift
/// var state = ContactsState()
/// state.apply([ContactEffect.add("ada"), .add("alan")])
/// print(state.contactIDs)   // ["ada", "alan"]
/// ```
public protocol StateMutatingEffect<State>: Sendable {
  /// The state this effect changes.
  associatedtype State

  /// Changes `state` as this effect describes.
  func apply(to state: inout State)
}
