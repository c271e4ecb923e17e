/// One transition of a chart's definition, whatever building block wrote it (``OnEvent``,
/// ``Always``, ``After``, ``OnDone``, ``OnError``).
struct ChartTransition<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// What makes the transition a candidate.
  enum Trigger: Sendable {
    /// An external or raised event that `matches` accepts.
    case event(@Sendable (Event) -> Bool)
    /// An SCXML event descriptor, for charts whose events are strings: it also matches the
    /// chart's own events by their SCXML names (`done.state.id`, `error.execution`).
    case descriptor(EventDescriptor)
    /// No event: tried after every microstep (XState's `always`).
    case eventless
    /// The delay after its source state was entered (XState's `after`).
    case after(@Sendable (Context) -> Duration)
    /// The done event of `state`, or of the transition's own source when `nil`.
    case done(ID?)
    /// An action failed while the chart ran it.
    case executionError
  }

  /// What the transition does: the same actions every time, or actions made from the event.
  enum Actions: Sendable {
    case fixed([ChartAction<Event, Context>])
    case fromEvent(@Sendable (Event?) -> [ChartAction<Event, Context>])
  }

  let trigger: Trigger
  let targets: [ID]
  let type: ChartTransitionType
  let guardCondition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)?
  let actions: Actions
  let callSite: CallSite

  init(
    trigger: Trigger, targets: [ID], type: ChartTransitionType,
    guard guardCondition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)?,
    actions: Actions, callSite: CallSite
  ) {
    self.trigger = trigger
    self.targets = targets
    self.type = type
    self.guardCondition = guardCondition
    self.actions = actions
    self.callSite = callSite
  }

  /// What the transition's kind is called in exports and problems.
  var triggerName: String {
    switch trigger {
    case .event: "event"
    case .descriptor(let descriptor): descriptor.text
    case .eventless: "always"
    case .after: "after"
    case .done(let state): state.map { "done.state.\($0)" } ?? "done"
    case .executionError: "error.execution"
    }
  }
}
