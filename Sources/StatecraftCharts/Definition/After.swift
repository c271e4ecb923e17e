/// A delayed transition (XState's `after`): taken when its source state has been active for
/// `delay` on the running chart's clock, if its guard holds then. Leaving the state cancels it.
///
/// ```swift
/// enum Player: Hashable, Sendable { case playing, paused, stopped, asleep }
/// struct Settings: Sendable { var idleTimeout: Duration = .seconds(900) }
/// ```
///
/// ```swift
/// let chart = Statechart<Player, String, Settings>(initial: .playing, context: Settings()) {
///   StateNode(.playing) { OnEvent("pause", target: .paused) }
///   StateNode(.paused) {
///     After(.seconds(300), target: .stopped)
///     After({ $0.idleTimeout }, target: .asleep)       // a delay read from the context on entry
///   }
///   StateNode(.stopped)
///   StateNode(.asleep)
/// }
/// #expect(chart.validate().isEmpty)
/// ```
///
/// Its timer is part of the chart's snapshot: a snapshot restored later resumes the timer with
/// the time it had left.
public struct After<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  var transition: ChartTransition<ID, Event, Context>

  /// A transition taken `delay` after its source state was entered.
  public init(
    _ delay: Duration,
    target: ID? = nil, type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      { _ in delay }, target: target, type: type, guard: condition, actions: actions,
      fileID: fileID, filePath: filePath, line: line, column: column)
    transition.fixedDelay = delay
  }

  /// A transition taken after the delay that `delay` reads from the context when the source state
  /// is entered, after its entry actions have run.
  public init(
    _ delay: @escaping @Sendable (Context) -> Duration,
    target: ID? = nil, type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    transition = ChartTransition(
      trigger: .after(delay), targets: target.map { [$0] } ?? [], type: type, guard: condition,
      actions: .fixed(actions),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
