/// Actions a state runs when it is entered (XState's `entry`, SCXML's `<onentry>`). A state may
/// have several `Entry` blocks: they run in document order, each on its own, so that an action
/// that fails skips only the rest of its block.
///
/// ```swift
/// StateNode(.playing) {
///   Entry(.output(.startAudio), .send(.autoPause, delay: .seconds(300), id: "autoPause"))
/// }
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
