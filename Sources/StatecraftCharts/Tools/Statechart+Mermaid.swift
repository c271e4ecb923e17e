extension Statechart {
  /// The chart as a Mermaid `stateDiagram-v2`: its hierarchy, parallel regions (separated by
  /// `--`), history states (`H`, `H*`), final states (`→ [*]`), and transitions labelled with their
  /// event, `[guard]` when guarded, and delays (`after 10s`).
  ///
  /// ```swift
  /// let player = Statechart<String, String, EmptyChartContext>("player", initial: "idle", context: .init()) {
  ///   StateNode("idle") { OnEvent("play", target: "playing") }
  ///   StateNode("playing") { OnEvent("stop", target: "idle") }
  /// }
  /// print(player.mermaid())
  /// // stateDiagram-v2
  /// //   state "idle" as s1
  /// //   ...
  /// //   s1 --> s2 : play
  /// ```
  ///
  /// Targetless transitions, which change no state, are not drawn.
  public func mermaid() -> String {
    var edgesByBlock: [Int: [String]] = [:]
    for node in table.nodes {
      for transition in node.transitions where !transition.isTargetless {
        for target in transition.targets {
          edgesByBlock[mermaidBlock(transition.source, target), default: []].append(
            "\(mermaidID(transition.source)) --> \(mermaidID(target)) : \(mermaidEscaped(edgeLabel(transition)))")
        }
      }
    }
    var lines = ["stateDiagram-v2"]
    appendMermaidContent(of: 0, indent: "  ", edges: edgesByBlock, into: &lines)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The state whose block declares the edge from `source` to `target`: Mermaid draws an edge in
  /// the composite state that holds both ends, and a parallel state's block holds only regions.
  private func mermaidBlock(_ source: Int, _ target: Int) -> Int {
    var block = table.nodes[source].parent
    while block > 0, !table.isDescendant(target, of: block) || table.nodes[block].kind == .parallel {
      block = table.nodes[block].parent
    }
    return max(block, 0)
  }

  private func appendMermaidContent(
    of index: Int, indent: String, edges: [Int: [String]], into lines: inout [String]
  ) {
    let node = table.nodes[index]
    if node.isCompound, let initial = node.initial.first {
      lines.append("\(indent)[*] --> \(mermaidID(initial))")
    }
    for history in node.histories {
      guard case .history(let deep) = table.nodes[history].kind else { continue }
      lines.append("\(indent)state \"\(deep ? "H*" : "H")\" as \(mermaidID(history))")
    }
    for (position, child) in node.children.enumerated() {
      if node.kind == .parallel, position > 0 { lines.append("\(indent)--") }
      let childNode = table.nodes[child]
      lines.append("\(indent)state \"\(mermaidEscaped(table.label(child)))\" as \(mermaidID(child))")
      if !childNode.children.isEmpty || !childNode.histories.isEmpty {
        lines.append("\(indent)state \(mermaidID(child)) {")
        appendMermaidContent(of: child, indent: indent + "  ", edges: edges, into: &lines)
        lines.append("\(indent)}")
      }
      if childNode.kind == .final { lines.append("\(indent)\(mermaidID(child)) --> [*]") }
    }
    for edge in edges[index] ?? [] { lines.append(indent + edge) }
  }

  private func mermaidID(_ index: Int) -> String { "s\(index)" }

  private func mermaidEscaped(_ text: String) -> String {
    text.replacing("\"", with: "#quot;").replacing(":", with: "#58;")
  }

  /// An edge's label: its trigger, `[guard]` if guarded.
  func edgeLabel(_ transition: ChartTable<ID, Event, Context>.Transition) -> String {
    transition.definition.triggerName + (transition.definition.guardCondition == nil ? "" : " [guard]")
      + (transition.definition.type == .internal ? " (internal)" : "")
  }
}
