extension Statechart {
  /// The chart in Graphviz's DOT language: compound and parallel states as clusters (parallel
  /// ones dashed, their regions inside), history states as `H`/`H*` circles, final states as
  /// double circles, a dot for each initial state, and transitions labelled with their event,
  /// `[guard]` when guarded, and delays (`after 10s`).
  ///
  /// ```swift
  /// let door = Statechart<String, String, EmptyChartContext>("door", initial: "closed", context: .init()) {
  ///   StateNode("closed") { OnEvent("open", target: "opened") }
  ///   StateNode("opened") { OnEvent("close", target: "closed") }
  /// }
  /// print(door.dot())   // digraph "door" { … "n1" -> "n2" [label="open"]; … }
  /// ```
  ///
  /// Render it with Graphviz, as the demo does:
  ///
  /// ```sh
  /// swift run statecraft-demo player --dot | dot -Tsvg > player.svg
  /// ```
  ///
  /// Targetless transitions, which change no state, are not drawn.
  public func dot() -> String {
    var lines = [
      "digraph \(dotQuoted(name)) {",
      "  compound=true;",
      "  rankdir=LR;",
      "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
      "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    appendDOTContent(of: 0, indent: "  ", into: &lines)
    for node in table.nodes {
      for transition in node.transitions where !transition.isTargetless {
        for target in transition.targets {
          lines.append("  " + dotEdge(from: transition.source, to: target, label: edgeLabel(transition)))
        }
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func appendDOTContent(of index: Int, indent: String, into lines: inout [String]) {
    let node = table.nodes[index]
    let anchor = dotAnchor(index)
    if node.isCompound {
      lines.append("\(indent)\(anchor) [shape=point, width=0.12];")
      for initial in node.initial {
        lines.append("\(indent)" + dotEdge(fromPoint: anchor, to: initial, label: nil))
      }
    } else if node.kind == .parallel {
      lines.append("\(indent)\(anchor) [shape=point, style=invis, width=0.01];")
    }
    for child in node.children + node.histories {
      let childNode = table.nodes[child]
      switch childNode.kind {
      case .compound, .parallel:
        let parallel = childNode.kind == .parallel
        lines.append("\(indent)subgraph \(dotQuoted("cluster_\(dotName(child))")) {")
        lines.append(
          "\(indent)  label=\(dotQuoted(table.label(child) + (parallel ? " (parallel)" : "")));")
        lines.append("\(indent)  style=\(parallel ? "\"dashed,rounded\"" : "rounded");")
        appendDOTContent(of: child, indent: indent + "  ", into: &lines)
        lines.append("\(indent)}")
      case .final:
        lines.append(
          "\(indent)\(dotQuoted(dotName(child))) [label=\(dotQuoted(table.label(child))), shape=doublecircle];")
      case .history(let deep):
        lines.append(
          "\(indent)\(dotQuoted(dotName(child))) [label=\(deep ? "\"H*\"" : "\"H\""), shape=circle];")
      case .atomic, .root:
        lines.append("\(indent)\(dotQuoted(dotName(child))) [label=\(dotQuoted(table.label(child)))];")
      }
    }
  }

  private func isCluster(_ index: Int) -> Bool {
    let kind = table.nodes[index].kind
    return kind == .compound || kind == .parallel
  }

  /// An edge between two states; a cluster's edges start or end at its anchor, clipped to it.
  private func dotEdge(from source: Int, to target: Int, label: String?) -> String {
    var attributes: [String] = []
    let tail = isCluster(source) ? dotAnchor(source) : dotQuoted(dotName(source))
    let head = isCluster(target) ? dotAnchor(target) : dotQuoted(dotName(target))
    if isCluster(source), !table.isDescendant(target, of: source), target != source {
      attributes.append("ltail=\(dotQuoted("cluster_\(dotName(source))"))")
    }
    if isCluster(target), !table.isDescendant(source, of: target), target != source {
      attributes.append("lhead=\(dotQuoted("cluster_\(dotName(target))"))")
    }
    if let label { attributes.append("label=\(dotQuoted(label))") }
    return "\(tail) -> \(head)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]") + ";"
  }

  private func dotEdge(fromPoint anchor: String, to target: Int, label: String?) -> String {
    let head = isCluster(target) ? dotAnchor(target) : dotQuoted(dotName(target))
    let clip = isCluster(target) ? " [lhead=\(dotQuoted("cluster_\(dotName(target))"))]" : ""
    return "\(anchor) -> \(head)\(clip);"
  }

  private func dotName(_ index: Int) -> String { "n\(index)" }

  private func dotAnchor(_ index: Int) -> String { dotQuoted("n\(index)_start") }

  private func dotQuoted(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
