/// The SCXML algorithm (W3C SCXML 1.0, Appendix D) over one snapshot: a value that takes a chart
/// from a snapshot through macrosteps and returns the next snapshot and the effects to perform. It
/// performs nothing: invocations and outputs come back as ``ChartEffect``s, timers as data in the
/// snapshot.
///
/// The names follow the standard's pseudo-code (`selectTransitions`, `removeConflictingTransitions`,
/// `computeExitSet`, `computeEntrySet`, `addDescendantStatesToEnter`…), so that each function can be
/// read next to it. States are indices in document order, sets are ``NodeSet``s, so a simple
/// transition touches the heap only for the new snapshot's configuration.
@usableFromInline struct ChartInterpreter<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  @usableFromInline typealias Table = ChartTable<ID, Event, Context>
  @usableFromInline typealias Actions = [ChartAction<ID, Event, Context>]

  /// An event as the interpreter processes it: the chart's events, and its own.
  @usableFromInline enum Record {
    case event(Event)
    case done(Int)
    case executionError
    case timer(source: Int, ordinal: Int)
  }

  /// A transition, by its source state and its place among the source's transitions.
  @usableFromInline typealias TransitionRef = ChartTransitionRef

  /// An eventless transition loop stops after this many microsteps in one macrostep.
  @inlinable static var microstepLimit: Int { 100_000 }

  /// Timers that keep setting timers due at once (`After(.zero)` back to its own state, a send to
  /// itself with no delay that it handles by sending again) stop after this many in one advance.
  @inlinable static var timerChainLimit: Int { 100_000 }

  @usableFromInline let table: Table
  /// The snapshot the step changes, in place: the caller's own copy, which it lends for the step.
  @usableFromInline let snapshot: UnsafeMutablePointer<ChartSnapshot<ID, Event, Context>>
  @usableFromInline var configuration: NodeSet
  @usableFromInline var internalQueue: [Record] = []
  @usableFromInline var internalHead = 0
  @usableFromInline var statesToInvoke = NodeSet()
  @usableFromInline var effects: [ChartEffect<ID, Event, Context>] = []
  /// SCXML's `_event`: the event being processed, kept through the eventless steps after it.
  @usableFromInline var currentEvent: Event?
  @usableFromInline var handled = false
  /// Whether to keep the events the chart processed on its own (raised, and sent to itself), for
  /// inspectors.
  @usableFromInline var observations: ChartObservations<Event>?
  /// How many timers `advance(to:)` fires at most: one, for a running chart, so that each
  /// delayed event is a step of its own.
  @usableFromInline var timerLimit = Int.max
  /// Whether a microstep ran or a timer fired: whether the snapshot is a new one.
  @usableFromInline var changed = false

  @inlinable init(table: Table, snapshot: UnsafeMutablePointer<ChartSnapshot<ID, Event, Context>>) {
    self.table = table
    self.snapshot = snapshot
    let configuration = snapshot.pointee.active(in: table)
    self.configuration = configuration
  }

  // MARK: Entry points

  /// Enters the initial configuration and runs the first macrostep.
  @inlinable mutating func start() {
    handled = true
    changed = true
    let topology = self.topology
    var entrySet = ChartEntrySet<ID, Event, Context>()
    // Every target's descendants first, then their ancestors, as SCXML's `computeEntrySet` does:
    // a parallel ancestor then sees each target before it fills its regions with defaults.
    for target in table.nodes[0].initial { topology.addDescendantStatesToEnter(target, &entrySet) }
    for target in table.nodes[0].initial {
      topology.addAncestorStatesToEnter(target, upTo: 0, &entrySet)
    }
    enter(entrySet)
    completeMacrostep()
  }

  /// Processes one external event, then the macrostep it starts. Returns whether the event took
  /// a transition.
  @discardableResult
  @inlinable mutating func process(_ event: Event) -> Bool {
    let taken = processExternal(.event(event))
    handled = taken
    return taken
  }

  /// Moves the chart's time to `time`, firing the timers due by then, each as an external event,
  /// in the order they are due.
  @inlinable mutating func advance(to time: Duration) {
    var fired = 0
    var firedFromTheClock = 0
    let setBefore = snapshot.pointee.nextTimerSequence
    while !snapshot.pointee.isDone, let timer = snapshot.pointee._timers.first, timer.due <= time {
      // A send with no delay that this step made belongs to the step; `timerLimit` counts only
      // what the clock fires.
      if timer.sequence < setBefore || timer.due > snapshot.pointee.time {
        guard firedFromTheClock < timerLimit else {
          // Stopped early with timers still due: the chart's time is that of the last one fired,
          // so that what the next step sets is timed from there, not from now.
          return
        }
        firedFromTheClock += 1
      }
      guard fired < Self.timerChainLimit else {
        effects.append(
          .actionFailed(ChartLivelock(.timers, microsteps: fired), callSite: table.nodes[0].callSite))
        while let due = snapshot.pointee._timers.first?.due, due <= time {
          _ = snapshot.pointee._timers.popFirst()
        }
        break
      }
      fired += 1
      _ = snapshot.pointee._timers.popFirst()
      changed = true
      if timer.due > snapshot.pointee.time { snapshot.pointee._time = timer.due }
      switch timer.kind {
      case .send(let event, _):
        observations?.record(event, startsTheStep: true)
        _ = processExternal(.event(event))
      case .after(let state, let ordinal):
        guard let source = table.index(of: state) else { continue }
        _ = processExternal(.timer(source: source, ordinal: ordinal))
      }
    }
    if time > snapshot.pointee.time { snapshot.pointee._time = time }
  }

  /// The effects that resume a restored snapshot: the invocations of its active states, which a
  /// snapshot does not hold, start again.
  @inlinable mutating func resume() {
    guard !snapshot.pointee.isDone else { return }
    statesToInvoke = configuration
    let active = configuration
    active.forEach { state in
      for index in table.nodes[state].invocations.indices {
        effects.append(.startInvocation(invocationID(state, index), context: snapshot.pointee.context))
      }
    }
    statesToInvoke = NodeSet()
    handled = true
  }

  /// The step's result: the snapshot with its configuration written back, and the effects.
  /// What a step returns besides its snapshot.
  @usableFromInline
  struct Outcome {
    @usableFromInline let effects: [ChartEffect<ID, Event, Context>]
    @usableFromInline let observations: ChartObservations<Event>?
    @usableFromInline let handled: Bool
    @usableFromInline let changed: Bool

    @inlinable
    init(
      effects: [ChartEffect<ID, Event, Context>], observations: ChartObservations<Event>?,
      handled: Bool, changed: Bool
    ) {
      self.effects = effects
      self.observations = observations
      self.handled = handled
      self.changed = changed
    }
  }

  /// Writes the active states back into the snapshot, and returns the rest of the step.
  @inlinable mutating func finish() -> Outcome {
    snapshot.pointee._active = configuration
    if snapshot.pointee._table !== table {
      snapshot.pointee._table = table
      snapshot.pointee._decodedConfiguration = nil
    }
    observations?.handOver()
    return Outcome(
      effects: effects, observations: observations, handled: handled, changed: changed)
  }

  // MARK: The main event loop

  /// Processes an external event and the macrostep it starts; returns whether it took a
  /// transition.
  @discardableResult
  @inlinable mutating func processExternal(_ record: Record) -> Bool {
    guard !snapshot.pointee.isDone else { return false }
    setCurrentEvent(record)
    let enabled = selectTransitions(record)
    if !enabled.isEmpty { microstep(enabled) }
    completeMacrostep()
    return !enabled.isEmpty
  }

  /// Takes eventless transitions and internal events until there are none, then starts the
  /// invocations of the states entered (SCXML's `mainEventLoop`, up to the wait for an external
  /// event).
  @inlinable mutating func completeMacrostep() {
    var microsteps = 0
    while !snapshot.pointee.isDone {
      var enabled = selectEventlessTransitions()
      if enabled.isEmpty {
        guard internalHead < internalQueue.count else { break }
        let record = internalQueue[internalHead]
        internalHead += 1
        if let observations, case .event(let event) = record {
          observations.record(event, startsTheStep: false)
        }
        setCurrentEvent(record)
        enabled = selectTransitions(record)
      }
      if !enabled.isEmpty {
        microsteps += 1
        guard microsteps <= Self.microstepLimit else {
          let callSite = transition(enabled[0]).definition.callSite
          effects.append(
            .actionFailed(ChartLivelock(.eventlessTransitions, microsteps: microsteps - 1), callSite: callSite))
          break
        }
        microstep(enabled)
      }
    }
    if !internalQueue.isEmpty {
      internalQueue.removeAll()
      internalHead = 0
    }
    if snapshot.pointee.isDone {
      exitInterpreter()
      return
    }
    if table.hasInvocations {
      let entered = statesToInvoke
      entered.forEach { state in
        for index in table.nodes[state].invocations.indices {
          effects.append(.startInvocation(invocationID(state, index), context: snapshot.pointee.context))
        }
      }
    }
    statesToInvoke = NodeSet()
  }

  /// The chart reached a top-level final state: exit what is active, cancel its invocations and
  /// timers. The configuration is kept, so that the snapshot shows where the chart finished.
  @inlinable mutating func exitInterpreter() {
    let active = configuration
    let notYetInvoked = statesToInvoke
    active.forEachReversed { state in
      for block in table.nodes[state].exit { run(block, callSite: table.nodes[state].callSite) }
      if !notYetInvoked.contains(state) { cancelInvocations(of: state) }
    }
    statesToInvoke = NodeSet()
    snapshot.pointee._timers.removeAll()
  }

  @inlinable mutating func setCurrentEvent(_ record: Record) {
    if case .event(let event) = record {
      currentEvent = event
    } else {
      currentEvent = nil
    }
  }

  // MARK: Selecting transitions

  @inlinable func selectEventlessTransitions() -> TransitionList {
    guard configuration.intersects(table.eventlessSources) else { return TransitionList() }
    return select { transition in
      if case .eventless = transition.definition.trigger { return true }
      return false
    }
  }

  @inlinable func selectTransitions(_ record: Record) -> TransitionList {
    select { matches($0, record) }
  }

  /// For each active atomic state in document order, the first transition, from the state
  /// outwards, that `matches` and whose guard holds; then without conflicts.
  @inlinable func select(_ matches: (Table.Transition) -> Bool) -> TransitionList {
    var enabled = TransitionList()
    configuration.forEach { atomic in
      guard table.isAtomic(atomic) else { return }
      var state = atomic
      search: while state > 0 {
        for transition in table.nodes[state].transitions where matches(transition) {
          if conditionMatch(transition) {
            let ref = TransitionRef(source: state, ordinal: transition.ordinal)
            if !enabled.contains(where: { $0 == ref }) { enabled.append(ref) }
            break search
          }
        }
        state = table.parents[state]
      }
    }
    return enabled.count > 1 ? removeConflictingTransitions(enabled) : enabled
  }

  @inlinable func matches(_ transition: Table.Transition, _ record: Record) -> Bool {
    switch (transition.definition.trigger, record) {
    case (.event(let accepts), .event(let event)):
      return accepts(event)
    case (.descriptor(let descriptor), _):
      guard let name = scxmlName(of: record) else { return false }
      return descriptor.matches(name)
    case (.done, .done(let state)):
      return transition.doneOf == state
    case (.executionError, .executionError):
      return true
    case (.after, .timer(let source, let ordinal)):
      return transition.source == source && transition.ordinal == ordinal
    default:
      return false
    }
  }

  /// The name SCXML gives the event, for descriptors: only charts whose events are strings have
  /// names for their own events.
  @inlinable func scxmlName(of record: Record) -> String? {
    switch record {
    case .event(let event): event as? String
    case .done(let state): "done.state.\(table.label(state))"
    case .executionError: "error.execution"
    case .timer: nil
    }
  }

  @inlinable func conditionMatch(_ transition: Table.Transition) -> Bool {
    guard let condition = transition.definition.guardCondition else { return true }
    return condition(
      ChartGuardInput(
        context: snapshot.pointee.context, event: currentEvent, configuration: configuration, table: table))
  }

  /// Of two transitions whose exit sets intersect, keeps the one whose source is the descendant,
  /// or else the one selected first.
  @inlinable func removeConflictingTransitions(_ enabled: TransitionList) -> TransitionList {
    var filtered = TransitionList()
    for index in 0..<enabled.count {
      let t1 = enabled[index]
      let exit1 = computeExitSet(t1)
      var preempted = false
      var toRemove = TransitionList()
      for other in 0..<filtered.count {
        let t2 = filtered[other]
        guard exit1.intersects(computeExitSet(t2)) else { continue }
        if table.isDescendant(t1.source, of: t2.source) {
          toRemove.append(t2)
        } else {
          preempted = true
          break
        }
      }
      if !preempted {
        if !toRemove.isEmpty {
          filtered.remove { candidate in toRemove.contains(where: { $0 == candidate }) }
        }
        filtered.append(t1)
      }
    }
    return filtered
  }

  // MARK: Microsteps

  @inlinable mutating func microstep(_ enabled: TransitionList) {
    changed = true
    exitStates(enabled)
    for index in 0..<enabled.count {
      let transition = transition(enabled[index])
      run(actions(of: transition), callSite: transition.definition.callSite)
    }
    enterStates(enabled)
  }

  @inlinable func transition(_ ref: TransitionRef) -> Table.Transition {
    table.nodes[ref.source].transitions[ref.ordinal]
  }

  @inlinable func actions(of transition: Table.Transition) -> Actions {
    switch transition.definition.actions {
    case .fixed(let actions): actions
    case .fromEvent(let make): make(currentEvent)
    }
  }

  @inlinable func computeExitSet(_ ref: TransitionRef) -> NodeSet {
    let transition = transition(ref)
    let domain = table.staticDomains[transition.index]
    guard domain >= 0 else { return topology.exitSet(of: transition, in: configuration) }
    guard let descendants = table.descendants(of: domain) else { return NodeSet() }
    return configuration.intersection(with: descendants)
  }

  /// What transition domains and entry sets are computed from: the table and the history as it
  /// is now.
  @inlinable var topology: ChartTopology<ID, Event, Context> {
    ChartTopology(table: table, history: snapshot.pointee._history)
  }

  @inlinable mutating func exitStates(_ enabled: TransitionList) {
    var statesToExit = NodeSet()
    for index in 0..<enabled.count { statesToExit.formUnion(computeExitSet(enabled[index])) }
    guard !statesToExit.isEmpty else { return }
    let notYetInvoked = statesToInvoke.intersection(statesToExit)
    statesToInvoke.subtract(statesToExit)
    let working = statesToExit.intersection(table.hasEntryOrExitWork)
    // History is recorded before any exit action runs.
    working.forEach { state in
      for history in table.nodes[state].histories { record(history, of: state) }
    }
    statesToExit.forEachReversed { state in
      if working.contains(state) {
        let node = table.nodes[state]
        for block in node.exit { run(block, callSite: node.callSite) }
        if !notYetInvoked.contains(state) { cancelInvocations(of: state) }
        cancelDelayedTransitions(of: state)
      }
      configuration.remove(state)
    }
  }

  @inlinable mutating func record(_ history: Int, of parent: Int) {
    guard case .history(let deep) = table.kinds[history] else { return }
    var recorded: [ID] = []
    configuration.forEach { state in
      let keep =
        deep
        ? table.isAtomic(state) && table.isDescendant(state, of: parent)
        : table.parents[state] == parent
      if keep { recorded.append(table.id(of: state)) }
    }
    snapshot.pointee._history[table.id(of: history)] = recorded
  }

  @inlinable mutating func enterStates(_ enabled: TransitionList) {
    var entrySet = ChartEntrySet<ID, Event, Context>()
    if enabled.count == 1 {
      // One transition whose entry does not depend on history: what it enters is in the table.
      let transition = transition(enabled[0])
      if transition.isTargetless { return }
      if table.staticDomains[transition.index] >= 0 {
        let statics = table.statics[transition.index]
        entrySet.statesToEnter = statics.statesToEnter
        entrySet.statesForDefaultEntry = statics.statesForDefaultEntry
        #if DEBUG
          var computed = ChartEntrySet<ID, Event, Context>()
          topology.computeEntrySet(of: transition, into: &computed)
          assert(computed.statesToEnter == entrySet.statesToEnter, "the table's entry set is stale")
        #endif
        return enter(entrySet)
      }
    }
    let topology = self.topology
    for index in 0..<enabled.count {
      topology.computeEntrySet(of: transition(enabled[index]), into: &entrySet)
    }
    enter(entrySet)
  }

  @inlinable mutating func enter(_ entrySet: ChartEntrySet<ID, Event, Context>) {
    entrySet.statesToEnter.forEach { state in
      configuration.insert(state)
      statesToInvoke.insert(state)
      guard table.hasEntryOrExitWork.contains(state) else { return }
      let node = table.nodes[state]
      for block in node.entry { run(block, callSite: node.callSite) }
      if entrySet.statesForDefaultEntry.contains(state), !node.initialActions.isEmpty {
        run(node.initialActions, callSite: node.callSite)
      }
      if let content = entrySet.defaultHistoryContent[state] { run(content, callSite: node.callSite) }
      // After the entry actions, which may set what a delay reads.
      startDelayedTransitions(of: state)
      guard node.kind == .final else { return }
      let parent = node.parent
      if parent == 0 {
        snapshot.pointee._isDone = true
        return
      }
      internalQueue.append(.done(parent))
      let grandparent = table.parents[parent]
      if grandparent > 0, table.kinds[grandparent] == .parallel,
        table.nodes[grandparent].children.allSatisfy(isInFinalState)
      {
        internalQueue.append(.done(grandparent))
      }
    }
  }

  @inlinable func isInFinalState(_ state: Int) -> Bool {
    let node = table.nodes[state]
    switch node.kind {
    case .compound:
      return node.children.contains { table.kinds[$0] == .final && configuration.contains($0) }
    case .parallel:
      return node.children.allSatisfy(isInFinalState)
    default:
      return false
    }
  }

  // MARK: Executable content

  /// Runs one block of actions. An action that throws raises an execution error and ends the
  /// block; returns whether the block ran to its end.
  @discardableResult
  @inlinable mutating func run(_ actions: Actions, callSite: CallSite) -> Bool {
    for action in actions {
      switch action.operation {
      case .assign(let body):
        do {
          try body(&snapshot.pointee._context, currentEvent)
        } catch {
          effects.append(.actionFailed(error, callSite: callSite))
          internalQueue.append(.executionError)
          return false
        }
      case .raise(let make):
        internalQueue.append(.event(make(snapshot.pointee.context, currentEvent)))
      case .send(let make, let delay, let id):
        let event = make(snapshot.pointee.context, currentEvent)
        schedule(.send(event, id: id), after: delay(snapshot.pointee.context))
      case .cancel(let makeID):
        snapshot.pointee._timers.removeSends(id: makeID(snapshot.pointee.context))
      case .output(let output):
        effects.append(.output(output, context: snapshot.pointee.context, event: currentEvent))
      case .choose(let condition, let then, let otherwise):
        let holds = condition(
          ChartGuardInput(
            context: snapshot.pointee.context, event: currentEvent, configuration: configuration, table: table))
        guard run(holds ? then : otherwise, callSite: callSite) else { return false }
      }
    }
    return true
  }

  // MARK: Timers and invocations

  @inlinable mutating func schedule(_ kind: ChartTimer<ID, Event>.Kind, after delay: Duration) {
    if snapshot.pointee.nextTimerSequence == .max {
      // The numbers ran out (only a snapshot from elsewhere can get here): number the timers
      // again, in the order they fire, rather than overflow.
      snapshot.pointee.nextTimerSequence = snapshot.pointee._timers.renumber()
    }
    // Cut at the chart's latest time, so that no delay overflows.
    let due = snapshot.pointee.time.chartTime(after: max(delay, .zero))
    snapshot.pointee._timers.insert(
      ChartTimer(kind: kind, due: due, sequence: snapshot.pointee.nextTimerSequence))
    snapshot.pointee.nextTimerSequence += 1
  }

  @inlinable mutating func startDelayedTransitions(of state: Int) {
    let node = table.nodes[state]
    for ordinal in node.delayed {
      guard case .after(let delay) = node.transitions[ordinal].definition.trigger else { continue }
      schedule(.after(state: table.id(of: state), index: ordinal), after: delay(snapshot.pointee.context))
    }
  }

  @inlinable mutating func cancelDelayedTransitions(of state: Int) {
    guard !table.nodes[state].delayed.isEmpty else { return }
    snapshot.pointee._timers.removeDelayedTransitions(of: table.id(of: state))
  }

  @inlinable mutating func cancelInvocations(of state: Int) {
    for index in table.nodes[state].invocations.indices {
      effects.append(.cancelInvocation(invocationID(state, index)))
    }
  }

  @inlinable func invocationID(_ state: Int, _ index: Int) -> ChartInvocationID<ID> {
    ChartInvocationID(state: table.id(of: state), index: index, name: table.nodes[state].invocations[index].name)
  }
}

extension Duration {
  /// The chart time `delay` after this one, cut at ``ChartSnapshot/maximumTime``: never an
  /// overflow, whatever a snapshot from elsewhere holds. A time already past the cut stays.
  @inlinable
  func chartTime(after delay: Duration) -> Duration {
    let latest = Duration.seconds(Int64.max)
    // Both within ±latest, whose sum is far inside `Duration`'s range.
    guard self < latest, self > .zero - latest else { return self }
    return Swift.min(self + Swift.max(Swift.min(delay, latest), .zero - latest), latest)
  }
}
