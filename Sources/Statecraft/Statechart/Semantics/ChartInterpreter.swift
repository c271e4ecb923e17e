/// The SCXML algorithm (W3C SCXML 1.0, Appendix D) over one snapshot: a value that takes a chart
/// from a snapshot through macrosteps and returns the next snapshot and the effects to perform. It
/// performs nothing: invocations and outputs come back as ``ChartEffect``s, timers as data in the
/// snapshot.
///
/// The names follow the standard's pseudo-code (`selectTransitions`, `removeConflictingTransitions`,
/// `computeExitSet`, `computeEntrySet`, `addDescendantStatesToEnter`…), so that each function can be
/// read next to it. States are indices in document order, sets are ``NodeSet``s, so a simple
/// transition touches the heap only for the new snapshot's configuration.
struct ChartInterpreter<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  typealias Table = ChartTable<ID, Event, Context>
  typealias Actions = [ChartAction<ID, Event, Context>]

  /// An event as the interpreter processes it: the chart's events, and its own.
  enum Record {
    case event(Event)
    case done(Int)
    case executionError
    case timer(source: Int, ordinal: Int)
  }

  /// A transition, by its source state and its place among the source's transitions.
  struct TransitionRef: Equatable {
    let source: Int
    let ordinal: Int
  }

  /// An eventless transition loop stops after this many microsteps in one macrostep.
  static var microstepLimit: Int { 100_000 }

  let table: Table
  var snapshot: ChartSnapshot<ID, Event, Context>
  private(set) var configuration: NodeSet
  private let configurationBefore: NodeSet
  private var internalQueue: [Record] = []
  private var internalHead = 0
  private var statesToInvoke = NodeSet()
  private(set) var effects: [ChartEffect<ID, Event, Context>] = []
  /// SCXML's `_event`: the event being processed, kept through the eventless steps after it.
  private var currentEvent: Event?
  private(set) var handled = false
  /// Whether a microstep ran or a timer fired: whether the snapshot is a new one.
  private var changed = false

  init(table: Table, snapshot: ChartSnapshot<ID, Event, Context>) {
    self.table = table
    self.snapshot = snapshot
    var configuration = NodeSet()
    for id in snapshot.configuration {
      if let index = table.index(of: id) { configuration.insert(index) }
    }
    self.configuration = configuration
    self.configurationBefore = configuration
  }

  // MARK: Entry points

  /// Enters the initial configuration and runs the first macrostep.
  mutating func start() {
    handled = true
    changed = true
    var statesToEnter = NodeSet()
    var statesForDefaultEntry = NodeSet()
    var defaultHistoryContent: [Int: Actions] = [:]
    for target in table.nodes[0].initial {
      addDescendantStatesToEnter(
        target, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      addAncestorStatesToEnter(
        target, upTo: 0, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
    }
    enter(statesToEnter, statesForDefaultEntry, defaultHistoryContent)
    completeMacrostep()
  }

  /// Processes one external event, then the macrostep it starts. Returns whether the event took
  /// a transition.
  @discardableResult
  mutating func process(_ event: Event) -> Bool {
    let taken = processExternal(.event(event))
    handled = taken
    return taken
  }

  /// Moves the chart's time to `time`, firing the timers due by then, each as an external event,
  /// in the order they are due.
  mutating func advance(to time: Duration) {
    while !snapshot.isDone, let timer = snapshot.timers.first, timer.due <= time {
      snapshot.timers.removeFirst()
      changed = true
      if timer.due > snapshot.time { snapshot.time = timer.due }
      switch timer.kind {
      case .send(let event, _):
        _ = processExternal(.event(event))
      case .after(let state, let ordinal):
        guard let source = table.index(of: state) else { continue }
        _ = processExternal(.timer(source: source, ordinal: ordinal))
      }
    }
    if time > snapshot.time { snapshot.time = time }
  }

  /// The effects that resume a restored snapshot: the invocations of its active states, which a
  /// snapshot does not hold, start again.
  mutating func resume() {
    guard !snapshot.isDone else { return }
    statesToInvoke = configuration
    let active = configuration
    active.forEach { state in
      for index in table.nodes[state].invocations.indices {
        effects.append(.startInvocation(invocationID(state, index)))
      }
    }
    statesToInvoke = NodeSet()
    handled = true
  }

  /// The step's result: the snapshot with its configuration written back, and the effects.
  mutating func finish() -> ChartStep<ID, Event, Context> {
    if configuration != configurationBefore {
      var ids: [ID] = []
      ids.reserveCapacity(configuration.count)
      configuration.forEach { ids.append(table.id(of: $0)) }
      snapshot.configuration = ids
    }
    return ChartStep(snapshot: snapshot, effects: effects, handled: handled, changed: changed)
  }

  // MARK: The main event loop

  /// Processes an external event and the macrostep it starts; returns whether it took a
  /// transition.
  @discardableResult
  private mutating func processExternal(_ record: Record) -> Bool {
    guard !snapshot.isDone else { return false }
    setCurrentEvent(record)
    let enabled = selectTransitions(record)
    if !enabled.isEmpty { microstep(enabled) }
    completeMacrostep()
    return !enabled.isEmpty
  }

  /// Takes eventless transitions and internal events until there are none, then starts the
  /// invocations of the states entered (SCXML's `mainEventLoop`, up to the wait for an external
  /// event).
  private mutating func completeMacrostep() {
    var microsteps = 0
    while !snapshot.isDone {
      var enabled = selectEventlessTransitions()
      if enabled.isEmpty {
        guard internalHead < internalQueue.count else { break }
        let record = internalQueue[internalHead]
        internalHead += 1
        setCurrentEvent(record)
        enabled = selectTransitions(record)
      }
      if !enabled.isEmpty {
        microsteps += 1
        guard microsteps <= Self.microstepLimit else {
          let callSite = transition(enabled[0]).definition.callSite
          effects.append(.actionFailed(ChartLivelock(microsteps: microsteps - 1), callSite: callSite))
          break
        }
        microstep(enabled)
      }
    }
    internalQueue.removeAll()
    internalHead = 0
    if snapshot.isDone {
      exitInterpreter()
      return
    }
    let entered = statesToInvoke
    entered.forEach { state in
      for index in table.nodes[state].invocations.indices {
        effects.append(.startInvocation(invocationID(state, index)))
      }
    }
    statesToInvoke = NodeSet()
  }

  /// The chart reached a top-level final state: exit what is active, cancel its invocations and
  /// timers. The configuration is kept, so that the snapshot shows where the chart finished.
  private mutating func exitInterpreter() {
    let active = configuration
    active.forEachReversed { state in
      for block in table.nodes[state].exit { run(block, callSite: table.nodes[state].callSite) }
      cancelInvocations(of: state)
    }
    snapshot.timers.removeAll()
  }

  private mutating func setCurrentEvent(_ record: Record) {
    if case .event(let event) = record {
      currentEvent = event
    } else {
      currentEvent = nil
    }
  }

  // MARK: Selecting transitions

  private func selectEventlessTransitions() -> SmallList<TransitionRef> {
    select { transition in
      if case .eventless = transition.definition.trigger { return true }
      return false
    }
  }

  private func selectTransitions(_ record: Record) -> SmallList<TransitionRef> {
    select { matches($0, record) }
  }

  /// For each active atomic state in document order, the first transition, from the state
  /// outwards, that `matches` and whose guard holds; then without conflicts.
  private func select(_ matches: (Table.Transition) -> Bool) -> SmallList<TransitionRef> {
    var enabled = SmallList<TransitionRef>()
    configuration.forEach { atomic in
      guard table.nodes[atomic].isAtomic else { return }
      var state = atomic
      search: while state > 0 {
        for transition in table.nodes[state].transitions where matches(transition) {
          if conditionMatch(transition) {
            let ref = TransitionRef(source: state, ordinal: transition.ordinal)
            if !enabled.contains(where: { $0 == ref }) { enabled.append(ref) }
            break search
          }
        }
        state = table.nodes[state].parent
      }
    }
    return enabled.count > 1 ? removeConflictingTransitions(enabled) : enabled
  }

  private func matches(_ transition: Table.Transition, _ record: Record) -> Bool {
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
  private func scxmlName(of record: Record) -> String? {
    switch record {
    case .event(let event): event as? String
    case .done(let state): "done.state.\(table.label(state))"
    case .executionError: "error.execution"
    case .timer: nil
    }
  }

  private func conditionMatch(_ transition: Table.Transition) -> Bool {
    guard let condition = transition.definition.guardCondition else { return true }
    return condition(
      ChartGuardInput(
        context: snapshot.context, event: currentEvent, configuration: configuration, table: table))
  }

  /// Of two transitions whose exit sets intersect, keeps the one whose source is the descendant,
  /// or else the one selected first.
  private func removeConflictingTransitions(_ enabled: SmallList<TransitionRef>) -> SmallList<TransitionRef> {
    var filtered = SmallList<TransitionRef>()
    for index in 0..<enabled.count {
      let t1 = enabled[index]
      let exit1 = computeExitSet(t1)
      var preempted = false
      var toRemove = SmallList<TransitionRef>()
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
        filtered.remove { candidate in toRemove.contains(where: { $0 == candidate }) }
        filtered.append(t1)
      }
    }
    return filtered
  }

  // MARK: Microsteps

  private mutating func microstep(_ enabled: SmallList<TransitionRef>) {
    changed = true
    exitStates(enabled)
    for index in 0..<enabled.count {
      let transition = transition(enabled[index])
      run(actions(of: transition), callSite: transition.definition.callSite)
    }
    enterStates(enabled)
  }

  private func transition(_ ref: TransitionRef) -> Table.Transition {
    table.nodes[ref.source].transitions[ref.ordinal]
  }

  private func actions(of transition: Table.Transition) -> Actions {
    switch transition.definition.actions {
    case .fixed(let actions): actions
    case .fromEvent(let make): make(currentEvent)
    }
  }

  private func computeExitSet(_ ref: TransitionRef) -> NodeSet {
    let transition = transition(ref)
    guard !transition.isTargetless, let domain = transitionDomain(transition),
      let descendants = table.nodes[domain].descendants
    else { return NodeSet() }
    return configuration.intersection(with: descendants)
  }

  private mutating func exitStates(_ enabled: SmallList<TransitionRef>) {
    var statesToExit = NodeSet()
    for index in 0..<enabled.count { statesToExit.formUnion(computeExitSet(enabled[index])) }
    guard !statesToExit.isEmpty else { return }
    let notYetInvoked = statesToInvoke.intersection(statesToExit)
    statesToInvoke.subtract(statesToExit)
    // History is recorded before any exit action runs.
    statesToExit.forEach { state in
      for history in table.nodes[state].histories { record(history, of: state) }
    }
    statesToExit.forEachReversed { state in
      for block in table.nodes[state].exit { run(block, callSite: table.nodes[state].callSite) }
      if !notYetInvoked.contains(state) { cancelInvocations(of: state) }
      cancelDelayedTransitions(of: state)
      configuration.remove(state)
    }
  }

  private mutating func record(_ history: Int, of parent: Int) {
    guard case .history(let deep) = table.nodes[history].kind else { return }
    var recorded: [ID] = []
    configuration.forEach { state in
      let keep =
        deep
        ? table.nodes[state].isAtomic && table.isDescendant(state, of: parent)
        : table.nodes[state].parent == parent
      if keep { recorded.append(table.id(of: state)) }
    }
    snapshot.history[table.id(of: history)] = recorded
  }

  private mutating func enterStates(_ enabled: SmallList<TransitionRef>) {
    var statesToEnter = NodeSet()
    var statesForDefaultEntry = NodeSet()
    var defaultHistoryContent: [Int: Actions] = [:]
    for index in 0..<enabled.count {
      let transition = transition(enabled[index])
      guard !transition.isTargetless else { continue }
      for target in transition.targets {
        addDescendantStatesToEnter(
          target, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      }
      let domain = transitionDomain(transition) ?? 0
      forEachEffectiveTarget(of: transition) { target in
        addAncestorStatesToEnter(
          target, upTo: domain, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      }
    }
    enter(statesToEnter, statesForDefaultEntry, defaultHistoryContent)
  }

  private mutating func enter(
    _ statesToEnter: NodeSet, _ statesForDefaultEntry: NodeSet, _ defaultHistoryContent: [Int: Actions]
  ) {
    statesToEnter.forEach { state in
      let node = table.nodes[state]
      configuration.insert(state)
      statesToInvoke.insert(state)
      startDelayedTransitions(of: state)
      for block in node.entry { run(block, callSite: node.callSite) }
      if statesForDefaultEntry.contains(state), !node.initialActions.isEmpty {
        run(node.initialActions, callSite: node.callSite)
      }
      if let content = defaultHistoryContent[state] { run(content, callSite: node.callSite) }
      guard node.kind == .final else { return }
      let parent = node.parent
      if parent == 0 {
        snapshot.isDone = true
        return
      }
      internalQueue.append(.done(parent))
      let grandparent = table.nodes[parent].parent
      if grandparent > 0, table.nodes[grandparent].kind == .parallel,
        table.nodes[grandparent].children.allSatisfy(isInFinalState)
      {
        internalQueue.append(.done(grandparent))
      }
    }
  }

  private func isInFinalState(_ state: Int) -> Bool {
    let node = table.nodes[state]
    switch node.kind {
    case .compound:
      return node.children.contains { table.nodes[$0].kind == .final && configuration.contains($0) }
    case .parallel:
      return node.children.allSatisfy(isInFinalState)
    default:
      return false
    }
  }

  // MARK: Entry sets

  private func addDescendantStatesToEnter(
    _ state: Int, _ statesToEnter: inout NodeSet, _ statesForDefaultEntry: inout NodeSet,
    _ defaultHistoryContent: inout [Int: Actions]
  ) {
    let node = table.nodes[state]
    if node.isHistory {
      let targets = historyTargets(state, defaultHistoryContent: &defaultHistoryContent)
      for target in targets {
        addDescendantStatesToEnter(
          target, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      }
      for target in targets {
        addAncestorStatesToEnter(
          target, upTo: node.parent, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      }
      return
    }
    statesToEnter.insert(state)
    switch node.kind {
    case .compound:
      statesForDefaultEntry.insert(state)
      for target in node.initial {
        addDescendantStatesToEnter(
          target, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      }
      for target in node.initial {
        addAncestorStatesToEnter(
          target, upTo: state, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      }
    case .parallel:
      for child in node.children where !statesToEnter.containsAny(in: child...table.nodes[child].lastDescendant) {
        addDescendantStatesToEnter(
          child, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
      }
    default:
      break
    }
  }

  private func addAncestorStatesToEnter(
    _ state: Int, upTo ancestor: Int, _ statesToEnter: inout NodeSet,
    _ statesForDefaultEntry: inout NodeSet, _ defaultHistoryContent: inout [Int: Actions]
  ) {
    var current = table.nodes[state].parent
    while current > 0, current != ancestor {
      statesToEnter.insert(current)
      if table.nodes[current].kind == .parallel {
        for child in table.nodes[current].children
        where !statesToEnter.containsAny(in: child...table.nodes[child].lastDescendant) {
          addDescendantStatesToEnter(
            child, &statesToEnter, &statesForDefaultEntry, &defaultHistoryContent)
        }
      }
      current = table.nodes[current].parent
    }
  }

  /// What a history state stands for: what it recorded, or its default, whose actions then run.
  private func historyTargets(_ history: Int, defaultHistoryContent: inout [Int: Actions]) -> [Int] {
    if let recorded = snapshot.history[table.id(of: history)] {
      return recorded.compactMap { table.index(of: $0) }
    }
    let node = table.nodes[history]
    if !node.historyActions.isEmpty { defaultHistoryContent[node.parent] = node.historyActions }
    return node.historyDefault
  }

  // MARK: Transition domains

  /// The state whose descendants a transition exits and enters: its source, for an internal
  /// transition from a compound state to its own descendants; otherwise the nearest compound
  /// ancestor of the source that contains every target. `nil` for a targetless transition.
  private func transitionDomain(_ transition: Table.Transition) -> Int? {
    guard !transition.isTargetless else { return nil }
    let source = transition.source
    if transition.definition.type == .internal, table.nodes[source].kind == .compound {
      var allInside = true
      forEachEffectiveTarget(of: transition) { target in
        if !table.isDescendant(target, of: source) { allInside = false }
      }
      if allInside { return source }
    }
    return findLCCA(source, transition)
  }

  private func findLCCA(_ source: Int, _ transition: Table.Transition) -> Int {
    var ancestor = table.nodes[source].parent
    while ancestor > 0 {
      if table.nodes[ancestor].isCompound {
        var containsAll = true
        forEachEffectiveTarget(of: transition) { target in
          if !table.isDescendant(target, of: ancestor) { containsAll = false }
        }
        if containsAll { return ancestor }
      }
      ancestor = table.nodes[ancestor].parent
    }
    return 0
  }

  /// The transition's targets, with each history state replaced by what it stands for.
  private func forEachEffectiveTarget(of transition: Table.Transition, _ body: (Int) -> Void) {
    for target in transition.targets { forEachEffectiveTarget(target, body) }
  }

  private func forEachEffectiveTarget(_ target: Int, _ body: (Int) -> Void) {
    let node = table.nodes[target]
    guard node.isHistory else { return body(target) }
    if let recorded = snapshot.history[table.id(of: target)] {
      for id in recorded { if let index = table.index(of: id) { body(index) } }
    } else {
      for state in node.historyDefault { forEachEffectiveTarget(state, body) }
    }
  }

  // MARK: Executable content

  /// Runs one block of actions. An action that throws raises an execution error and ends the
  /// block; returns whether the block ran to its end.
  @discardableResult
  private mutating func run(_ actions: Actions, callSite: CallSite) -> Bool {
    for action in actions {
      switch action.operation {
      case .assign(let body):
        do {
          try body(&snapshot.context, currentEvent)
        } catch {
          effects.append(.actionFailed(error, callSite: callSite))
          internalQueue.append(.executionError)
          return false
        }
      case .raise(let make):
        internalQueue.append(.event(make(snapshot.context, currentEvent)))
      case .send(let make, let delay, let id):
        let event = make(snapshot.context, currentEvent)
        schedule(.send(event, id: id), after: delay(snapshot.context))
      case .cancel(let makeID):
        let id = makeID(snapshot.context)
        snapshot.timers.removeAll { timer in
          if case .send(_, let timerID) = timer.kind { return timerID == id }
          return false
        }
      case .output(let output):
        effects.append(.output(output, context: snapshot.context, event: currentEvent))
      case .choose(let condition, let then, let otherwise):
        let holds = condition(
          ChartGuardInput(
            context: snapshot.context, event: currentEvent, configuration: configuration, table: table))
        guard run(holds ? then : otherwise, callSite: callSite) else { return false }
      }
    }
    return true
  }

  // MARK: Timers and invocations

  private mutating func schedule(_ kind: ChartTimer<ID, Event>.Kind, after delay: Duration) {
    let timer = ChartTimer(
      kind: kind, due: snapshot.time + max(delay, .zero), sequence: snapshot.nextTimerSequence)
    snapshot.nextTimerSequence += 1
    // Timers stay in firing order: by due time, then by the order they were set.
    let position = snapshot.timers.lastIndex { $0.due <= timer.due }.map { $0 + 1 } ?? 0
    snapshot.timers.insert(timer, at: position)
  }

  private mutating func startDelayedTransitions(of state: Int) {
    let node = table.nodes[state]
    for ordinal in node.delayed {
      guard case .after(let delay) = node.transitions[ordinal].definition.trigger else { continue }
      schedule(.after(state: table.id(of: state), index: ordinal), after: delay(snapshot.context))
    }
  }

  private mutating func cancelDelayedTransitions(of state: Int) {
    guard !table.nodes[state].delayed.isEmpty else { return }
    let id = table.id(of: state)
    snapshot.timers.removeAll { timer in
      if case .after(let timerState, _) = timer.kind { return timerState == id }
      return false
    }
  }

  private mutating func cancelInvocations(of state: Int) {
    for index in table.nodes[state].invocations.indices {
      effects.append(.cancelInvocation(invocationID(state, index)))
    }
  }

  private func invocationID(_ state: Int, _ index: Int) -> ChartInvocationID<ID> {
    ChartInvocationID(state: table.id(of: state), index: index, name: table.nodes[state].invocations[index].name)
  }
}

/// An eventless transition loop that the chart stopped: its eventless transitions kept enabling
/// each other for ``microsteps`` microsteps in one macrostep.
public struct ChartLivelock: Error, CustomStringConvertible {
  /// How many microsteps ran before the chart stopped the macrostep.
  public let microsteps: Int

  public var description: String {
    "The chart's eventless transitions ran \(microsteps) microsteps without settling; the macrostep was stopped. Give the looping transitions a guard that their actions make false."
  }
}
