import Foundation
import Testing

/// `swift run statecraft-demo`, the README's first command, as a newcomer runs it: with no argument
/// it tours the front-ends, then lists the demos; `list` lists them alone.
@Suite("statecraft-demo: the tour", .timeLimit(.minutes(1)))
struct DemoTourTests {
  @Test func withNoArgumentItToursEveryFrontEndThenListsTheDemos() throws {
    let output = try Self.run([])
    let expected = [
      "Store: a reducer owns the state",
      "increment, increment, decrement → count 1",
      "Composition: a child feature's store",
      "the child sends increment → the app's state holds count 1",
      "StateMachine DSL:",
      "flip → on",
      "State objects:",
      "enter Idle\n  exit Idle\n  enter Running",
      "Broadcasts:",
      #"observed ["Ada", "Grace"]"#,
      "Statecharts:",
      "mute → [on, playback, playing, audio, muted]",
      "power → [off]",
      "Demos:",
      "  player ",
    ]
    for line in expected {
      #expect(output.contains(line), "missing \(line) in:\n\(output)")
    }
    // The tour comes first, the list last.
    let tour = try #require(output.range(of: "Store:"))
    let list = try #require(output.range(of: "Demos:"))
    #expect(tour.lowerBound < list.lowerBound)
  }

  @Test func listShowsTheDemosWithoutTheTour() throws {
    let output = try Self.run(["list"])
    #expect(output.contains("Demos:"))
    #expect(!output.contains("Store:"))
  }

  /// Runs the `statecraft-demo` that `swift test` builds beside the tests, and returns what it
  /// printed.
  static func run(_ arguments: [String]) throws -> String {
    let candidates = ([Bundle.main.executableURL] + Bundle.allBundles.map(\.bundleURL))
      .compactMap { $0 }
      .flatMap { url in [url.deletingLastPathComponent(), url.deletingLastPathComponent().deletingLastPathComponent()] }
      .map { $0.appending(path: "statecraft-demo") }
    let executable = try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path()) },
      "no statecraft-demo beside the tests in \(candidates)")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }
}
