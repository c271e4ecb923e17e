/// A view model: an object whose state can be read now and observed over time.
///
/// ```swift
/// struct AddressBookState: ObjectState { var contactIDs: [String] = [] }
///
/// @BroadcastsState(initial: AddressBookState())
/// @MainActor final class AddressBookViewModel: ViewModeling {
///   typealias State = AddressBookState
/// }
/// ```
public protocol ViewModeling<State>: Stateful, StateStreaming {}
