/// Binds a renderer to a view model.
///
/// ```swift
/// struct AddressBookState: ObjectState { var contactIDs: [String] = [] }
///
/// @BroadcastsState(initial: AddressBookState())
/// @MainActor final class AddressBookViewModel: ViewModeling {
///   typealias State = AddressBookState
/// }
///
/// @Modeled(AddressBookState.self, AddressBookViewModel.self)
/// @MainActor final class AddressBookScreen {
///   init(viewModel: ViewModel) { self.viewModel = viewModel }
///   func render(_ state: State) { print(state.contactIDs) }
/// }
/// ```
///
/// It adds to the class:
/// - `typealias State` and `typealias ViewModel`, and a `let viewModel: ViewModel` that your
///   initialiser sets;
/// - `startObservingState(renderImmediately:)`, `stopObservingState()` and `renderCurrentState()`;
/// - conformance to ``ModeledViewController``.
///
/// You write `render(_ state: State)` and an initialiser that sets `viewModel`. It works on any
/// main-actor class: a UIKit view controller on Apple platforms, or a class marked `@MainActor`
/// anywhere, Linux included.
@attached(
  member,
  names: named(State), named(ViewModel), named(viewModel), named(_stateObservation),
  named(startObservingState), named(stopObservingState), named(renderCurrentState))
@attached(extension, conformances: ModeledViewController)
public macro Modeled<State, ViewModel>(_ state: State.Type, _ viewModel: ViewModel.Type) =
  #externalMacro(module: "StatecraftMacros", type: "ModeledMacro")

/// Binds a renderer to a view model that it knows only through the protocol `interface`, so that
/// tests can hand it a fake: `ViewModel` is `any Interface`.
///
/// ```swift
/// protocol AddressBookViewModelInterface: ViewModeling where State == AddressBookState {}
///
/// @Modeled(AddressBookState.self, interface: AddressBookViewModelInterface.self)
/// @MainActor final class AddressBookListScreen {
///   init(viewModel: ViewModel) { self.viewModel = viewModel }
///   func render(_ state: State) { print(state.contactIDs.count, "contacts") }
/// }
/// ```
@attached(
  member,
  names: named(State), named(ViewModel), named(viewModel), named(_stateObservation),
  named(startObservingState), named(stopObservingState), named(renderCurrentState))
@attached(extension, conformances: ModeledViewController)
public macro Modeled<State, Interface>(_ state: State.Type, interface: Interface.Type) =
  #externalMacro(module: "StatecraftMacros", type: "ModeledMacro")

/// Writes a state broadcast for a class or an actor that declares a `State` type:
/// `private let _stateBroadcast`, `stateStream`, `currentState()`, and conformance to
/// ``StateStreaming`` and ``Stateful``.
///
/// ```swift
/// struct ContactsState: ObjectState { var contactIDs: [String] }
///
/// @BroadcastsState(initial: ContactsState(contactIDs: []))
/// final class ContactsBook: Sendable {
///   typealias State = ContactsState
///   func add(_ id: String) { _stateBroadcast.update { $0.contactIDs.append(id) } }
/// }
/// ```
@attached(member, names: named(_stateBroadcast), named(stateStream), named(currentState))
@attached(extension, conformances: StateStreaming, Stateful)
public macro BroadcastsState<State>(initial: State) =
  #externalMacro(module: "StatecraftMacros", type: "BroadcastsStateMacro")

/// Writes an event broadcast for a class or an actor that declares a `StreamedEvent` type:
/// `private let _eventBroadcast`, `eventStream`, and conformance to ``EventStreaming``.
///
/// ```swift
/// @BroadcastsEvents
/// final class ContactsRepository: Sendable {
///   enum StreamedEvent: Event { case didAddContact(String) }
///   func add(_ id: String) { _eventBroadcast.send(.didAddContact(id)) }
/// }
/// ```
@attached(member, names: named(_eventBroadcast), named(eventStream))
@attached(extension, conformances: EventStreaming)
public macro BroadcastsEvents() =
  #externalMacro(module: "StatecraftMacros", type: "BroadcastsEventsMacro")
