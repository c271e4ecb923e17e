/// Actions a state runs when it is exited (XState's `exit`, SCXML's `<onexit>`). Children exit
/// before their parents; a state's `Exit` blocks run in document order, each on its own.
///
/// ```swift
/// enum Player: Hashable, Sendable { case playing, paused }
///
/// extension ChartOutput {
///   static let stopAudio: ChartOutput = "stopAudio"
/// }
/// ```
///
/// ```swift
/// let chart = Statechart<Player, String, EmptyChartContext>(initial: .playing, context: .init()) {
///   StateNode(.playing) {
///     Exit(.cancel("autoPause"), .output(.stopAudio))
///     OnEvent("pause", target: .paused)
///   }
///   StateNode(.paused)
/// }
/// #expect(chart.validate().isEmpty)
/// ```
public struct Exit<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  let actions: [ChartAction<ID, Event, Context>]

  /// Runs `actions`, in order.
  public init(_ actions: ChartAction<ID, Event, Context>...) {
    self.actions = actions
  }

  /// Runs `actions`, in order.
  public init(actions: [ChartAction<ID, Event, Context>]) {
    self.actions = actions
  }
}
