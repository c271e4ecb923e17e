/// One transition of a chart's definition, whatever building block wrote it (``OnEvent``,
/// ``Always``, ``After``, ``OnDone``, ``OnError``).
@usableFromInline struct ChartTransition<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// What makes the transition a candidate.
  @usableFromInline enum Trigger: Sendable {
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
  @usableFromInline enum Actions: Sendable {
    case fixed([ChartAction<ID, Event, Context>])
    case fromEvent(@Sendable (Event?) -> [ChartAction<ID, Event, Context>])
  }

  @usableFromInline let trigger: Trigger
  @usableFromInline let targets: [ID]
  @usableFromInline let type: ChartTransitionType
  @usableFromInline let guardCondition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)?
  @usableFromInline let actions: Actions
  @usableFromInline let callSite: CallSite
  /// How exports and problems name the event: the event itself, a case, a descriptor.
  @usableFromInline var eventLabel: String?
  /// The delay of a delayed transition whose delay does not depend on the context.
  @usableFromInline var fixedDelay: Duration?
  /// For lint: what two transitions triggered by the same event share; `nil` when that cannot be
  /// known (a predicate, a case pattern).
  @usableFromInline var eventKey: String?
  /// Whether the trigger's matcher is one of the library's own (equality, or an enum case and its
  /// payload), which has no side effects and may be called again: not a `where:` predicate.
  @usableFromInline var hasLibraryMatcher = false

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

  /// What the transition's trigger is called in exports and problems.
  var triggerName: String {
    switch trigger {
    case .event: eventLabel ?? "event"
    case .descriptor(let descriptor): descriptor.text
    case .eventless: "always"
    case .after: fixedDelay.map { "after \(ChartTransition.format($0))" } ?? "after (delay)"
    case .done(let state): state.map { "done.state.\($0)" } ?? "done"
    case .executionError: "error.execution"
    }
  }

  /// `10s`, `1.5s`, `250ms`.
  static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return "\(seconds)s" }
    let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    if milliseconds < 1_000, milliseconds == milliseconds.rounded() { return "\(Int(milliseconds))ms" }
    return "\(milliseconds / 1_000)s"
  }

  /// The trigger's key for finding shadowed transitions.
  var shadowKey: String? {
    switch trigger {
    case .event: eventKey.map { "event:" + $0 }
    case .descriptor(let descriptor): "descriptor:" + descriptor.text
    case .eventless: "always"
    case .after: nil
    case .done(let state): "done:" + (state.map { "\($0)" } ?? "")
    case .executionError: "error"
    }
  }
}
