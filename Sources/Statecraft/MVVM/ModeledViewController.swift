/// A renderer bound to a view model: what the ``Modeled(_:_:)`` macro makes of a class.
///
/// The macro writes everything here except `render(_:)`:
///
/// ```swift
/// @Modeled(AddressBookState.self, AddressBookViewModel.self)
/// final class AddressBookViewController: UIViewController {
///   init(viewModel: ViewModel) {
///     self.viewModel = viewModel
///     super.init(nibName: nil, bundle: nil)
///   }
///   required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
///
///   override func viewWillAppear(_ animated: Bool) {
///     super.viewWillAppear(animated)
///     startObservingState()
///   }
///
///   func render(_ state: State) { … }
/// }
/// ```
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
