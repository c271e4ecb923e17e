import IssueReporting
public import Statecraft

/// What a ``TestStore`` over a statechart asserts: the chart's active states and its context.
///
/// ```swift
/// enum Player: Hashable, Sendable { case off, active, playing, paused }
/// enum Control: Hashable, Sendable { case powerOn, volumeUp }
/// struct Settings: Equatable, Sendable { var volume = 5 }
///
/// enum Charts {
///   static let player = Statechart<Player, Control, Settings>(initial: .off, context: Settings()) {
///     StateNode(.off) { OnEvent(.powerOn, target: .active) }
///     StateNode(.active, initial: .playing) {
///       StateNode(.playing) { After(.seconds(30), target: .paused) }
///       StateNode(.paused)
///       OnEvent(.volumeUp, guard: { $0.context.volume < 10 }, actions: [.assign { $0.volume += 1 }])
///     }
///   }
/// }
/// ```
///
/// ```swift
/// let store = TestStore(chart: Charts.player, clock: TestClock())
/// await store.send(.powerOn) {
///   $0.configuration = [.active, .playing]
/// }
/// await store.send(.volumeUp) { $0.context.volume = 6 }
/// ```
public struct ChartTestState<ID: Hashable & Sendable, Context: Equatable & Sendable>: Equatable, Sendable {
  /// The active states, ancestors included, in document order.
  public var configuration: [ID]
  /// The chart's context.
  public var context: Context

  /// A state to compare with.
  public init(configuration: [ID], context: Context) {
    self.configuration = configuration
    self.context = context
  }
}

extension TestStore {
  /// A test store over a running statechart: send it events, assert its configuration and
  /// context, and receive the events it processes on its own: raised events, delayed sends, and
  /// what its invocations send. A delayed transition (``/StatecraftCharts/After``) changes the state without an
  /// event: assert it with ``receiveStateChange(assert:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(chart: Charts.player, clock: clock)
  /// await store.send(.powerOn) { $0.configuration = [.active, .playing] }
  /// await clock.advance(by: .seconds(30))
  /// await store.receiveStateChange { $0.configuration = [.active, .paused] }
  /// ```
  ///
  /// The chart starts at once: its initial state's invocations and timers run from the test
  /// store's creation.
  ///
  /// A chart's state is asserted once per macrostep: at the event that starts it. The events the
  /// macrostep raises, or sends with no delay, are received after that event, and change nothing
  /// more. A delayed send that the clock fires starts a macrostep of its own.
  public convenience init<ID, Context, C: Clock>(
    chart: Statechart<ID, Action, Context>, clock: C,
    outputs: (@Sendable (ChartOutput, Context) async -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where State == ChartTestState<ID, Context>, Action: Sendable, C.Duration == Duration {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if String(reflecting: C.self).contains(".ImmediateClock<") {
      reportIssue(
        """
        swift-clocks' ImmediateClock yields through detached tasks on every sleep, which the test \
        store cannot wait for, so the chart's timers would fire at unpredictable moments. Use \
        InstantClock, whose sleeps return at once without leaving the task.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    self.init(callSite: callSite) { executor, recorder in
      let running = TestStoreScope.run(executor: executor, recorder: recorder) {
        AsyncStatechartSequence(
          chart, clock: clock, fileID: fileID, filePath: filePath, line: line, column: column,
          outputs: outputs ?? { _, _ in })
      }
      // The chart runs from the test store's creation: its initial state's invocations and timers
      // start before the test's first step.
      running.startIfNeeded()
      return TestStoreSubject(
        send: { event, callSite in
          await running.send(
            event, fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line,
            column: callSite.column)
        },
        currentState: { ChartTestState(running.snapshot) },
        action: { $0 as? Action },
        state: { ($0 as? ChartSnapshot<ID, Action, Context>).map(ChartTestState.init) },
        cancelEffects: { running.cancelAllEffects() },
        restartTimers: { running.restartTimers() })
    }
  }
}

extension ChartTestState {
  init<Event>(_ snapshot: ChartSnapshot<ID, Event, Context>) {
    self.init(configuration: snapshot.configuration, context: snapshot.context)
  }
}
