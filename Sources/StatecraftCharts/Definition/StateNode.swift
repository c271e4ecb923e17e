/// A state of a ``Statechart``: atomic, compound, parallel, final or history. Every kind is a
/// `StateNode`, so a function can return a subtree and a tree read from data can be built
/// recursively.
///
/// ```swift
/// enum Player: Hashable, Sendable {
///   case idle, active, playing, paused, resume, stopped
///   case audio, volume, unmuted, muted, balance, centre, left
/// }
/// enum PlayerEvent: Hashable, Sendable { case play, pause, stop, mute, unmute, panLeft }
/// ```
///
/// ```swift
/// let player = Statechart<Player, PlayerEvent, EmptyChartContext>(initial: .idle) {
///   StateNode(.idle) {                                  // atomic: no child states
///     OnEvent(.play, target: .active)
///   }
///   StateNode(.active, initial: .playing) {             // compound: its child states follow
///     StateNode(.playing) { OnEvent(.pause, target: .paused) }
///     StateNode(.paused) { OnEvent(.play, target: .playing) }
///     StateNode(history: .resume, .deep)
///     OnEvent(.stop, target: .stopped)
///   }
///   StateNode(parallel: .audio) {                       // parallel: every region is active
///     StateNode(.volume, initial: .unmuted) {
///       StateNode(.unmuted) { OnEvent(.mute, target: .muted) }
///       StateNode(.muted) { OnEvent(.unmute, target: .unmuted) }
///     }
///     StateNode(.balance, initial: .centre) {
///       StateNode(.centre) { OnEvent(.panLeft, target: .left) }
///       StateNode(.left)
///     }
///   }
///   StateNode(final: .stopped)                          // final: entering it ends its parent
/// }
/// print(player.validate())   // []
/// ```
///
/// ```swift
/// struct RegionSpec { var name: String; var children: [RegionSpec] = [] }
///
/// func region(_ spec: RegionSpec) -> StateNode<String, String, EmptyChartContext> {   // from data
///   StateNode(spec.name) { for child in spec.children { region(child) } }
/// }
/// ```
///
/// A compound state starts in its `initial` child, or its first child state when none is given.
/// Its body holds its child states and its ``OnEvent``, ``Always``, ``After``, ``OnDone``,
/// ``OnError``, ``Entry``, ``Exit``, ``Invoke`` and ``Initial`` elements, in any order; `if`,
/// `switch` and `for` work among them.
public struct StateNode<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// How a history state remembers its parent's configuration.
  ///
  /// ```swift
  /// let player = Statechart<String, String, EmptyChartContext>(initial: "active") {
  ///   StateNode("active", initial: "playing") {
  ///     StateNode("playing", initial: "loud") {
  ///       StateNode("loud") { OnEvent("hush", target: "quiet") }
  ///       StateNode("quiet")
  ///     }
  ///     StateNode(history: "back", .deep)
  ///     OnEvent("stop", target: "stopped")
  ///   }
  ///   StateNode("stopped") { OnEvent("resume", target: "back") }
  /// }
  /// var snapshot = player.initialTransition().snapshot
  /// for event in ["hush", "stop", "resume"] { snapshot = player.transition(from: snapshot, on: event).snapshot }
  /// #expect(snapshot.isIn("quiet"))   // `.shallow` would remember "playing", and enter "loud"
  /// ```
  public enum HistoryKind: String, Sendable, Hashable, Codable {
    /// The parent's active children.
    case shallow
    /// The parent's active atomic descendants, however deep.
    case deep
  }

  enum Kind: Sendable {
    case state(initial: [ID])
    case parallel
    case final
    case history(HistoryKind, defaultTargets: [ID], defaultActions: [ChartAction<ID, Event, Context>])
  }

  let id: ID
  let kind: Kind
  let content: [ChartElement<ID, Event, Context>]
  let callSite: CallSite

  /// An atomic state, or a compound one if `content` has child states. A compound state starts in
  /// `initial`, or in its first child state.
  public init(
    _ id: ID, initial: ID? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> _ content: () -> [ChartElement<ID, Event, Context>] = { [] }
  ) {
    self.id = id
    self.kind = .state(initial: initial.map { [$0] } ?? [])
    self.content = content()
    self.callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A compound state that starts in several descendants at once, in different regions of a
  /// parallel descendant (SCXML's `initial="a b"`, which XState does not support).
  public init(
    _ id: ID, initialStates: [ID],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> _ content: () -> [ChartElement<ID, Event, Context>]
  ) {
    self.id = id
    self.kind = .state(initial: initialStates)
    self.content = content()
    self.callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A parallel state: each of its child states is a region, all active at once, and each event
  /// goes to every region. It is done when every region has reached a final state.
  public init(
    parallel id: ID,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> _ content: () -> [ChartElement<ID, Event, Context>]
  ) {
    self.id = id
    self.kind = .parallel
    self.content = content()
    self.callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A final state. Entering it raises its parent's done event (see ``OnDone``); a final state at
  /// the top level ends the chart. It may have ``Entry`` and ``Exit`` actions.
  public init(
    final id: ID,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> _ content: () -> [ChartElement<ID, Event, Context>] = { [] }
  ) {
    self.id = id
    self.kind = .final
    self.content = content()
    self.callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A history state: a transition to it enters what its parent's configuration was when the
  /// parent last exited, or `default` (and runs `actions`) if the parent has not exited yet.
  /// Without a default, the parent's initial state.
  public init(
    history id: ID, _ kind: HistoryKind = .shallow, default defaultTargets: ID...,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.id = id
    self.kind = .history(kind, defaultTargets: defaultTargets, defaultActions: actions)
    self.content = []
    self.callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
