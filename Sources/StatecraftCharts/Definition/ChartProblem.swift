/// Something wrong, or suspicious, in a chart's definition: what ``Statechart/validate()`` and
/// ``Statechart/lint(events:)`` return, each with the line that wrote it.
///
/// ```swift
/// let chart = Statechart<String, String, EmptyChartContext>(initial: "idle", context: .init()) {
///   StateNode("idle") { OnEvent("play", target: "playng") }
///   StateNode("playing")
/// }
/// for problem in chart.validate() { print(problem) }
/// // unknownTarget: A transition (play) in idle targets playng, which is not a state of the chart; it is ignored. (at App/Player.swift:12:7)
/// ```
///
/// A running chart (``AsyncStatechartSequence``) reports each problem of its definition to the
/// diagnostics handler when it is created, and works around it: a transition to an unknown state is ignored, a compound state
/// whose initial state is not its descendant starts in its first child.
public struct ChartProblem: Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  ///
  /// ```swift
  /// let chart = Statechart<String, String, EmptyChartContext>(initial: "idle", context: .init()) {
  ///   StateNode("idle") { OnEvent("play", target: "playng") }
  ///   StateNode("playing")
  /// }
  /// #expect(chart.validate().map(\.kind) == [.unknownTarget])
  /// // A warning: the misspelt target leaves no way to "playing".
  /// #expect(chart.lint().map(\.kind).contains(.unreachableState))
  /// ```
  ///
  /// Its raw value is a stable name, such as `"unknownTarget"`. The set of kinds is closed, so a
  /// `switch` over it is exhaustive; a kind added in a later version breaks such a `switch`.
  public enum Kind: String, Sendable, CustomStringConvertible {
    // Errors: what `validate()` reports.

    /// Two states have the same id. The second is ignored.
    case duplicateState
    /// A transition, an initial transition or a history default targets an id that is not a
    /// state of the chart. The transition is ignored.
    case unknownTarget
    /// A compound state's initial state is not one of its descendants. It starts in its first
    /// child instead.
    case invalidInitial
    /// A parallel state has fewer than two regions.
    case tooFewRegions
    /// An element is where it has no meaning: a transition at the top level, a child in a final
    /// state, an `Initial` in a parallel state. It is ignored.
    case misplacedElement
    /// A chart with no states.
    case emptyChart

    // What `validate(_:)` reports of a snapshot.

    /// A snapshot does not fit the chart: a state it does not have, a configuration it cannot
    /// be in, a history or a timer that names the wrong states. See ``Statechart/validate(_:)``.
    case invalidSnapshot

    // Warnings: what `lint(events:)` adds.

    /// No transition, initial state or history leads to this state.
    case unreachableState
    /// A state that is not final, and from which no transition leaves, nor from its ancestors.
    case deadEnd
    /// A transition that can never be taken: an earlier one in the same state handles the same
    /// event without a guard.
    case shadowedTransition
    /// An event that no state of the chart handles.
    case unhandledEvent

    /// The kind's stable name.
    public var description: String { rawValue }
  }

  /// What is wrong.
  public let kind: Kind
  /// A sentence that says what and where.
  public let message: String
  /// The line of the definition that has the problem.
  public let callSite: CallSite?

  init(_ kind: Kind, _ message: String, at callSite: CallSite?) {
    self.kind = kind
    self.message = message
    self.callSite = callSite
  }

  /// Whether the problem is an error of the definition, rather than a lint warning.
  public var isError: Bool {
    switch kind {
    case .duplicateState, .unknownTarget, .invalidInitial, .tooFewRegions, .misplacedElement, .emptyChart,
      .invalidSnapshot:
      true
    case .unreachableState, .deadEnd, .shadowedTransition, .unhandledEvent:
      false
    }
  }

  /// The kind, the message and, when known, the line:
  /// `unknownTarget: A transition (play) in idle targets playng, … (at App/Player.swift:12:7)`.
  public var description: String {
    "\(kind): \(message)" + (callSite.map { " (at \($0))" } ?? "")
  }

  /// Two problems are equal when their kind, message and line are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.message == rhs.message && lhs.callSite == rhs.callSite
  }

  /// Hashes the kind and the message.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(message)
  }
}
