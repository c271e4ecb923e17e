import Statecraft

/// What the renderer sees of the view model. Add the actions it calls; tests can pass a fake.
@MainActor
protocol InboxViewModeling: ViewModeling where State == InboxState {}

/// Owns the Inbox feature's state and publishes each change to its renderer.
@BroadcastsState(initial: InboxState())
@MainActor
final class InboxViewModel: InboxViewModeling, EffectHandling {
  typealias State = InboxState

  enum HandledEffect: Sendable, Hashable {
    case setLoading(Bool)
    case showItems([InboxState.Item])
  }

  func handle(_ effect: HandledEffect) {
    _stateBroadcast.update { state in
      switch effect {
      case .setLoading(let isLoading):
        state.isLoading = isLoading
      case .showItems(let items):
        state.items = items
        state.isLoading = false
      }
    }
  }
}
