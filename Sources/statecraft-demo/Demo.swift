/// One runnable demo.
struct Demo: Sendable {
  let name: String
  let summary: String
  let run: @MainActor @Sendable () async -> Void
  /// The demo's statechart, for `--mermaid` and `--dot`.
  var chart: ChartExports? = nil
  /// The options the demo reads from the command line itself.
  var options: [String] = []

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
