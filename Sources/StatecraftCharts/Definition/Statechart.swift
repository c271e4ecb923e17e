/// A statechart: hierarchical, parallel and history states with SCXML semantics, over a state id
/// type, an event type and a context (its extended state).
///
/// ```swift
/// enum Player: Hashable, Sendable, Codable { case idle, active, playing, paused, resume, stopped }
/// enum PlayerEvent: Hashable, Sendable, Codable { case play, pause, stop }
/// struct PlayerContext: Hashable, Sendable, Codable { var plays = 0 }
///
/// enum Charts {
///   static let player = Statechart<Player, PlayerEvent, PlayerContext>(initial: .idle, context: PlayerContext()) {
///     StateNode(.idle) {
///       OnEvent(.play, target: .active)
///     }
///     StateNode(.active, initial: .playing) {
///       Entry(.assign { $0.plays += 1 })
///       StateNode(.playing) {
///         OnEvent(.pause, target: .paused)
///         After(.seconds(600), target: .paused)
///       }
///       StateNode(.paused) { OnEvent(.play, target: .playing) }
///       StateNode(history: .resume, .deep)
///       OnEvent(.stop, target: .stopped)
///     }
///     StateNode(final: .stopped)
///   }
/// }
/// ```
///
/// A chart is a definition: static data that can be exported (``mermaid()``, ``dot()``), checked
/// (``validate()``, ``lint(events:)``) and walked (``shortestPaths(events:limit:by:)``). Its step function
/// is pure: ``initialTransition()``, ``transition(from:on:)`` and ``advance(_:by:)`` take a
/// snapshot to the next one and return the effects to perform, without performing them.
/// ``AsyncStatechartSequence`` runs a chart.
///
/// Semantics follow the SCXML algorithm (W3C Recommendation, 2015, Appendix D):
/// - A macrostep processes one external event, then eventless transitions and internal events
///   (raised, done, errors) until none is left; internal events always come before external ones.
/// - Transitions are selected from each active atomic state outwards, in document order. Of two
///   that conflict, the one whose source is a descendant of the other's wins; otherwise the one
///   selected first.
/// - States exit children first, in reverse document order, history recorded before any exit
///   action runs; they enter parents first, in document order.
/// - A transition's domain is the nearest *compound* ancestor of its source that contains its
///   targets; an `.internal` transition from a compound state to its own descendants does not
///   exit it.
public struct Statechart<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  @usableFromInline let table: ChartTable<ID, Event, Context>
  /// The context the chart starts with.
  public let context: Context

  /// Creates a chart. It starts in `initial`, or in its first state.
  ///
  /// - Parameters:
  ///   - name: The chart's name in exports and diagnostics.
  ///   - initial: The state it starts in; by default its first state.
  ///   - context: Its extended state when it starts.
  ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
  ///   - filePath: The caller's file path, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  ///   - states: Its top-level states.
  public init(
    _ name: String = "chart", initial: ID? = nil, context: Context,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> states: () -> [ChartElement<ID, Event, Context>]
  ) {
    self.context = context
    self.table = ChartTable(
      name: name, initial: initial.map { [$0] } ?? [], elements: states(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a chart that starts in several states at once, in different regions of a parallel
  /// state (SCXML's `<scxml initial="a b">`).
  ///
  /// ```swift
  /// let lamps = Statechart<String, String, EmptyChartContext>(initialStates: ["left.on", "right.off"], context: .init()) {
  ///   StateNode(parallel: "lamps") {
  ///     StateNode("left") { StateNode("left.off"); StateNode("left.on") }
  ///     StateNode("right") { StateNode("right.off"); StateNode("right.on") }
  ///   }
  /// }
  /// print(lamps.initialTransition().snapshot.isIn("left.on"))   // true
  /// ```
  public init(
    _ name: String = "chart", initialStates: [ID], context: Context,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> states: () -> [ChartElement<ID, Event, Context>]
  ) {
    self.context = context
    self.table = ChartTable(
      name: name, initial: initialStates, elements: states(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The chart's name.
  public var name: String { table.name }

  /// Every state id, in document order.
  public var states: [ID] { table.nodes.dropFirst().compactMap(\.id) }

  /// The states that have an ``Invoke``, in document order: where a runtime that restores
  /// snapshots looks for work to start again.
  public var invokingStates: [ID] {
    table.nodes.dropFirst().compactMap { $0.invocations.isEmpty ? nil : $0.id }
  }

  // MARK: The step function

  /// The snapshot the chart starts in: its initial configuration entered, the eventless
  /// transitions and raised events that follow taken, and then the events it sent itself with no
  /// delay (XState's `initialTransition`). The effects are those of all that.
  ///
  /// ```swift
  /// let start = Charts.player.initialTransition()
  /// print(start.snapshot.isIn(.idle))   // true
  /// ```
  @inlinable
  public func initialTransition() -> ChartStep<ID, Event, Context> {
    initialTransition(at: .zero)
  }

  /// The snapshot after `event`, and the effects to perform: one macrostep, then the macrosteps of
  /// the events the chart sent itself with no delay. The chart's time does not move; timers due by
  /// then fire only through ``advance(_:by:)``.
  ///
  /// ```swift
  /// let player = Charts.player
  /// let snapshot = player.transition(from: player.initialTransition().snapshot, on: .play).snapshot
  /// let step = player.transition(from: snapshot, on: .pause)
  /// print(step.snapshot.isIn(.paused))   // true
  /// print(step.effects)                  // outputs and invocations to start or cancel, in order
  /// ```
  @inlinable
  public func transition(
    from snapshot: ChartSnapshot<ID, Event, Context>, on event: Event
  ) -> ChartStep<ID, Event, Context> {
    if let step = plainStep(snapshot, event: event, at: snapshot.time) { return step }
    return interpret(snapshot) { interpreter in
      interpreter.process(event)
      interpreter.advance(to: snapshot.time)
    }
  }

  /// The snapshot after `duration` of the chart's time: each timer due by then (delayed sends and
  /// delayed transitions) fires as an external event, in the order they are due.
  ///
  /// ```swift
  /// let player = Charts.player
  /// let snapshot = player.transition(from: player.initialTransition().snapshot, on: .play).snapshot
  /// let later = player.advance(snapshot, by: .seconds(600))
  /// print(later.snapshot.isIn(.paused))   // true: the delayed transition fired
  /// ```
  @inlinable
  public func advance(
    _ snapshot: ChartSnapshot<ID, Event, Context>, by duration: Duration
  ) -> ChartStep<ID, Event, Context> {
    interpret(snapshot) { $0.advance(to: snapshot.time.chartTime(after: duration)) }
  }

  // MARK: For the runtime

  /// The initial transition, made at `time` on the chart's time line.
  @inlinable
  package func initialTransition(at time: Duration) -> ChartStep<ID, Event, Context> {
    var snapshot = ChartSnapshot<ID, Event, Context>(table: table, context: context)
    snapshot._time = time
    return interpret(snapshot) { interpreter in
      interpreter.start()
      interpreter.advance(to: time)
    }
  }

  /// Moves the chart to `time`, firing the timers due by then, then processes `event`, if any.
  ///
  /// - Parameters:
  ///   - observing: Whether to keep the events the step processes on its own, for inspectors.
  ///   - oneTimerPerStep: Whether a step of timers (no `event`) fires only the first one due, as
  ///     a running chart does: timers due at the same instant then fire in steps of their own,
  ///     with events from elsewhere possibly between them.
  @inlinable
  package func step(
    _ snapshot: ChartSnapshot<ID, Event, Context>, event: Event?, at time: Duration,
    observing: Bool = false, oneTimerPerStep: Bool = false
  ) -> ChartStep<ID, Event, Context> {
    // A plain step raises and sends nothing: there is nothing to observe.
    if let event, let step = plainStep(snapshot, event: event, at: time) { return step }
    return interpret(snapshot) { interpreter in
      if observing { interpreter.observations = ChartObservations(timersStartTheStep: event == nil) }
      if oneTimerPerStep, event == nil { interpreter.timerLimit = 1 }
      interpreter.advance(to: max(time, snapshot.time))
      if let event {
        interpreter.process(event)
        interpreter.advance(to: max(time, snapshot.time))
      }
    }
  }

  /// The snapshot a running chart's step reached, from what its journal recorded: its event, or
  /// none for a step the chart's clock started, the chart's time after it, and whether a step of
  /// the clock fired every timer due (a chart catching up with its clock) or only the first, as
  /// a running chart's clock does.
  package func replayedStep(
    _ snapshot: ChartSnapshot<ID, Event, Context>, event: Event?, at time: Duration,
    firingEveryTimerDue: Bool = false
  ) -> ChartSnapshot<ID, Event, Context> {
    step(snapshot, event: event, at: time, oneTimerPerStep: event == nil && !firingEveryTimerDue).snapshot
  }

  /// What resuming a restored snapshot takes: starting its active states' invocations again, as
  /// `startInvocation` effects with the snapshot's context. A snapshot holds no running work, so
  /// a runtime that restores one (the durable runtime, or one of your own) starts these.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(Charts.player.initialTransition().snapshot)   // saved earlier
  /// let saved = try JSONDecoder().decode(ChartSnapshot<Player, PlayerEvent, PlayerContext>.self, from: data)
  /// let resumed = Charts.player.resumption(of: saved)
  /// print(resumed.effects)   // a .startInvocation for each invocation of an active state: none here
  /// ```
  @inlinable
  public func resumption(of snapshot: ChartSnapshot<ID, Event, Context>) -> ChartStep<ID, Event, Context> {
    interpret(snapshot) { $0.resume() }
  }

  /// Runs the invocation a `startInvocation` effect names, for a runtime of one's own: each event
  /// it sends goes to `send`, and it returns its done event. An error it throws becomes the event
  /// its `onError` makes (`nil` if that makes none), and is rethrown when it has no `onError`.
  /// The caller delivers the events to the chart while the invocation's state is active, and
  /// cancels the task that runs this when the state exits (a `cancelInvocation` effect).
  ///
  /// ```swift
  /// @MainActor final class PlayerRunner {
  ///   let chart = Charts.player
  ///   var tasks: [ChartInvocationID<Player>: Task<Void, any Error>] = [:]
  ///   let deliver: @Sendable (PlayerEvent) async -> Void
  ///   init(deliver: @escaping @Sendable (PlayerEvent) async -> Void) { self.deliver = deliver }
  ///
  ///   func perform(_ effect: ChartEffect<Player, PlayerEvent, PlayerContext>) {
  ///     switch effect {
  ///     case .startInvocation(let id, let context):
  ///       tasks[id] = Task { [chart, deliver] in
  ///         let done = try await chart.runInvocation(id, context: context) { await deliver($0) }
  ///         if let done { await deliver(done) }
  ///       }
  ///     case .cancelInvocation(let id): tasks.removeValue(forKey: id)?.cancel()
  ///     case .output, .actionFailed: break
  ///     }
  ///   }
  /// }
  /// ```
  public func runInvocation(
    _ id: ChartInvocationID<ID>, context: Context, send: @escaping @Sendable (Event) async -> Void
  ) async throws -> Event? {
    guard let invocation = invocation(id) else { return nil }
    do {
      return try await invocation.run(context, send)
    } catch {
      guard let onError = invocation.onError else { throw error }
      return onError(error)
    }
  }

  /// Runs `body` on an interpreter of a copy of `snapshot`, which it changes in place, and returns
  /// that copy with the step's effects.
  @inlinable
  func interpret(
    _ snapshot: ChartSnapshot<ID, Event, Context>,
    _ body: (inout ChartInterpreter<ID, Event, Context>) -> Void
  ) -> ChartStep<ID, Event, Context> {
    var next = snapshot
    let outcome = withUnsafeMutablePointer(to: &next) { state in
      var interpreter = ChartInterpreter(table: table, snapshot: state)
      body(&interpreter)
      return interpreter.finish()
    }
    return ChartStep(
      snapshot: next, effects: outcome.effects, handled: outcome.handled, changed: outcome.changed,
      observations: outcome.observations)
  }

  /// Where the invocation `id` names was written (its `Invoke`), for a runtime's diagnostics.
  public func callSite(of id: ChartInvocationID<ID>) -> CallSite? {
    invocation(id)?.callSite
  }

  /// Where the chart was defined: what its timers' effects report at.
  package var rootCallSite: CallSite { table.nodes[0].callSite }

  /// The invocation an effect names.
  func invocation(_ id: ChartInvocationID<ID>) -> ChartInvocation<ID, Event, Context>? {
    guard let state = table.index(of: id.state) else { return nil }
    let invocations = table.nodes[state].invocations
    return invocations.indices.contains(id.index) ? invocations[id.index] : nil
  }

  // MARK: Checking

  /// Every error in the definition: duplicate states, unknown targets, invalid initial states,
  /// parallel states with fewer than two regions, misplaced elements. Empty for a valid chart.
  public func validate() -> [ChartProblem] { table.problems }
}

/// The context of a chart that needs none.
///
/// ```swift
/// let light = Statechart<String, String, EmptyChartContext>(initial: "off") {
///   StateNode("off") { OnEvent("toggle", target: "on") }
///   StateNode("on") { OnEvent("toggle", target: "off") }
/// }
/// #expect(light.context == EmptyChartContext())
/// ```
public struct EmptyChartContext: Hashable, Sendable, Codable {
  /// The empty context. All empty contexts are equal.
  public init() {}
}

extension Statechart where Context == EmptyChartContext {
  /// Creates a chart with no context.
  ///
  /// ```swift
  /// enum Light: Hashable, Sendable { case off, on }
  /// enum LightEvent: Hashable, Sendable { case toggle }
  /// ```
  ///
  /// ```swift
  /// let light = Statechart<Light, LightEvent, EmptyChartContext>(initial: .off) {
  ///   StateNode(.off) { OnEvent(.toggle, target: .on) }
  ///   StateNode(.on) { OnEvent(.toggle, target: .off) }
  /// }
  /// print(light.transition(from: light.initialTransition().snapshot, on: .toggle).snapshot.isIn(.on))   // true
  /// ```
  public init(
    _ name: String = "chart", initial: ID? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> states: () -> [ChartElement<ID, Event, Context>]
  ) {
    self.init(
      name, initial: initial, context: EmptyChartContext(), fileID: fileID, filePath: filePath,
      line: line, column: column, states: states)
  }

  /// Creates a chart with no context that starts in several states at once.
  public init(
    _ name: String = "chart", initialStates: [ID],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ChartBuilder<ID, Event, Context> states: () -> [ChartElement<ID, Event, Context>]
  ) {
    self.init(
      name, initialStates: initialStates, context: EmptyChartContext(), fileID: fileID,
      filePath: filePath, line: line, column: column, states: states)
  }
}
