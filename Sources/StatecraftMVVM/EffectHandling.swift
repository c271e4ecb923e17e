/// An object that reacts to effects: typically a view model that updates its state.
///
/// ```swift
/// struct AddressBookState: ObjectState { var contactIDs: [String] = [] }
///
/// @BroadcastsState(initial: AddressBookState())
/// @MainActor final class AddressBookViewModel: ViewModeling {
///   typealias State = AddressBookState
/// }
///
/// extension AddressBookViewModel: EffectHandling {
///   enum HandledEffect: Sendable { case addContactCell(String) }
///
///   func handle(_ effect: HandledEffect) {
///     switch effect {
///     case .addContactCell(let id): _stateBroadcast.update { $0.contactIDs.append(id) }
///     }
///   }
/// }
/// ```
///
/// The requirement is `async` so that actors and main-actor classes can conform with an isolated
/// method; a synchronous `handle(_:)` satisfies it.
public protocol EffectHandling<HandledEffect>: AnyObject {
  /// The effects this object reacts to, usually an enum of what its events should cause.
  associatedtype HandledEffect: Sendable

  /// Reacts to one effect.
  nonisolated(nonsending) func handle(_ effect: HandledEffect) async
}

extension EffectHandling {
  /// Handles each effect in turn, in order, each after the previous one has returned.
  ///
  /// ```swift
  /// let viewModel = AddressBookViewModel()
  /// await viewModel.handle(all: [.addContactCell("ada"), .addContactCell("alan")])
  /// print(viewModel.currentState().contactIDs)   // ["ada", "alan"]
  /// ```
  public func handle(
    all effects: some Sequence<HandledEffect>, isolation: isolated (any Actor)? = #isolation
  ) async {
    for effect in effects { await handle(effect) }
  }
}
