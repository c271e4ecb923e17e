import Statecraft
import Testing

@testable import GoldenFeature

@MainActor
@Suite struct ProfileTests {
  @Test func handlingAnEffectUpdatesTheState() {
    let viewModel = ProfileViewModel()
    viewModel.handle(.setLoading(true))
    #expect(viewModel.currentState().isLoading)
    viewModel.handle(.showMessage("Hello"))
    #expect(viewModel.currentState() == ProfileState(message: "Hello"))
  }

  @Test func theRendererShowsTheViewModelsState() {
    let viewModel = ProfileViewModel()
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
      let renderer = ProfileViewController(viewModel: viewModel)
      renderer.loadViewIfNeeded()
      renderer.startObservingState()
      #expect(renderer.title == "Profile")
    #else
      let renderer = ProfileRenderer(viewModel: viewModel)
      renderer.startObservingState()
      #expect(renderer.lines == ["Profile", ""])
      viewModel.handle(.showMessage("Hello"))
      renderer.renderCurrentState()
      #expect(renderer.lines == ["Profile", "Hello"])
    #endif
  }
}
