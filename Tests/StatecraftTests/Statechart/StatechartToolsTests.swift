import Foundation
import Statecraft
import Testing

/// What a chart's definition offers without running it: validation, lint, exports and paths.
@Suite("Statechart: validation, lint, export and paths")
struct StatechartToolsTests {
  enum S: String, Hashable, Sendable, Codable {
    case off, on, media, playback, playing, paused, audio, unmuted, muted, resume, done, orphan, stuck
  }
  enum E: String, Hashable, Sendable, Codable { case power, play, pause, mute, unmute, eject, unused }
  struct C: Hashable, Sendable, Codable { var volume = 0 }

  static let player = Statechart<S, E, C>("player", initial: .off, context: C()) {
    StateNode(.off) { OnEvent(.power, target: .resume) }
    StateNode(.on, initial: .media) {
      StateNode(parallel: .media) {
        StateNode(.playback, initial: .playing) {
          StateNode(.playing) {
            OnEvent(.pause, target: .paused)
            After(.seconds(30), target: .paused)
          }
          StateNode(.paused) { OnEvent(.play, target: .playing, guard: { $0.context.volume >= 0 }) }
        }
        StateNode(.audio, initial: .unmuted) {
          StateNode(.unmuted) { OnEvent(.mute, target: .muted) }
          StateNode(.muted) { OnEvent(.unmute, target: .unmuted) }
        }
        StateNode(history: .resume, .deep)
      }
      OnEvent(.eject, target: .done)
    }
    StateNode(final: .done)
  }

  // MARK: Validation

  @Test func aValidChartHasNoProblems() {
    #expect(Self.player.validate().isEmpty)
  }

