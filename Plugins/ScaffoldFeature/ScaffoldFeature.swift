import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory scaffold-feature <Name> [options]`
///
/// Writes `<Name>State`, `<Name>ViewModel` and `<Name>Renderer` into `Sources/<Target>/<Name>/`,
/// and `<Name>Tests` into the target's test target.
///
/// Options:
/// - `--target <Target>`: the target for the feature; needed when the package has several.
/// - `--test-target <TestTarget>`: where the test goes; `<Target>Tests` by default.
/// - `--protocol`: the renderer sees the view model through a protocol.
/// - `--collection`: the state is a list of items, shown as a collection.
@main
struct ScaffoldFeature: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetName = extractor.extractOption(named: "target").last
    let testTargetName = extractor.extractOption(named: "test-target").last
    let flags = ["protocol", "collection"].filter { extractor.extractFlag(named: $0) > 0 }
    guard let name = extractor.remainingArguments.first, extractor.remainingArguments.count == 1 else {
      throw PluginError(
        "usage: swift package --allow-writing-to-package-directory scaffold-feature <Name> "
          + "[--target <Target>] [--test-target <TestTarget>] [--protocol] [--collection]")
    }

    let sourceTargets = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
    let candidates = sourceTargets.filter { $0.kind == .generic }
    let target: SwiftSourceModuleTarget
    if let targetName {
      guard let match = sourceTargets.first(where: { $0.name == targetName }) else {
        throw PluginError("no Swift target named '\(targetName)'")
      }
      target = match
    } else if candidates.count == 1 {
      target = candidates[0]
    } else {
      throw PluginError(
        "the package has several targets; choose one with --target: "
          + candidates.map(\.name).joined(separator: ", "))
    }
    let testName = testTargetName ?? "\(target.name)Tests"
    guard let testTarget = sourceTargets.first(where: { $0.name == testName && $0.kind == .test })
    else {
      throw PluginError(
        "no test target named '\(testName)': create it, with at least one Swift file (SwiftPM "
          + "skips an empty one), or name another with --test-target")
    }

    let tool = try context.tool(named: "statecraft-scaffold")
    let process = Process()
    process.executableURL = tool.url
    process.arguments =
      [
        name, "--module", target.name,
        "--sources", target.directoryURL.path, "--tests", testTarget.directoryURL.path,
      ] + flags.map { "--\($0)" }
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PluginError("statecraft-scaffold failed; see its message above")
    }
  }
}

struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
