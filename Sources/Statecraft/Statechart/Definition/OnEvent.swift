/// A transition taken when an event arrives (XState's `on`, SCXML's `<transition event>`).
///
/// ```swift
/// StateNode(.paused) {
///   OnEvent(.play, target: .playing)                                  // by value
///   OnEvent(.stop, target: .stopped, actions: [.output(.saveProgress)])
///   OnEvent(PlayerEvent.seek(to:)) { position in                      // by case, with its payload
///     [.assign { $0.position = position }]
///   }
///   OnEvent(.volumeUp, guard: { $0.context.volume < 10 }, actions: [.assign { $0.volume += 1 }])
///   OnEvent(where: { $0.isRemoteCommand }, target: .remote)           // by predicate
/// }
/// ```
///
/// Without a target the transition is targetless: it runs its actions and exits nothing. Several
/// targets (`targets:`) enter states in different regions of a parallel state. Transitions are
/// tried in document order, from the active atomic states outwards; the first whose event matches
/// and whose guard holds is taken (see ``Statechart`` for how conflicts are resolved).
public struct OnEvent<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  /// Whether the transition is taken, read from the context, the event and the active states: a
  /// transition whose event matches is taken only if its guard returns `true`.
  public typealias Guard = @Sendable (ChartGuardInput<ID, Event, Context>) -> Bool

  var transition: ChartTransition<ID, Event, Context>

  /// On events that `matches` accepts.
  public init(
    where matches: @escaping @Sendable (Event) -> Bool,
    target: ID? = nil, type: ChartTransitionType = .external, guard condition: Guard? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      where: matches, targets: target.map { [$0] } ?? [], type: type, guard: condition,
      actions: actions, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// On events that `matches` accepts, entering several targets.
  public init(
    where matches: @escaping @Sendable (Event) -> Bool,
    targets: [ID], type: ChartTransitionType = .external, guard condition: Guard? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    transition = ChartTransition(
      trigger: .event(matches), targets: targets, type: type, guard: condition,
      actions: .fixed(actions),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    transition.eventLabel = "(predicate)"
  }

  init(transition: ChartTransition<ID, Event, Context>) {
    self.transition = transition
  }
}

extension OnEvent where Event: Equatable {
  /// On events equal to `event`.
  public init(
    _ event: Event,
    target: ID? = nil, type: ChartTransitionType = .external, guard condition: Guard? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      where: { $0 == event }, targets: target.map { [$0] } ?? [], type: type, guard: condition,
      actions: actions, fileID: fileID, filePath: filePath, line: line, column: column)
    transition.eventLabel = "\(event)"
    transition.eventKey = "\(event)"
    transition.hasLibraryMatcher = true
  }

  /// On events equal to `event`, entering several targets.
  public init(
    _ event: Event,
    targets: [ID], type: ChartTransitionType = .external, guard condition: Guard? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      where: { $0 == event }, targets: targets, type: type, guard: condition,
      actions: actions, fileID: fileID, filePath: filePath, line: line, column: column)
    transition.eventLabel = "\(event)"
    transition.eventKey = "\(event)"
    transition.hasLibraryMatcher = true
  }
}

extension OnEvent where Event: DSLCompatible {
  /// On events of the case `event` builds. The guard and the actions get its associated values.
  ///
  /// ```swift
  /// OnEvent(PlayerEvent.seek(to:), guard: { _, position in position >= 0 }) { position in
  ///   [.assign { $0.position = position }]
  /// }
  /// ```
  public init<Payload>(
    _ event: @escaping @Sendable (Payload) -> Event,
    target: ID? = nil, type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>, Payload) -> Bool)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    actions: @escaping @Sendable (Payload) -> [ChartAction<ID, Event, Context>]
  ) {
    let payload: @Sendable (Event?) -> Payload? = { received in
      received?.associatedValue(matching: event)
    }
    transition = ChartTransition(
      trigger: .event { payload($0) != nil },
      targets: target.map { [$0] } ?? [], type: type,
      guard: condition.map { condition in
        { input in payload(input.event).map { condition(input, $0) } ?? false }
      },
      actions: .fromEvent { received in payload(received).map(actions) ?? [] },
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    transition.eventLabel = "\(Event.self)(\(Payload.self))"
    transition.hasLibraryMatcher = true
  }

  /// On events of the case `event` builds, whatever its associated values, which the guard gets.
  ///
  /// ```swift
  /// OnEvent(PlayerEvent.seek(to:), target: .seeking)
  /// ```
  public init<Payload>(
    _ event: @escaping @Sendable (Payload) -> Event,
    target: ID? = nil, type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>, Payload) -> Bool)? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      event, target: target, type: type, guard: condition,
      fileID: fileID, filePath: filePath, line: line, column: column, actions: { _ in actions })
  }
}

extension OnEvent where Event == String {
  /// On events that the SCXML event descriptor `descriptor` matches: `"error"` matches
  /// `"error.execution"`, `"a b"` matches `"a"` and `"b"`, `"*"` matches every event. It also
  /// matches the chart's own events by their SCXML names: `done.state.<id>` and `error.execution`.
  ///
  /// ```swift
  /// OnEvent(descriptor: "error", target: "failed")
  /// OnEvent(descriptor: "done.state.upload", target: "finished")
  /// ```
  public init(
    descriptor: String,
    target: ID? = nil, type: ChartTransitionType = .external, guard condition: Guard? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      descriptor: descriptor, targets: target.map { [$0] } ?? [], type: type, guard: condition,
      actions: actions, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// On events that `descriptor` matches, entering several targets.
  public init(
    descriptor: String,
    targets: [ID], type: ChartTransitionType = .external, guard condition: Guard? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    transition = ChartTransition(
      trigger: .descriptor(EventDescriptor(descriptor)), targets: targets, type: type,
      guard: condition, actions: .fixed(actions),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
