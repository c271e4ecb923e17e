/// What a guard reads: the context, the event being processed, and which states are active.
///
/// ```swift
/// enum Player: Hashable, Sendable { case idle, playing, muted }
/// enum PlayerEvent: Sendable { case play }
/// struct Playlist: Sendable { var trackCount = 0 }
/// ```
///
/// ```swift
/// let chart = Statechart<Player, PlayerEvent, Playlist>(initial: .idle, context: Playlist(trackCount: 3)) {
///   StateNode(.idle) {
///     OnEvent(.play, target: .playing, guard: { chart in
///       chart.context.trackCount > 0 && !chart.isIn(.muted)
///     })
///   }
///   StateNode(.playing)
///   StateNode(.muted)
/// }
/// #expect(chart.validate().isEmpty)
/// ```
public struct ChartGuardInput<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  /// The chart's context, as it is when the guard is evaluated.
  public let context: Context
  /// The event being processed, SCXML's `_event`: `nil` while the chart processes a done event, an
  /// execution error, a delayed transition, or the eventless transitions that follow its start;
  /// kept through the eventless transitions that follow an event.
  public let event: Event?
  @usableFromInline let configuration: NodeSet
  @usableFromInline let table: ChartTable<ID, Event, Context>

  @inlinable
  init(context: Context, event: Event?, configuration: NodeSet, table: ChartTable<ID, Event, Context>) {
    self.context = context
    self.event = event
    self.configuration = configuration
    self.table = table
  }

  /// Whether the state `id` is active (SCXML's `In()`). An active state's ancestors are active.
  @inlinable
  public func isIn(_ id: ID) -> Bool {
    guard let index = table.index(of: id) else { return false }
    return configuration.contains(index)
  }
}
