/// `statecraft-scaffold`: writes a feature's files. The `scaffold-feature` package plugin runs it;
/// it can also run alone:
///
///     statecraft-scaffold <Name> --module <Target> --sources <dir> --tests <dir> [--protocol] [--collection]
///
/// It never overwrites a file: if any of the files exists, it writes none and fails.

import FeatureScaffolding
import Foundation

struct Invocation {
  var name: String?
  var module: String?
  var sources: String?
  var tests: String?
  var usesInterface = false
  var isCollection = false

  init(_ arguments: [String]) throws {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--protocol": usesInterface = true
      case "--collection": isCollection = true
      case "--module": module = try Self.value(for: argument, from: &remaining)
      case "--sources": sources = try Self.value(for: argument, from: &remaining)
      case "--tests": tests = try Self.value(for: argument, from: &remaining)
      case _ where argument.hasPrefix("--"): throw UsageError("unknown option \(argument)")
      default:
        guard name == nil else { throw UsageError("more than one feature name: \(name!), \(argument)") }
        name = argument
      }
    }
  }

  private static func value(for option: String, from remaining: inout ArraySlice<String>) throws -> String {
    guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
      throw UsageError("\(option) needs a value")
    }
    return value
  }
}

struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

let usage =
  "usage: statecraft-scaffold <Name> --module <Target> --sources <dir> --tests <dir> [--protocol] [--collection]"

do {
  let invocation = try Invocation(Array(CommandLine.arguments.dropFirst()))
  guard let name = invocation.name, let module = invocation.module,
    let sources = invocation.sources, let tests = invocation.tests
  else { throw UsageError(usage) }
  let spec = try FeatureSpec(
    name: name, module: module, usesInterface: invocation.usesInterface,
    isCollection: invocation.isCollection)
  let writer = FeatureWriter(
    sourcesDirectory: URL(fileURLWithPath: sources), testsDirectory: URL(fileURLWithPath: tests))
  for url in try writer.write(spec) {
    FileHandle.standardOutput.write(Data("created \(url.path)\n".utf8))
  }
} catch {
  FileHandle.standardError.write(Data("statecraft-scaffold: \(error)\n".utf8))
  exit(1)
}
