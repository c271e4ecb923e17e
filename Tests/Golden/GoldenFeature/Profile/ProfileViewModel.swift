import Statecraft

/// Owns the Profile feature's state and publishes each change to its renderer.
@BroadcastsState(initial: ProfileState())
@MainActor
final class ProfileViewModel: ViewModeling, EffectHandling {
  typealias State = ProfileState

  enum HandledEffect: Sendable, Hashable {
    case setLoading(Bool)
    case showMessage(String)
  }

  func handle(_ effect: HandledEffect) {
    _stateBroadcast.update { state in
      switch effect {
      case .setLoading(let isLoading):
        state.isLoading = isLoading
      case .showMessage(let message):
        state.message = message
        state.isLoading = false
      }
    }
  }
}
