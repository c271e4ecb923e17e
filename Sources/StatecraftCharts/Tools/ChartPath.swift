/// A way through a chart: the events that take it from its initial snapshot to a snapshot, with
/// every snapshot on the way. ``Statechart/shortestPaths(events:limit:by:)`` and
/// ``Statechart/simplePaths(events:limit:by:)`` make them (XState's `getShortestPaths`, `getSimplePaths`).
///
/// ```swift
/// enum Player: Hashable, Sendable { case idle, active, playing, paused, stopped }
/// enum PlayerEvent: Hashable, Sendable { case play, pause, stop }
///
/// enum Charts {
///   static let player = Statechart<Player, PlayerEvent, EmptyChartContext>(initial: .idle) {
///     StateNode(.idle) { OnEvent(.play, target: .active) }
///     StateNode(.active, initial: .playing) {
///       StateNode(.playing) { OnEvent(.pause, target: .paused) }
///       StateNode(.paused) { OnEvent(.play, target: .playing) }
///       OnEvent(.stop, target: .stopped)
///     }
///     StateNode(final: .stopped)
///   }
/// }
///
/// @Test(arguments: Charts.player.shortestPaths(events: [.play, .pause, .stop]))
/// func everyStateIsReachableThroughTheRunningChart(_ path: ChartPath<Player, PlayerEvent, EmptyChartContext>) async {
///   let running = AsyncStatechartSequence(Charts.player, clock: TestClock())
///   for event in path.events { await running.send(event) }
///   #expect(running.snapshot.configuration == path.snapshot.configuration)
/// }
/// ```
public struct ChartPath<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable,
  CustomStringConvertible
{
  /// One event of a path and the snapshot it led to.
  ///
  /// ```swift
  /// let door = Statechart<String, String, EmptyChartContext>(initial: "closed") {
  ///   StateNode("closed") { OnEvent("open", target: "opened") }
  ///   StateNode("opened") { OnEvent("close", target: "closed") }
  /// }
  /// let paths = door.shortestPaths(events: ["open", "close"])   // [closed], then to [opened]
  /// for step in paths[1].steps {
  ///   print("\(step.event) → \(step.snapshot)")   // open → [opened]
  /// }
  /// ```
  public struct Step: Sendable {
    /// The event sent.
    public let event: Event
    /// The chart after it.
    public let snapshot: ChartSnapshot<ID, Event, Context>
  }

  /// The chart's initial snapshot, where the path starts.
  public let start: ChartSnapshot<ID, Event, Context>
  /// The events of the path, each with the snapshot it led to.
  public let steps: [Step]

  /// Where the path ends.
  public var snapshot: ChartSnapshot<ID, Event, Context> { steps.last?.snapshot ?? start }

  /// The events to send, in order.
  public var events: [Event] { steps.map(\.event) }

  /// `[idle] → play → [active, playing] → pause → [active, paused]`.
  public var description: String {
    ([start.description] + steps.map { "\($0.event) → \($0.snapshot)" }).joined(separator: " → ")
  }
}
