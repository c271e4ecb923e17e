extension FeatureGenerator {
  static func viewModel(_ spec: FeatureSpec) -> String {
    let name = spec.name
    let interface =
      spec.usesInterface
      ? """
      /// What the renderer sees of the view model. Add the actions it calls; tests can pass a fake.
      @MainActor
      protocol \(name)ViewModeling: ViewModeling where State == \(name)State {}


      """ : ""
    let conformance = spec.usesInterface ? "\(name)ViewModeling" : "ViewModeling"
    let showCase =
      spec.isCollection
      ? "case showItems([\(name)State.Item])" : "case showMessage(String)"
    let showHandling =
      spec.isCollection
      ? """
            case .showItems(let items):
              state.items = items
              state.isLoading = false
      """
      : """
            case .showMessage(let message):
              state.message = message
              state.isLoading = false
      """
    return """
      import Statecraft

      \(interface)/// Owns the \(name) feature's state and publishes each change to its renderer.
      @BroadcastsState(initial: \(name)State())
      @MainActor
      final class \(name)ViewModel: \(conformance), EffectHandling {
        typealias State = \(name)State

        enum HandledEffect: Sendable, Hashable {
          case setLoading(Bool)
          \(showCase)
        }

        func handle(_ effect: HandledEffect) {
          _stateBroadcast.update { state in
            switch effect {
            case .setLoading(let isLoading):
              state.isLoading = isLoading
      \(showHandling)
            }
          }
        }
      }

      """
  }
}
