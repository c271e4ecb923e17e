import Statecraft
import Testing

@testable import GoldenFeature

@MainActor
@Suite struct InboxTests {
  @Test func handlingAnEffectUpdatesTheState() {
    let viewModel = InboxViewModel()
    viewModel.handle(.setLoading(true))
    #expect(viewModel.currentState().isLoading)
    viewModel.handle(.showItems([.init(id: "1", title: "First")]))
    #expect(viewModel.currentState() == InboxState(items: [.init(id: "1", title: "First")]))
  }

  @Test func theRendererShowsTheViewModelsState() {
    let viewModel = InboxViewModel()
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
      let renderer = InboxViewController(viewModel: viewModel)
      renderer.loadViewIfNeeded()
      renderer.startObservingState()
      #expect(renderer.title == "Inbox")
    #else
      let renderer = InboxRenderer(viewModel: viewModel)
      renderer.startObservingState()
      #expect(renderer.lines == ["Inbox"])
      viewModel.handle(.showItems([.init(id: "1", title: "First")]))
      renderer.renderCurrentState()
      #expect(renderer.lines == ["Inbox", "• First"])
    #endif
  }
}