  @Test func validateListsEveryProblemWithItsLine() {
    let line = #line + 2
    let broken = Statechart<S, E, C>(initial: .off, context: C()) {
      StateNode(.off) { OnEvent(.power, target: .orphan) }
      StateNode(.on, initial: .done) {
        StateNode(.playing)
      }
      StateNode(parallel: .media) {
        StateNode(.audio)
      }
      StateNode(.off)
      StateNode(final: .done) { StateNode(.stuck) }
      StateNode(.paused) { Initial(.playing) }
    }
    let problems = broken.validate()
    #expect(
      problems.map(\.kind) == [
        .duplicateState, .unknownTarget, .invalidInitial, .tooFewRegions, .misplacedElement,
        .misplacedElement,
      ])
    #expect(problems[1].callSite?.line == UInt(line))
    #expect(problems[1].description.contains("orphan"))
  }

  @Test func aChartWithProblemsStillRunsAroundThem() {
    let broken = Statechart<S, E, C>(initial: .on, context: C()) {
      StateNode(.on, initial: .orphan) {
        StateNode(.playing) { OnEvent(.pause, target: .stuck) }
        StateNode(.paused)
      }
    }
    let start = broken.initialTransition()
    #expect(start.snapshot.configuration == [.on, .playing])
    #expect(!broken.transition(from: start.snapshot, on: .pause).handled)
  }

  // MARK: Lint

  @Test func lintFindsUnreachableStatesDeadEndsShadowedTransitionsAndUnhandledEvents() {
    let suspicious = Statechart<S, E, C>(initial: .off, context: C()) {
      StateNode(.off) {
        OnEvent(.power, target: .on)
        OnEvent(.power, target: .paused)
      }
      StateNode(.on)
      StateNode(.paused) { OnEvent(.play, target: .off) }
      StateNode(.orphan) { OnEvent(.play, target: .off) }
    }
    let problems = suspicious.lint(events: [.power, .play, .unused])
    #expect(
      problems.map(\.kind) == [.unreachableState, .deadEnd, .shadowedTransition, .unhandledEvent])
    #expect(problems.allSatisfy { !$0.isError })
    #expect(problems[0].message.contains("orphan"))
    #expect(problems[1].message.contains("on"))
    #expect(problems[3].message.contains("unused"))
  }

  @Test func theDemoPlayerLintsClean() {
    #expect(Self.player.lint(events: [.power, .play, .pause, .mute, .unmute, .eject]).isEmpty)
  }

  // MARK: Export

  @Test func mermaidShowsHierarchyRegionsHistoryFinalStatesGuardsAndDelays() {
    let mermaid = Self.player.mermaid()
    #expect(mermaid.hasPrefix("stateDiagram-v2\n"))
    #expect(mermaid.contains("state s3 {"))  // media, a composite
    #expect(mermaid.contains("\n      --\n"))  // between media's regions
    #expect(mermaid.contains("state \"H*\" as s10"))
    #expect(mermaid.contains("s11 --> [*]"))
    #expect(mermaid.contains("s6 --> s5 : play [guard]"))
    #expect(mermaid.contains("s5 --> s6 : after 30s"))
  }

  @Test func dotShowsClustersHistoryFinalStatesGuardsAndDelays() {
    let dot = Self.player.dot()
    #expect(dot.hasPrefix("digraph \"player\" {"))
    #expect(dot.contains("subgraph \"cluster_n3\""))
    #expect(dot.contains("label=\"media (parallel)\""))
    #expect(dot.contains("[label=\"H*\", shape=circle]"))
    #expect(dot.contains("[label=\"done\", shape=doublecircle]"))
    #expect(dot.contains("label=\"play [guard]\""))
    #expect(dot.contains("label=\"after 30s\""))
  }

  /// Graphviz accepts the DOT without a warning, where it is installed (`.ci/run` installs it).
  @Test(.enabled(if: Graphviz.path != nil)) func graphvizRendersTheDOT() throws {
    let result = try Graphviz.render(Self.player.dot())
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    #expect(result.output.contains("<svg"))
  }

  // MARK: Paths

  @Test func shortestPathsReachEveryConfigurationWithTheFewestEvents() {
    let paths = Self.player.shortestPaths(events: [.power, .play, .pause, .mute, .unmute, .eject])
    let ends = paths.map { Set($0.snapshot.configuration) }
    #expect(paths.count == 6)
    #expect(paths[0].events.isEmpty)
    #expect(ends.contains([.on, .media, .playback, .paused, .audio, .muted]))
    let toPausedAndMuted = paths.first { $0.snapshot.isIn(.paused) && $0.snapshot.isIn(.muted) }
    #expect(toPausedAndMuted?.events == [.power, .pause, .mute])
    #expect(paths.contains { $0.snapshot.isDone && $0.events == [.power, .eject] })
    #expect(paths[1].description == "[off] → power → [on, media, playback, playing, audio, unmuted]")
  }

  @Test func simplePathsVisitNoSnapshotTwice() {
    let paths = Self.player.simplePaths(events: [.power, .pause, .mute, .eject])
    #expect(paths.count > 6)
    for path in paths {
      let visited = [path.start.configuration] + path.steps.map(\.snapshot.configuration)
      #expect(Set(visited).count == visited.count)
    }
    #expect(Self.player.simplePaths(events: [.power, .pause, .mute, .eject], limit: 3).count == 3)
  }

  @Test func pathsTellSnapshotsApartByTheirContextWhenItIsHashable() {
    let counting = Self.ticking(TickCounter())
    #expect(counting.shortestPaths(events: ["tick"], limit: 5).map(\.snapshot.context.count) == [0, 1, 2, 3, 4])
    #expect(counting.simplePaths(events: ["tick"], limit: 4).count == 4)
  }

  @Test func pathsTellSnapshotsApartByTheirConfigurationAloneWhenTheContextIsNotHashable() {
    let counting = Self.ticking(UnhashableTickCounter())
    #expect(counting.shortestPaths(events: ["tick"], limit: 5).count == 1)
    #expect(counting.simplePaths(events: ["tick"], limit: 5).count == 1)
  }

  @Test func genericCallersGetTheSamePathsAsConcreteOnes() {
    func pathCount<Context: Sendable>(_ chart: Statechart<String, String, Context>) -> Int {
      chart.shortestPaths(events: ["tick"], limit: 5).count
    }
    #expect(pathCount(Self.ticking(TickCounter())) == 5)
    #expect(pathCount(Self.ticking(UnhashableTickCounter())) == 1)
  }

  /// One state whose `tick` counts in the context and changes nothing else.
  fileprivate static func ticking<Context: Ticking>(_ context: Context) -> Statechart<String, String, Context> {
    Statechart(initial: "on", context: context) {
      StateNode("on") { OnEvent("tick", actions: [.assign { $0.count += 1 }]) }
    }
  }

  @Test(arguments: player.shortestPaths(events: [.power, .play, .pause, .mute, .eject]))
  func eachShortestPathReplaysOnTheStepFunction(_ path: ChartPath<S, E, C>) {
    var snapshot = Self.player.initialTransition().snapshot
    for event in path.events { snapshot = Self.player.transition(from: snapshot, on: event).snapshot }
    #expect(snapshot == path.snapshot)
  }
}

private protocol Ticking: Sendable {
  var count: Int { get set }
}

private struct TickCounter: Ticking, Hashable {
  var count = 0
}

private struct UnhashableTickCounter: Ticking {
  var count = 0
}

/// Runs Graphviz's `dot`, where it is installed.
enum Graphviz {
  static let path: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  static func render(_ source: String) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path!)
    process.arguments = ["-Tsvg"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let rendered = output.fileHandleForReading.readDataToEndOfFile()
    let reported = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: rendered, as: UTF8.self),
      String(decoding: reported, as: UTF8.self)
    )
  }
}
