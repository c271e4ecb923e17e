import FeatureScaffolding
import Foundation
import Testing

extension Tag {
  /// Pins a defect of a library Statecraft replaces (here async-state), which Statecraft must not
  /// repeat.
  @Tag static var replacedLibraryDefect: Self
}

@Suite struct FeatureGeneratorTests {
  /// `Tests/Golden`: the generator's output for these specs, which the package builds and tests.
  static let golden = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Golden")

  /// One sample per combination of options.
  static let samples: [FeatureSpec] = [
    try! FeatureSpec(name: "Profile", module: "GoldenFeature"),
    try! FeatureSpec(name: "Settings", module: "GoldenFeature", usesInterface: true),
    try! FeatureSpec(name: "Feed", module: "GoldenFeature", isCollection: true),
    try! FeatureSpec(name: "Inbox", module: "GoldenFeature", usesInterface: true, isCollection: true),
  ]

  /// If this fails after a deliberate template change, regenerate the golden files:
  /// `rm -r Tests/Golden/GoldenFeature/* Tests/Golden/GoldenFeatureTests/*`, then run
  /// `swift run statecraft-scaffold <Name> --module GoldenFeature --sources Tests/Golden/GoldenFeature
  /// --tests Tests/Golden/GoldenFeatureTests [--protocol --collection]` for each sample.
  /// async-state's templates were Xcode-only; these files build and pass their tests on Linux.
  @Test(.tags(.replacedLibraryDefect), arguments: samples)
  func theGeneratorWritesExactlyTheGoldenFiles(spec: FeatureSpec) throws {
    let writer = FeatureWriter(
      sourcesDirectory: Self.golden.appending(path: "GoldenFeature"),
      testsDirectory: Self.golden.appending(path: "GoldenFeatureTests"))
    let files = FeatureGenerator.files(for: spec)
    #expect(files.map(\.name) == ["State", "ViewModel", "Renderer", "Tests"].map { "\(spec.name)\($0).swift" })
    for file in files {
      let onDisk = try String(contentsOf: writer.url(of: file, for: spec), encoding: .utf8)
      #expect(onDisk == file.contents, "\(file.name) differs from its golden file")
    }
  }

  @Test(arguments: ["profile", "1Profile", "Pro-file", "", "Pro file"])
  func aNameThatIsNotATypeNameIsRejected(name: String) {
    #expect(throws: ScaffoldError.invalidFeatureName(name)) {
      try FeatureSpec(name: name, module: "App")
    }
  }

  @Test func aModuleThatIsNotAnIdentifierIsRejected() {
    #expect(throws: ScaffoldError.invalidModuleName("my-app")) {
      try FeatureSpec(name: "Profile", module: "my-app")
    }
  }

  @Test func theWriterCreatesTheFilesAndNeverOverwrites() throws {
    let root = FileManager.default.temporaryDirectory
      .appending(path: "scaffold-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let writer = FeatureWriter(
      sourcesDirectory: root.appending(path: "Sources/App"),
      testsDirectory: root.appending(path: "Tests/AppTests"))
    let spec = try FeatureSpec(name: "Profile", module: "App")
    let written = try writer.write(spec)
    #expect(written.map(\.lastPathComponent) == FeatureGenerator.files(for: spec).map(\.name))
    #expect(written[0].path.hasSuffix("Sources/App/Profile/ProfileState.swift"))
    #expect(written[3].path.hasSuffix("Tests/AppTests/ProfileTests.swift"))

    // An edited file survives a second run, which writes nothing.
    try Data("// mine".utf8).write(to: written[1])
    try FileManager.default.removeItem(at: written[0])
    #expect(throws: ScaffoldError.filesExist([written[1].path, written[2].path, written[3].path])) {
      try writer.write(spec)
    }
    #expect(try String(contentsOf: written[1], encoding: .utf8) == "// mine")
    #expect(!FileManager.default.fileExists(atPath: written[0].path))
  }
}
