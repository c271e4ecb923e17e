import Statecraft
import Testing

@testable import GoldenFeature

@MainActor
@Suite struct FeedTests {
  @Test func handlingAnEffectUpdatesTheState() {
    let viewModel = FeedViewModel()
    viewModel.handle(.setLoading(true))
    #expect(viewModel.currentState().isLoading)
    viewModel.handle(.showItems([.init(id: "1", title: "First")]))
    #expect(viewModel.currentState() == FeedState(items: [.init(id: "1", title: "First")]))
  }

  @Test func theRendererShowsTheViewModelsState() {
    let viewModel = FeedViewModel()
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
      let renderer = FeedViewController(viewModel: viewModel)
      renderer.loadViewIfNeeded()
      renderer.startObservingState()
      #expect(renderer.title == "Feed")
    #else
      let renderer = FeedRenderer(viewModel: viewModel)
      renderer.startObservingState()
      #expect(renderer.lines == ["Feed"])
      viewModel.handle(.showItems([.init(id: "1", title: "First")]))
      renderer.renderCurrentState()
      #expect(renderer.lines == ["Feed", "• First"])
    #endif
  }
}
