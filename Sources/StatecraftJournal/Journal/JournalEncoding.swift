import StatecraftEngine

/// How a journal's writer turns a record's values into JSON: the journal knows their types, the
/// writer only the lines.
protocol JournalEncoding {
  /// A state as a JSON fragment.
  func encodeState(_ value: InspectedValue) throws -> String
  /// A message as a JSON fragment, or `nil` if replay cannot take it.
  func encodeMessage(_ value: InspectedValue) throws -> String?
  /// Whether a message is a chart's step that fired every timer due, not just the first.
  func firesEveryTimerDue(_ message: InspectedValue) -> Bool
  /// Whether the states' steps depend on a clock (a chart's), so that replay needs its time.
  var stepsNeedClock: Bool { get }
  /// The time of the clock a state's steps depend on, if they depend on one (a chart's).
  func clockTime(of state: InspectedValue) -> Duration?
}
