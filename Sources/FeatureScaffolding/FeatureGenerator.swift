/// Writes the files of a feature: its state, its view model, a renderer and a test.
///
/// The renderer is a UIKit view controller where UIKit has one (iOS, Mac Catalyst, visionOS) and a
/// plain text renderer elsewhere (Linux, macOS, tvOS, watchOS), so the feature builds, and its test
/// passes, on every platform.
public enum FeatureGenerator {
  /// The feature's files, in a fixed order.
  public static func files(for spec: FeatureSpec) -> [GeneratedFile] {
    [
      GeneratedFile(destination: .sources, name: "\(spec.name)State.swift", contents: state(spec)),
      GeneratedFile(
        destination: .sources, name: "\(spec.name)ViewModel.swift", contents: viewModel(spec)),
      GeneratedFile(
        destination: .sources, name: "\(spec.name)Renderer.swift", contents: renderer(spec)),
      GeneratedFile(destination: .tests, name: "\(spec.name)Tests.swift", contents: test(spec)),
    ]
  }
}
