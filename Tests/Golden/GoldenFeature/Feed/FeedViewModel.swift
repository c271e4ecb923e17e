import Statecraft

/// Owns the Feed feature's state and publishes each change to its renderer.
@BroadcastsState(initial: FeedState())
@MainActor
final class FeedViewModel: ViewModeling, EffectHandling {
  typealias State = FeedState

  enum HandledEffect: Sendable, Hashable {
    case setLoading(Bool)
    case showItems([FeedState.Item])
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
