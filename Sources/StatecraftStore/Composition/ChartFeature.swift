public import StatecraftCharts

/// A statechart as a child feature of a store: its snapshot, held in the parent's state, and
/// whether its time line has started.
///
/// ```swift
/// enum Sync: Hashable, Sendable { case idle, uploading }
/// enum SyncEvent: Hashable, Sendable { case start, finished }
///
/// enum Charts {
///   static let sync = Statechart<Sync, SyncEvent, EmptyChartContext>(initial: .idle) {
///     StateNode(.idle) { OnEvent(.start, target: .uploading) }
///     StateNode(.uploading) { OnEvent(.finished, target: .idle, actions: [.output("uploaded")]) }
///   }
/// }
///
/// struct Row {
///   var sync = ChartFeature(Charts.sync)
///   var lastSynced: String?
///   var isOn = false
/// }
///
/// @CaseRoutable
/// enum RowAction: Sendable {
///   case sync(ChartFeatureAction<SyncEvent>)
///   case toggle
/// }
/// ```
///
/// Compose it with ``Reduce/chart(_:action:_:clock:)``. The chart's pure step runs inside the
/// parent's reducer; its outputs come back as actions, and its timers and invocations run as the
/// child's effects, on the clock you give, and end with the child.
///
/// Two features are equal when their snapshots are: when and where the chart started is
/// bookkeeping, not state a test asserts.
public struct ChartFeature<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// The chart's state: its configuration, context, history and timers. A test store's assertion
  /// sets it to what the chart's pure step function gives:
  /// `$0.sync.snapshot = Charts.sync.transition(from: $0.sync.snapshot, on: .start).snapshot`.
  public var snapshot: ChartSnapshot<ID, Event, Context>
  /// The composition's time line (see ``Reduce/chart(_:action:_:clock:)``) minus the chart's:
  /// set when the chart starts, so that its time goes on from its snapshot's.
  var offset: Duration?
  /// Where the snapshot was restored, or `nil` for a chart made new: a restored chart resumes its
  /// invocations when it starts, where a new one takes its initial transition, and what is wrong
  /// with its snapshot is reported at this line.
  let restoredAt: CallSite?

  /// A chart in its initial configuration. It takes its initial transition (entry actions,
  /// invocations, timers) when it starts, with the first action that reaches its reducer.
  public init(_ chart: Statechart<ID, Event, Context>) {
    snapshot = chart.initialTransition().snapshot
    restoredAt = nil
  }

  /// A chart restored from `snapshot`: it starts its active states' invocations again when it
  /// starts, and its time goes on from the snapshot's.
  ///
  /// - Parameters:
  ///   - snapshot: The chart's state, as a snapshot saved it.
  ///   - fileID: Where the chart is restored, for diagnostics: the caller's file by default. What
  ///     is wrong with the snapshot (``/StatecraftCharts/StatecraftEngine/Diagnostic/Kind/invalidSnapshot``) is
  ///     reported at this line when the chart starts, as a running chart reports it at its own.
  ///   - filePath: The caller's file path, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  public init(
    restoring snapshot: ChartSnapshot<ID, Event, Context>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.snapshot = snapshot
    restoredAt = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether the chart is in the state `id`.
  public func isIn(_ id: ID) -> Bool { snapshot.isIn(id) }
}

extension ChartFeature: Equatable where Event: Equatable, Context: Equatable {
  /// Two features are equal when their snapshots are: when the chart started, and whether it was
  /// restored, are not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.snapshot == rhs.snapshot }
}

extension ChartFeature: CustomStringConvertible {
  /// The snapshot's description: the chart's active states, then `done` once it has finished.
  public var description: String { "\(snapshot)" }
}

/// The actions of a chart that is a child feature: events sent to it, the outputs it emits, and
/// its timers coming due.
///
/// ```swift
/// let rowReducer = Reduce<Row, RowAction> { _, _ in .none }
///   .chart(\.sync, action: \.sync, Charts.sync, clock: ContinuousClock())
/// let store = Store(initialState: Row(), reducer: rowReducer)
/// store.send(.sync(.event(.start)))
/// print(store.state.sync.isIn(.uploading))   // true
/// ```
public enum ChartFeatureAction<Event: Sendable>: Sendable {
  /// An event for the chart, from a view, the parent, or the chart's own invocations.
  case event(Event)
  /// An output the chart emitted (``/StatecraftCharts/ChartAction/output(_:)``), for the parent's reducer to act on.
  case output(ChartOutput)
  /// The chart's clock reached its next timer. Sent by the chart's timer effect.
  case timersDue
}

extension ChartFeatureAction: Equatable where Event: Equatable {}
