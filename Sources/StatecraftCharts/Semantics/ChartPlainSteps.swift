/// What lets a step skip the interpreter when the event meets only *plain* transitions: transitions
/// that run nothing, and whose outcome is two sets known when the chart is built.
///
/// A transition is plain when it waits for one of the chart's events (not a descriptor), has no
/// actions, enters states that it knows without reading history, and neither exits nor enters a
/// state with work to do (entry, exit or initial actions, history, delayed transitions,
/// invocations, a final state) or with an eventless transition. Its guard may be anything. A plain
/// transition whose domain holds no parallel state stays inside one region, so two of them taken
/// in one step never conflict.
///
/// Such a step is the SCXML algorithm with nothing to run: the configuration loses what the
/// transitions exit, which is the active part of their domains, and gains what they enter.
/// ``Statechart/plainStep(_:event:at:)`` first checks that every transition the event could take
/// is plain, calling only the library's own matchers (equality, enum cases), which have no side
/// effects; then it takes them, evaluating each guard the interpreter would evaluate, once, in the
/// same order. Anything else (a transition with actions, a conflict, an eventless transition, a
/// timer, a `where:` predicate on the way, a chart of more than 128 states) goes to the interpreter
/// before a guard or a predicate is called.
@usableFromInline struct ChartPlainSteps: Sendable {
  /// What a plain step needs of one transition, in plain words that cost no retain to read.
  @usableFromInline struct PlainTransition: Sendable {
    @usableFromInline let isPlain: Bool
    /// The states its exit set is drawn from: the descendants of its domain (none for a
    /// targetless transition).
    @usableFromInline let exitScope: NodeWords
    @usableFromInline let statesToEnter: NodeWords
  }

  /// Whether the chart is small enough for its sets to fit in two words: otherwise no step is plain.
  @usableFromInline let isAvailable: Bool
  /// The atomic states from which every transition an event can trigger, from the state up to the
  /// root, has one of the library's matchers: the states a plain step can start from.
  @usableFromInline let plainSources: NodeWords
  /// The atomic states (and final ones): the states the interpreter selects transitions from.
  @usableFromInline let atomicStates: NodeWords
  @usableFromInline let eventlessSources: NodeWords
  /// Each transition, by its index.
  @usableFromInline let transitions: [PlainTransition]

  /// Computed from the parts of a table being built, which must hold its statics, its states with
  /// work and its eventless sources already.
  init<ID, Event, Context>(
    nodes: [ChartTable<ID, Event, Context>.Node], statics: [ChartTransitionStatics],
    hasEntryOrExitWork: NodeSet, eventlessSources: NodeSet
  ) {
    var atomicStates = NodeSet()
    var transitions: [PlainTransition] = []
    let busy = hasEntryOrExitWork.union(eventlessSources)
    for node in nodes {
      if node.isAtomic { atomicStates.insert(node.index) }
      for transition in node.transitions {
        precondition(transitions.count == transition.index)
        var scope: NodeSet?
        if transition.index < statics.count {
          scope = Self.plainExitScope(
            of: transition, statics: statics[transition.index], nodes: nodes,
            excluding: busy)
        }
        let enter = transition.index < statics.count ? statics[transition.index].statesToEnter : NodeSet()
        transitions.append(
          PlainTransition(
            isPlain: scope != nil, exitScope: NodeWords(scope ?? NodeSet()), statesToEnter: NodeWords(enter)))
      }
    }
    var plainSources = NodeSet()
    atomicStates.forEach { atomic in
      var state = atomic
      while state > 0 {
        for transition in nodes[state].transitions {
          switch transition.definition.trigger {
          case .event: if !transition.definition.hasLibraryMatcher { return }
          case .descriptor: return
          case .eventless, .after, .done, .executionError: continue
          }
        }
        state = nodes[state].parent
      }
      plainSources.insert(atomic)
    }
    self.isAvailable = nodes.count <= 128
    self.plainSources = NodeWords(plainSources)
    self.atomicStates = NodeWords(atomicStates)
    self.eventlessSources = NodeWords(eventlessSources)
    self.transitions = transitions
  }

  /// The descendants of `transition`'s domain if it is plain, or `nil`.
  private static func plainExitScope<ID, Event, Context>(
    of transition: ChartTable<ID, Event, Context>.Transition, statics: ChartTransitionStatics,
    nodes: [ChartTable<ID, Event, Context>.Node], excluding busy: NodeSet
  ) -> NodeSet? {
    guard case .event = transition.definition.trigger,
      case .fixed(let actions) = transition.definition.actions, actions.isEmpty
    else { return nil }
    if transition.isTargetless { return NodeSet() }
    guard let domain = statics.domain else { return nil }
    var scope = NodeSet()
    if let descendants = nodes[domain].descendants {
      for state in descendants {
        // A plain transition stays inside one region: see the type's documentation.
        if nodes[state].kind == .parallel { return nil }
        scope.insert(state)
      }
    }
    guard !scope.intersects(busy), !statics.statesToEnter.intersects(busy) else { return nil }
    return scope
  }
}

