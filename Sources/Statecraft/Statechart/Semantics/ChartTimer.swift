/// A delayed event a chart is waiting for, as data in its snapshot: a delayed send, or the timer of
/// a delayed transition (``After``). Its due time is on the chart's own time line, which starts at
/// zero when the chart starts (``ChartSnapshot/time``).
public struct ChartTimer<ID: Hashable & Sendable, Event: Sendable>: Sendable {
  /// What the timer delivers.
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
