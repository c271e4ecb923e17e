import Statecraft
import Testing

@testable import GoldenFeature

@MainActor
@Suite struct SettingsTests {
  @Test func handlingAnEffectUpdatesTheState() {
    let viewModel = SettingsViewModel()
    viewModel.handle(.setLoading(true))
    #expect(viewModel.currentState().isLoading)
    viewModel.handle(.showMessage("Hello"))
    #expect(viewModel.currentState() == SettingsState(message: "Hello"))
  }

  @Test func theRendererShowsTheViewModelsState() {
    let viewModel = SettingsViewModel()
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
      let renderer = SettingsViewController(viewModel: viewModel)
      renderer.loadViewIfNeeded()
      renderer.startObservingState()
      #expect(renderer.title == "Settings")
    #else
      let renderer = SettingsRenderer(viewModel: viewModel)
      renderer.startObservingState()
      #expect(renderer.lines == ["Settings", ""])
      viewModel.handle(.showMessage("Hello"))
      renderer.renderCurrentState()
      #expect(renderer.lines == ["Settings", "Hello"])
    #endif
  }
}
