/// A chart's states as a tree of names and kinds: what a tool needs to draw the chart as nested
/// boxes, such as the live inspector's page.
///
/// ```swift
/// let player = Statechart<String, String, EmptyChartContext>("player", initial: "off", context: .init()) {
///   StateNode("off") { OnEvent("power", target: "active") }
///   StateNode("active", initial: "playing") {
///     StateNode("playing") { OnEvent("sleep", target: "standby") }
///   }
///   StateNode("standby") { OnEvent("eject", target: "ejected") }
///   StateNode(final: "ejected")
/// }
/// let outline = player.outline
/// #expect(outline.children.map(\.name) == ["off", "active", "standby", "ejected"])
/// #expect(outline.children[1].kind == .compound)
/// ```
///
/// Children are in document order; history states come after their parent's other children.
public struct ChartOutline: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What kind of state a node of the outline is.
  ///
  /// ```swift
  /// let media = Statechart<String, String, EmptyChartContext>("media", initial: "player") {
  ///   StateNode("player", initial: "playing") {
  ///     StateNode("playing")
  ///     StateNode(history: "resume", .deep)
  ///   }
  ///   StateNode(final: "ejected")
  /// }
  /// #expect(media.outline.kind == .chart)
  /// #expect(media.outline.children.map(\.kind) == [.compound, .final])
  /// #expect(media.outline.children[0].children.map(\.kind) == [.atomic, .deepHistory])
  /// ```
  public enum Kind: String, Sendable, Hashable, Codable {
    /// The chart itself, the root of the outline.
    case chart
    /// A state without children.
    case atomic
    /// A state with children, one of which is active while it is.
    case compound
    /// A state whose children, its regions, are all active while it is.
    case parallel
    /// A final state: entering it completes its parent.
    case final
    /// A shallow history state: it returns to its parent's last active child.
    case shallowHistory
    /// A deep history state: it returns to every state last active below its parent.
    case deepHistory
  }

  /// The state's id as text (`"\(id)"`), or the chart's name at the root.
  public let name: String
  /// What kind of state it is, or `.chart` at the root.
  public let kind: Kind
  /// Its child states, in document order, history states last.
  public let children: [ChartOutline]

  /// A node of an outline, with `children` below it: for a tool that draws an outline of its own.
  ///
  /// - Parameters:
  ///   - name: The state's id as text, or the chart's name at the root.
  ///   - kind: What kind of state it is.
  ///   - children: Its child states, in the order to draw them.
  public init(name: String, kind: Kind, children: [ChartOutline] = []) {
    self.name = name
    self.kind = kind
    self.children = children
  }

  /// The outline indented, one state per line: `parallel media`.
  public var description: String {
    var lines: [String] = []
    func add(_ node: ChartOutline, depth: Int) {
      lines.append(String(repeating: "  ", count: depth) + "\(node.kind.rawValue) \(node.name)")
      for child in node.children { add(child, depth: depth + 1) }
    }
    add(self, depth: 0)
    return lines.joined(separator: "\n")
  }
}

extension Statechart {
  /// The chart's states as a tree of names and kinds, for drawing it.
  ///
  /// ```swift
  /// let player = Statechart<String, String, EmptyChartContext>("player", initial: "off", context: .init()) {
  ///   StateNode("off") { OnEvent("power", target: "active") }
  ///   StateNode("active", initial: "playing") { StateNode("playing") }
  /// }
  /// print(player.outline)   // chart player / atomic off / compound active / …
  /// ```
  public var outline: ChartOutline { table.outline(of: 0) }
}

extension ChartTable {
  func outline(of index: Int) -> ChartOutline {
    let node = nodes[index]
    let kind: ChartOutline.Kind =
      switch node.kind {
      case .root: .chart
      case .atomic: .atomic
      case .compound: .compound
      case .parallel: .parallel
      case .final: .final
      case .history(let deep): deep ? .deepHistory : .shallowHistory
      }
    return ChartOutline(
      name: label(index), kind: kind, children: (node.children + node.histories).map(outline(of:)))
  }
}

/// What the live inspector reads of a chart's snapshot, which it receives as `Any`: the chart's
/// outline, to draw, and the active states, to highlight.
package protocol InspectableChartSnapshot {
  /// The outline of the chart the snapshot belongs to; `nil` for a decoded snapshot no chart read.
  var inspectedOutline: ChartOutline? { get }
  /// The active states' names, ancestors included.
  var inspectedActiveStates: [String] { get }
}

extension ChartSnapshot: InspectableChartSnapshot {
  package var inspectedOutline: ChartOutline? { _table?.outline(of: 0) }
  package var inspectedActiveStates: [String] { configuration.map { "\($0)" } }
}
