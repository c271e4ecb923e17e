/// A transition taken when an event arrives (XState's `on`, SCXML's `<transition event>`).
///
/// ```swift
/// enum Player: Hashable, Sendable { case paused, playing, stopped, remote, seeking }
/// enum PlayerEvent: DSLCompatible, Hashable {
///   case play, stop, volumeUp, seek(to: Duration), remoteCommand(String)
///   var isRemoteCommand: Bool { if case .remoteCommand = self { true } else { false } }
/// }
/// struct PlayerContext: Hashable, Sendable { var volume = 5; var position = Duration.zero }
///
/// enum Charts {
///   static let player = Statechart<Player, PlayerEvent, PlayerContext>(initial: .paused, context: PlayerContext()) {
///     StateNode(.paused) {
///       OnEvent(.play, target: .playing)                                  // by value
///       OnEvent(.stop, target: .stopped, actions: [.output("saveProgress")])
///       OnEvent(PlayerEvent.seek(to:)) { position in                      // by case, with its payload
///         [.assign { $0.position = position }]
///       }
///       OnEvent(.volumeUp, guard: { $0.context.volume < 10 }, actions: [.assign { $0.volume += 1 }])
///       OnEvent(where: { $0.isRemoteCommand }, target: .remote)           // by predicate
///     }
///     StateNode(.playing) { OnEvent(PlayerEvent.seek(to:), target: .seeking) }
///     StateNode(.seeking)
///     StateNode(.remote)
///     StateNode(final: .stopped)
///   }
/// }
/// ```
///
/// Matching an event by case, with its payload, takes an event type that is ``/StatecraftMatching/DSLCompatible``;
/// by value, `Equatable`.
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
  /// let seeker = Statechart<Player, PlayerEvent, PlayerContext>(initial: .playing, context: PlayerContext()) {
  ///   StateNode(.playing) {
  ///     OnEvent(PlayerEvent.seek(to:), guard: { _, position in position >= .zero }) { position in
  ///       [.assign { $0.position = position }]
  ///     }
  ///   }
  /// }
  /// let step = seeker.transition(from: seeker.initialTransition().snapshot, on: .seek(to: .seconds(42)))
  /// print(step.snapshot.context.position)   // 42.0 seconds
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
  /// let playing = Charts.player.transition(from: Charts.player.initialTransition().snapshot, on: .play)
  /// let step = Charts.player.transition(from: playing.snapshot, on: .seek(to: .seconds(30)))
  /// print(step.snapshot.isIn(.seeking))   // true: `.playing` has OnEvent(PlayerEvent.seek(to:), target: .seeking)
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
  /// `"error.execution"`, `"a b"` matches `"a"` and `"b"`, `"*"` matches every event. A name
  /// matches at dots only (`"foo"` does not match `"foobar"`), and a trailing `.*` is ignored
  /// (`"error.*"` is `"error"`). It also matches the chart's own events by their SCXML names:
  /// `done.state.<id>` and `error.execution`.
  ///
  /// ```swift
  /// let upload = Statechart<String, String, EmptyChartContext>(initial: "upload") {
  ///   StateNode("upload", initial: "sending") {
  ///     StateNode("sending") { OnEvent("sent", target: "sent") }
  ///     StateNode(final: "sent")
  ///     OnEvent(descriptor: "error", target: "failed")              // "error", "error.network", …
  ///     OnEvent(descriptor: "done.state.upload", target: "finished")
  ///   }
  ///   StateNode("failed")
  ///   StateNode("finished")
  /// }
  /// let failed = upload.transition(from: upload.initialTransition().snapshot, on: "error.network")
  /// print(failed.snapshot.isIn("failed"))   // true
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
