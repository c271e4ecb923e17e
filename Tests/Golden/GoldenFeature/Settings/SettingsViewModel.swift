import Statecraft

/// What the renderer sees of the view model. Add the actions it calls; tests can pass a fake.
@MainActor
protocol SettingsViewModeling: ViewModeling where State == SettingsState {}

/// Owns the Settings feature's state and publishes each change to its renderer.
@BroadcastsState(initial: SettingsState())
@MainActor
final class SettingsViewModel: SettingsViewModeling, EffectHandling {
  typealias State = SettingsState

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
