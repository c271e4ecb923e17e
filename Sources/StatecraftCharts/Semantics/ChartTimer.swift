/// A delayed event a chart is waiting for, as data in its snapshot: a delayed send, or the timer of
/// a delayed transition (``After``). Its due time is on the chart's own time line, which starts at
/// zero when the chart starts (``ChartSnapshot/time``).
///
/// ```swift
/// let kettle = Statechart<String, String, EmptyChartContext>(initial: "heating") {
///   StateNode("heating") {
///     Entry(.send("beep", delay: .seconds(30), id: "beep"))
///     After(.seconds(60), target: "boiled")
///   }
///   StateNode("boiled")
/// }
/// let timers = kettle.initialTransition().snapshot.timers
/// #expect(timers.map(\.due) == [.seconds(30), .seconds(60)])   // in the order they fire
/// ```
public struct ChartTimer<ID: Hashable & Sendable, Event: Sendable>: Sendable {
  /// What the timer delivers.
  ///
  /// ```swift
  /// let alarm = Statechart<String, String, EmptyChartContext>(initial: "armed") {
  ///   StateNode("armed") {
  ///     Entry(.send("tick", delay: .seconds(1)))
  ///     After(.seconds(10), target: "ringing")
  ///   }
  ///   StateNode("ringing")
  /// }
  /// for timer in alarm.initialTransition().snapshot.timers {
  ///   switch timer.kind {
  ///   case .send(let event, let id): print("send \(event), id \(id ?? "none")")   // send tick, id none
  ///   case .after(let state, let index): print("transition \(index) of \(state)")   // transition 0 of armed
  ///   }
  /// }
  /// ```
  public enum Kind: Sendable {
    /// An event sent with ``ChartAction/send(_:delay:id:)``, under its id if it had one.
    case send(Event, id: String?)
    /// The delayed transition `index` (counting a state's transitions from 0) of `state`.
    case after(state: ID, index: Int)
  }

  /// What the timer delivers.
  public let kind: Kind
  /// When it is due, on the chart's time line.
  public let due: Duration
  /// The order in which timers due at the same time fire: the order they were set.
  public let sequence: UInt64

  @inlinable
  init(kind: Kind, due: Duration, sequence: UInt64) {
    self.kind = kind
    self.due = due
    self.sequence = sequence
  }
}

extension ChartTimer.Kind: Equatable where Event: Equatable {}
extension ChartTimer.Kind: Hashable where Event: Hashable {}
extension ChartTimer.Kind: Codable where ID: Codable, Event: Codable {}
extension ChartTimer: Equatable where Event: Equatable {}
extension ChartTimer: Hashable where Event: Hashable {}
extension ChartTimer: Codable where ID: Codable, Event: Codable {}
