import Foundation
import PackagePlugin

/// Compiles every Swift sample of the documentation with the target it is applied to: the
/// README's, each DocC article's, each step of each DocC tutorial, and the doc comments' of each
/// library source. An edit that breaks a sample fails the build, at the document's line. A sample
/// that imports a trait's module compiles only when that trait is on (see `SampleFile`).
///
/// One generated file per document and per library source (see `SampleFile` for how a document's
/// blocks become Swift), and one per tutorial step that changes the code a reader has.
@main
struct CompileSamples: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let tool = try context.tool(named: "statecraft-samples")
    let root = context.package.directoryURL
    func command(_ name: String, _ inputs: [URL], options: [String] = []) -> Command {
      let output = context.pluginWorkDirectoryURL.appending(path: "\(name)_samples.swift")
      return .buildCommand(
        displayName: "Extracting the samples of \(name)",
        executable: tool.url,
        arguments: [output.path] + options + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    }
    var commands: [Command] = []
    for document in documents(in: root) {
      let name = String(document.path.dropFirst(root.path.count + 1))
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".", with: "_")
      if document.pathExtension == "tutorial" {
        for (index, step) in try TutorialSteps(document).codeAtEachStep.enumerated() {
          commands.append(command("\(name)_\(index + 1)", step))
        }
      } else {
        commands.append(command(name, [document]))
      }
    }
    for (module, source) in try documentedSources(in: root) {
      let name = String(source.path.dropFirst(root.path.count + 1))
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".", with: "_")
      commands.append(command(name, [source], options: ["--doc-comments", module]))
    }
    return commands
  }

  /// The library modules whose doc comments' samples compile: what users import.
  static let libraries = [
    "Statecraft", "StatecraftEngine", "StatecraftMatching", "StatecraftMachines", "StatecraftCharts",
    "StatecraftStateObjects", "StatecraftMVVM", "StatecraftStore", "StatecraftTesting", "StatecraftJournal",
    "StatecraftInspector", "StatecraftDurable", "StatecraftPostgres", "StatecraftServices",
  ]

  /// The library sources with a Swift block in a doc comment, and their modules.
  private func documentedSources(in root: URL) throws -> [(module: String, source: URL)] {
    var found: [(String, URL)] = []
    for module in Self.libraries {
      let folder = root.appending(path: "Sources/\(module)")
      guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
        continue
      }
      for case let file as URL in files where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        if text.contains("```swift"),
          text.split(separator: "\n").contains(where: {
            $0.drop { $0 == " " }.hasPrefix("///") && $0.contains("```swift")
          })
        {
          found.append((module, file))
        }
      }
    }
    return found.sorted { $0.1.path < $1.1.path }
  }

  /// The README, and the articles and tutorials of every DocC catalog.
  private func documents(in root: URL) -> [URL] {
    var found = [root.appending(path: "README.md")]
    let sources = root.appending(path: "Sources")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
      return found
    }
    for case let file as URL in files
    where ["md", "tutorial"].contains(file.pathExtension) && file.path.contains(".docc/") {
      found.append(file)
    }
    return found.sorted { $0.path < $1.path }
  }
}

/// The code files a DocC tutorial shows, step by step: at each `@Code(name:file:)`, the reader has
/// the latest file shown under each name. Each distinct set compiles on its own, so that every
/// step's code compiles with the other files as they are at that step. A file whose name ends in
/// `Tests.swift` joins only the set of the step that shows it, so that its tests run once.
struct TutorialSteps {
  let codeAtEachStep: [[URL]]

  init(_ tutorial: URL) throws {
    var catalog = tutorial.deletingLastPathComponent()
    while !catalog.lastPathComponent.hasSuffix(".docc"), catalog.pathComponents.count > 1 {
      catalog.deleteLastPathComponent()
    }
    var current: [(name: String, file: URL)] = []
    var steps: [[URL]] = []
    for line in try String(contentsOf: tutorial, encoding: .utf8).split(separator: "\n")
    where line.contains("@Code(") {
      guard let name = Self.argument("name", of: line), let file = Self.argument("file", of: line) else {
        continue
      }
      let url = try Self.find(file, in: catalog)
      if let index = current.firstIndex(where: { $0.name == name }) {
        current[index].file = url
      } else {
        current.append((name, url))
      }
      // A test file compiles, and runs, only at the step that shows it.
      let step = current.filter { !$0.name.hasSuffix("Tests.swift") || $0.name == name }.map(\.file)
      if !steps.contains(step) { steps.append(step) }
    }
    codeAtEachStep = steps
  }

  /// The value of `label: "…"` on a directive's line.
  static func argument(_ label: String, of line: Substring) -> String? {
    guard let start = line.range(of: "\(label): \"") else { return nil }
    let rest = line[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  static func find(_ file: String, in catalog: URL) throws -> URL {
    let files = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil)
    while let candidate = files?.nextObject() as? URL {
      if candidate.lastPathComponent == file { return candidate }
    }
    throw TutorialError(message: "\(file), which a tutorial's @Code names, is not in \(catalog.path)")
  }
}

struct TutorialError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
