/// One runnable demo.
struct Demo: Sendable {
  let name: String
  let summary: String
  let run: @MainActor @Sendable () async -> Void
  /// The demo's statechart, for `--mermaid` and `--dot`.
  var chart: ChartExports? = nil
  /// The options the demo reads from the command line itself.
  var options: [String] = []

  /// A demo that this build cannot run, as it was built without `trait`: running it says how to.
  static func needingTrait(_ trait: String, name: String, summary: String) -> Demo {
    Demo(
      name: name, summary: "\(summary) (needs the \(trait) trait: \(command(trait, name)))",
      run: {
        print(
          """
          The \(name) demo needs the \(trait) package trait, which is off by default so that a first \
          build compiles no server stack. Run it with:

            \(command(trait, name))
          """)
      })
  }

  /// The command that runs demo `name` with `trait` on.
  static func command(_ trait: String, _ name: String, _ arguments: String = "") -> String {
    "swift run --traits \(trait) statecraft-demo \(name)\(arguments.isEmpty ? "" : " " + arguments)"
  }

  static func printList(_ demos: [Demo]) {
    print("Run a demo next: swift run statecraft-demo <demo> [--mermaid | --dot | --inspect]\n\nDemos:")
    let width = demos.map(\.name.count).max() ?? 0
    for demo in demos {
      print("  \(demo.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(demo.summary)")
    }
  }
}

extension String {
  fileprivate func padding(toLength length: Int, withPad pad: String, startingAt _: Int) -> String {
    count >= length ? self : self + String(repeating: pad, count: length - count)
  }
}

extension Duration {
  /// The duration as the demos print it: `t=1300 ms`.
  var demoTimestamp: String {
    "t=\(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000) ms"
  }
}

/// A demo statechart's exports.
struct ChartExports: Sendable {
  let mermaid: @Sendable () -> String
  let dot: @Sendable () -> String
}
