/// Actions a state runs when it is entered (XState's `entry`, SCXML's `<onentry>`). A state may
/// have several `Entry` blocks: they run in document order, each on its own, so that an action
/// that fails skips only the rest of its block.
///
/// ```swift
/// enum Player: Hashable, Sendable { case playing, paused }
/// enum PlayerEvent: Sendable { case autoPause }
///
/// extension ChartOutput {
///   static let startAudio: ChartOutput = "startAudio"
/// }
/// ```
///
/// ```swift
/// let chart = Statechart<Player, PlayerEvent, EmptyChartContext>(initial: .playing, context: .init()) {
///   StateNode(.playing) {
///     Entry(.output(.startAudio), .send(.autoPause, delay: .seconds(300), id: "autoPause"))
///     OnEvent(.autoPause, target: .paused)
///   }
///   StateNode(.paused)
/// }
/// #expect(chart.validate().isEmpty)
/// ```
public struct Entry<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
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
