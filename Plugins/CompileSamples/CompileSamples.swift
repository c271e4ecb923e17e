import Foundation
import PackagePlugin

/// Compiles every Swift sample of the documentation with the target it is applied to: the
/// README's and each DocC article's. An edit that breaks a sample fails
/// the build, at the document's line.
///
/// One generated file per document (see `SampleFile` for how a document's blocks become Swift).
@main
struct CompileSamples: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let tool = try context.tool(named: "statecraft-samples")
    let root = context.package.directoryURL
    return documents(in: root).map { document in
      let relative = String(document.path.dropFirst(root.path.count + 1))
      let name = relative.replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: ".", with: "_")
      let output = context.pluginWorkDirectoryURL.appending(path: "\(name)_samples.swift")
      return .buildCommand(
        displayName: "Extracting the samples of \(relative)",
        executable: tool.url,
        arguments: [document.path, output.path],
        inputFiles: [document],
        outputFiles: [output])
    }
  }

  /// The README and the Markdown files of every DocC catalog.
  private func documents(in root: URL) -> [URL] {
    var found = [root.appending(path: "README.md")]
    let sources = root.appending(path: "Sources")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
      return found
    }
    for case let file as URL in files {
      if file.pathExtension == "md", file.path.contains(".docc/") { found.append(file) }
    }
    return found.sorted { $0.path < $1.path }
  }
}
