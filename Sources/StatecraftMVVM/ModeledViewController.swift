/// A renderer bound to a view model: what the ``Modeled(_:_:)`` macro makes of a class.
///
/// The macro writes everything here except `render(_:)`, and the initialiser that sets
/// `viewModel`. On any main-actor class, Linux included:
///
/// ```swift
/// struct AddressBookState: ObjectState { var contactIDs: [String] = [] }
///
/// @BroadcastsState(initial: AddressBookState())
/// @MainActor final class AddressBookViewModel: ViewModeling {
///   typealias State = AddressBookState
///   func add(_ id: String) { _stateBroadcast.update { $0.contactIDs.append(id) } }
/// }
///
/// @Modeled(AddressBookState.self, AddressBookViewModel.self)
/// @MainActor final class AddressBookScreen {
///   private(set) var lines: [String] = []
///   init(viewModel: ViewModel) { self.viewModel = viewModel }
///
///   func render(_ state: State) { lines = state.contactIDs }
/// }
/// ```
///
/// ```swift
/// let screen = AddressBookScreen(viewModel: AddressBookViewModel())
/// screen.startObservingState()     // renders the current state at once
/// screen.viewModel.add("ada")      // rendered by the observation loop once the main actor is free
/// // …when the screen goes away:
/// screen.stopObservingState()
/// ```
///
/// A UIKit view controller does the same, calling `super.init(nibName: nil, bundle: nil)` after
/// setting `viewModel` (with `required init?(coder:)` unavailable, or setting it there too), and
/// `startObservingState()` in `viewWillAppear(_:)`.
@MainActor
public protocol ModeledViewController: StateRendering {
  /// The view model type, or `any` of its interface protocol.
  associatedtype ViewModel

  /// The view model whose state this object renders.
  var viewModel: ViewModel { get }

  /// Renders each new state of the view model until ``stopObservingState()``, or until this object
  /// is deallocated. When `State` is `Equatable` (an ``ObjectState`` is), a state equal to the one
  /// rendered just before it is skipped.
  ///
  /// - Parameter renderImmediately: Whether to render the current state before returning. Without
  ///   it, a view model whose broadcast replays (a ``/StatecraftEngine/StateBroadcast``) still has its current state
  ///   rendered, a moment later, through the replay.
  func startObservingState(renderImmediately: Bool)

  /// Stops rendering new states.
  func stopObservingState()
}