/// A step that meets only plain transitions, worked out and not yet taken (see
/// ``Statechart/plainStep(from:event:)``): what a processor that inspectors watch needs to know
/// before it changes its state.
@usableFromInline struct PlainStep: Sendable {
  /// Whether a transition was taken: the configuration changes, and the step is committed.
  @usableFromInline let handled: Bool
  /// The configuration after the step.
  @usableFromInline let active: NodeWords

  @inlinable init(handled: Bool, active: NodeWords) {
    self.handled = handled
    self.active = active
  }

  /// The chart's time after the step taken at `time` from `snapshot`.
  @inlinable
  func time<ID, Event, Context>(after snapshot: ChartSnapshot<ID, Event, Context>, at time: Duration) -> Duration {
    max(time, snapshot._time)
  }

  /// Takes the step in `snapshot`, at `time`.
  @inlinable
  func take<ID, Event, Context>(in snapshot: inout ChartSnapshot<ID, Event, Context>, at time: Duration) {
    snapshot._time = self.time(after: snapshot, at: time)
    if handled {
      snapshot._active.low = active.low
      snapshot._active.high = active.high
    }
  }
}

extension Statechart {
  /// The step of `event` from `snapshot` at `time` when it meets only plain transitions (see
  /// ``ChartPlainSteps``), or `nil` when the interpreter must take it. Returns what
  /// ``step(_:event:at:observing:oneTimerPerStep:)`` returns for such a step.
  @inlinable
  package func plainStep(
    _ snapshot: ChartSnapshot<ID, Event, Context>, event: Event, at time: Duration
  ) -> ChartStep<ID, Event, Context>? {
    guard let plain = plainStep(from: snapshot, event: event) else { return nil }
    var step = ChartStep(snapshot: snapshot, effects: [], handled: plain.handled, changed: plain.handled)
    plain.take(in: &step.snapshot, at: time)
    return step
  }

  /// What `event` does to `snapshot` when it meets only plain transitions, without changing it:
  /// ``PlainStep/take(in:at:)`` then takes the step in place. `nil` when the interpreter must take
  /// it.
  @inlinable
  func plainStep(from snapshot: ChartSnapshot<ID, Event, Context>, event: Event) -> PlainStep? {
    let table = self.table
    guard table.plainSteps.isAvailable, snapshot._table === table, snapshot._active.overflow == nil,
      !snapshot._isDone, snapshot._timers.isEmpty
    else { return nil }
    let configuration = NodeWords(low: snapshot._active.low, high: snapshot._active.high)
    guard configuration.intersection(table.plainSteps.eventlessSources).isEmpty else { return nil }
    let atomic = configuration.intersection(table.plainSteps.atomicStates)
    guard atomic.isSubset(of: table.plainSteps.plainSources) else { return nil }
    // Checks: what the event could take is plain. Calls only the library's matchers.
    var allPlain = true
    atomic.forEach { source in
      guard allPlain else { return }
      forEachMatch(of: event, from: source) { transition in
        guard table.plainSteps.transitions[transition.index].isPlain else {
          allPlain = false
          return false
        }
        // A transition without a guard is taken for sure: nothing past it is tried.
        return transition.definition.guardCondition != nil
      }
    }
    guard allPlain else { return nil }
    // Takes: for each active atomic state in document order, the first transition, from the state
    // outwards, that matches and whose guard holds, as the interpreter selects them.
    var exited = NodeWords(low: 0, high: 0)
    var entered = NodeWords(low: 0, high: 0)
    var handled = false
    atomic.forEach { source in
      forEachMatch(of: event, from: source) { transition in
        if let condition = transition.definition.guardCondition {
          let input = ChartGuardInput(
            context: snapshot._context, event: event, configuration: snapshot._active, table: table)
          guard condition(input) else { return true }
        }
        handled = true
        let plain = table.plainSteps.transitions[transition.index]
        exited = exited.union(configuration.intersection(plain.exitScope))
        entered = entered.union(plain.statesToEnter)
        return false
      }
    }
    return PlainStep(
      handled: handled, active: handled ? configuration.subtracting(exited).union(entered) : configuration)
  }

  /// Calls `body` with each transition that `event` matches, from the state `source` outwards, in
  /// the order the interpreter tries them, while `body` returns `true`.
  @inlinable
  func forEachMatch(
    of event: Event, from source: Int, _ body: (ChartTable<ID, Event, Context>.Transition) -> Bool
  ) {
    var state = source
    while state > 0 {
      for transition in table.nodes[state].transitions {
        guard case .event(let accepts) = transition.definition.trigger, accepts(event) else { continue }
        guard body(transition) else { return }
      }
      state = table.parents[state]
    }
  }
}

extension Statechart {
  /// ``transition(from:on:)`` through the interpreter even when the step is plain: what the tests
  /// compare plain steps with.
  package func interpretedTransition(
    from snapshot: ChartSnapshot<ID, Event, Context>, on event: Event
  ) -> ChartStep<ID, Event, Context> {
    interpret(snapshot) { interpreter in
      interpreter.process(event)
      interpreter.advance(to: snapshot.time)
    }
  }
}
