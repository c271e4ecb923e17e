/// What a chart's step asks its runtime to do, in the order its actions ran. The step function
/// returns effects; ``AsyncStatechartSequence`` performs them.
///
/// ```swift
/// let chart = Statechart<String, String, EmptyChartContext>(initial: "idle") {
///   StateNode("idle") { OnEvent("load", target: "loading", actions: [.output("spin")]) }
///   StateNode("loading") { Invoke("fetch", run: { _ in "loaded" }) }
/// }
/// let step = chart.transition(from: chart.initialTransition().snapshot, on: "load")
/// for effect in step.effects {
///   switch effect {
///   case .output(let output, _, let event): print("output \(output) on \(event ?? "-")")
///   case .startInvocation(let id, _): print("start \(id)")
///   case .cancelInvocation(let id): print("cancel \(id)")
///   case .actionFailed(let error, let callSite): print("\(error) at \(callSite)")
///   }
/// }
/// // output spin on load, then start fetch
/// ```
public enum ChartEffect<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// An ``ChartAction/output(_:)`` action ran, with the context of that moment, while the chart
  /// processed `event`: SCXML's `_event`, `nil` for a done event, an execution error or a delayed
  /// transition, and kept through the eventless transitions that follow an event.
  case output(ChartOutput, context: Context, event: Event?)
  /// Start the invocation, with the context at the end of the macrostep that entered its state
  /// (SCXML starts invocations then): the state is still active.
  case startInvocation(ChartInvocationID<ID>, context: Context)
  /// Cancel the invocation: its state exited.
  case cancelInvocation(ChartInvocationID<ID>)
  /// An action threw `error`; the chart raised an execution error (see ``OnError``). Or the chart
  /// stopped a loop of eventless transitions or of timers due at once: `error` is then a
  /// ``ChartLivelock``.
  case actionFailed(any Error, callSite: CallSite)
}

/// Which invocation an effect means: the `index`th ``Invoke`` of `state`.
///
/// ```swift
/// let uploader = Statechart<String, String, EmptyChartContext>(initial: "uploading") {
///   StateNode("uploading") {
///     Invoke("upload", run: { _ in "uploaded" })
///     Invoke(run: { _ in nil })
///   }
/// }
/// var started: [ChartInvocationID<String>] = []
/// for case .startInvocation(let id, _) in uploader.initialTransition().effects { started.append(id) }
/// #expect(started.map(\.description) == ["upload", "uploading.invoke[1]"])
/// ```
public struct ChartInvocationID<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The state the invocation belongs to.
  public let state: ID
  /// Its place among the state's invocations, counting from 0.
  public let index: Int
  /// The name it was given, if any.
  public let name: String?

  /// The invocation's name, or `state.invoke[index]` when it has none: `loading.invoke[0]`.
  public var description: String { name ?? "\(state).invoke[\(index)]" }

  @inlinable
  init(state: ID, index: Int, name: String?) {
    self.state = state
    self.index = index
    self.name = name
  }
}

/// The result of one step of a chart: its new snapshot and the effects to perform, in order.
///
/// ```swift
/// let toggle = Statechart<String, String, EmptyChartContext>(initial: "off") {
///   StateNode("off") { OnEvent("flip", target: "on") }
///   StateNode("on") { OnEvent("flip", target: "off") }
/// }
/// let step = toggle.transition(from: toggle.initialTransition().snapshot, on: "flip")
/// #expect(step.handled && step.snapshot.isIn("on") && step.effects.isEmpty)
/// #expect(!toggle.transition(from: step.snapshot, on: "kick").handled)   // no state handles it
/// ```
public struct ChartStep<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// The chart after the step.
  public var snapshot: ChartSnapshot<ID, Event, Context>
  /// What the runtime must do, in order.
  public var effects: [ChartEffect<ID, Event, Context>]
  /// Whether the event took a transition. `false` for an event no active state handles, or one
  /// sent to a done chart.
  public var handled: Bool
  /// Whether a transition was taken or a timer fired: whether the snapshot is a new one.
  @usableFromInline var changed: Bool
  /// The events the chart processed on its own during the step, when asked to keep them.
  @usableFromInline var observations: ChartObservations<Event>?

  @inlinable
  init(
    snapshot: ChartSnapshot<ID, Event, Context>, effects: [ChartEffect<ID, Event, Context>],
    handled: Bool, changed: Bool, observations: ChartObservations<Event>? = nil
  ) {
    self.snapshot = snapshot
    self.effects = effects
    self.handled = handled
    self.changed = changed
    self.observations = observations
  }
}
