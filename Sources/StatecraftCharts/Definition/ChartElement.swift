/// One element of a state's body, or of a chart's top level: a child state, a transition, entry
/// or exit actions, an invocation, or an initial transition. ``ChartBuilder`` makes one from each
/// building block; a function may also return one, or an array of them.
///
/// ```swift
/// let rooms: [ChartElement<String, String, EmptyChartContext>] = ["hall", "kitchen"].map { room in
///   ChartElement(StateNode(room) { OnEvent("leave", target: "hall") })
/// }
/// let house = Statechart<String, String, EmptyChartContext>(initial: "hall") { rooms }
/// #expect(house.states == ["hall", "kitchen"])
/// ```
public struct ChartElement<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  enum Storage: Sendable {
    case node(StateNode<ID, Event, Context>)
    case transition(ChartTransition<ID, Event, Context>)
    case entry([ChartAction<ID, Event, Context>])
    case exit([ChartAction<ID, Event, Context>])
    case invoke(ChartInvocation<ID, Event, Context>)
    case initial(targets: [ID], actions: [ChartAction<ID, Event, Context>], callSite: CallSite)
  }

  let storage: Storage

  init(_ storage: Storage) {
    self.storage = storage
  }

  /// The element holding `node`.
  public init(_ node: StateNode<ID, Event, Context>) {
    storage = .node(node)
  }
}
