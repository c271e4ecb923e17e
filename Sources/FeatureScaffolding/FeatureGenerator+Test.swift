extension FeatureGenerator {
  static func test(_ spec: FeatureSpec) -> String {
    let name = spec.name
    let show: (effect: String, expectedState: String, expectedLines: String) =
      spec.isCollection
      ? (
        ".showItems([.init(id: \"1\", title: \"First\")])",
        "\(name)State(items: [.init(id: \"1\", title: \"First\")])",
        "[\"\(name)\", \"• First\"]"
      )
      : (".showMessage(\"Hello\")", "\(name)State(message: \"Hello\")", "[\"\(name)\", \"Hello\"]")
    let initialLines = spec.isCollection ? "[\"\(name)\"]" : "[\"\(name)\", \"\"]"
    return """
      import Statecraft
      import Testing

      @testable import \(spec.module)

      @MainActor
      @Suite struct \(name)Tests {
        @Test func handlingAnEffectUpdatesTheState() {
          let viewModel = \(name)ViewModel()
          viewModel.handle(.setLoading(true))
          #expect(viewModel.currentState().isLoading)
          viewModel.handle(\(show.effect))
          #expect(viewModel.currentState() == \(show.expectedState))
        }

        @Test func theRendererShowsTheViewModelsState() {
          let viewModel = \(name)ViewModel()
          #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
            let renderer = \(name)ViewController(viewModel: viewModel)
            renderer.loadViewIfNeeded()
            renderer.startObservingState()
            #expect(renderer.title == "\(name)")
          #else
            let renderer = \(name)Renderer(viewModel: viewModel)
            renderer.startObservingState()
            #expect(renderer.lines == \(initialLines))
            viewModel.handle(\(show.effect))
            renderer.renderCurrentState()
            #expect(renderer.lines == \(show.expectedLines))
          #endif
        }
      }

      """
  }
}
