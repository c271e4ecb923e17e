/// The states a transition exits and enters, from the chart's structure and its recorded history:
/// SCXML's `getTransitionDomain`, `findLCCA`, `getEffectiveTargetStates`, `computeEntrySet`,
/// `addDescendantStatesToEnter` and `addAncestorStatesToEnter`.
///
/// It holds only the table and the history, so that the interpreter computes these without
/// lending out the rest of its state.
@usableFromInline
struct ChartTopology<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  @usableFromInline typealias Table = ChartTable<ID, Event, Context>

  @usableFromInline let table: Table
  @usableFromInline let history: [ID: [ID]]

  @inlinable
  init(table: Table, history: [ID: [ID]]) {
    self.table = table
    self.history = history
  }

  // MARK: Exit sets

  /// The active states a transition exits: those below its domain. Empty for a targetless one.
  @inlinable
  func exitSet(of transition: Table.Transition, in configuration: NodeSet) -> NodeSet {
    guard let domain = transitionDomain(transition), let descendants = table.descendants(of: domain)
    else { return NodeSet() }
    return configuration.intersection(with: descendants)
  }

  // MARK: Transition domains

  /// The state whose descendants a transition exits and enters: its source, for an internal
  /// transition from a compound state to its own descendants; otherwise the nearest compound
  /// ancestor of the source that contains every target. `nil` for a targetless transition.
  @inlinable
  func transitionDomain(_ transition: Table.Transition) -> Int? {
    guard !transition.isTargetless else { return nil }
    let source = transition.source
    if transition.definition.type == .internal, table.kinds[source] == .compound {
      var allInside = true
      forEachEffectiveTarget(of: transition) { target in
        if !table.isDescendant(target, of: source) { allInside = false }
      }
      if allInside { return source }
    }
    return findLCCA(source, transition)
  }

  /// The nearest compound ancestor of `source` that contains every target of `transition`; the
  /// chart itself if none.
  @inlinable
  func findLCCA(_ source: Int, _ transition: Table.Transition) -> Int {
    var ancestor = table.parents[source]
    while ancestor > 0 {
      if table.isCompound(ancestor) {
        var containsAll = true
        forEachEffectiveTarget(of: transition) { target in
          if !table.isDescendant(target, of: ancestor) { containsAll = false }
        }
        if containsAll { return ancestor }
      }
      ancestor = table.parents[ancestor]
    }
    return 0
  }

  /// The transition's targets, with each history state replaced by what it stands for.
  @inlinable
  func forEachEffectiveTarget(of transition: Table.Transition, _ body: (Int) -> Void) {
    for target in transition.targets { forEachEffectiveTarget(target, body) }
  }

  @inlinable
  func forEachEffectiveTarget(_ target: Int, _ body: (Int) -> Void) {
    let node = table.nodes[target]
    guard node.isHistory else { return body(target) }
    if let recorded = history[table.id(of: target)] {
      for id in recorded { if let index = table.index(of: id) { body(index) } }
    } else {
      for state in node.historyDefault { forEachEffectiveTarget(state, body) }
    }
  }

  // MARK: Statics

  /// For each transition of the table, what it exits and enters when that does not depend on
  /// history. Called on a table without statics, with no history.
  func statics() -> [ChartTransitionStatics] {
    var statics: [ChartTransitionStatics] = []
    for node in table.nodes {
      for transition in node.transitions {
        precondition(statics.count == transition.index)
        guard !transition.isTargetless, let domain = transitionDomain(transition) else {
          statics.append(.init(domain: nil, statesToEnter: NodeSet(), statesForDefaultEntry: NodeSet()))
          continue
        }
        var entrySet = ChartEntrySet<ID, Event, Context>()
        computeEntrySet(of: transition, into: &entrySet)
        let involvesHistory =
          transition.targets.contains(where: table.isHistory) || entrySet.reachedHistory
        statics.append(
          .init(
            domain: involvesHistory ? nil : domain, statesToEnter: entrySet.statesToEnter,
            statesForDefaultEntry: entrySet.statesForDefaultEntry))
      }
    }
    return statics
  }

  // MARK: Entry sets

  /// Adds what taking `transition` enters.
  @inlinable
  func computeEntrySet(of transition: Table.Transition, into entrySet: inout ChartEntrySet<ID, Event, Context>) {
    guard !transition.isTargetless else { return }
    for target in transition.targets { addDescendantStatesToEnter(target, &entrySet) }
    let domain = transitionDomain(transition) ?? 0
    forEachEffectiveTarget(of: transition) { target in
      addAncestorStatesToEnter(target, upTo: domain, &entrySet)
    }
  }

  @inlinable
  func addDescendantStatesToEnter(_ state: Int, _ entrySet: inout ChartEntrySet<ID, Event, Context>) {
    let node = table.nodes[state]
    if node.isHistory {
      entrySet.reachedHistory = true
      let targets = historyTargets(state, &entrySet)
      for target in targets { addDescendantStatesToEnter(target, &entrySet) }
      for target in targets { addAncestorStatesToEnter(target, upTo: node.parent, &entrySet) }
      return
    }
    entrySet.statesToEnter.insert(state)
    switch node.kind {
    case .compound:
      entrySet.statesForDefaultEntry.insert(state)
      for target in node.initial { addDescendantStatesToEnter(target, &entrySet) }
      for target in node.initial { addAncestorStatesToEnter(target, upTo: state, &entrySet) }
    case .parallel:
      for child in node.children
      where !entrySet.statesToEnter.containsAny(in: child...table.lastDescendants[child]) {
        addDescendantStatesToEnter(child, &entrySet)
      }
    default:
      break
    }
  }

  @inlinable
  func addAncestorStatesToEnter(
    _ state: Int, upTo ancestor: Int, _ entrySet: inout ChartEntrySet<ID, Event, Context>
  ) {
    var current = table.parents[state]
    while current > 0, current != ancestor {
      entrySet.statesToEnter.insert(current)
      if table.kinds[current] == .parallel {
        for child in table.nodes[current].children
        where !entrySet.statesToEnter.containsAny(in: child...table.lastDescendants[child]) {
          addDescendantStatesToEnter(child, &entrySet)
        }
      }
      current = table.parents[current]
    }
  }

  /// What a history state stands for: what it recorded, or its default, whose actions then run.
  @inlinable
  func historyTargets(_ state: Int, _ entrySet: inout ChartEntrySet<ID, Event, Context>) -> [Int] {
    if let recorded = history[table.id(of: state)] {
      return recorded.compactMap { table.index(of: $0) }
    }
    let node = table.nodes[state]
    if !node.historyActions.isEmpty { entrySet.defaultHistoryContent[node.parent] = node.historyActions }
    return node.historyDefault
  }
}

/// What a microstep enters: SCXML's `statesToEnter`, `statesForDefaultEntry` and
/// `defaultHistoryContent`.
@usableFromInline
struct ChartEntrySet<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  @usableFromInline var statesToEnter = NodeSet()
  @usableFromInline var statesForDefaultEntry = NodeSet()
  @usableFromInline var defaultHistoryContent: [Int: [ChartAction<ID, Event, Context>]] = [:]
  /// Whether a history state was among what was entered.
  @usableFromInline var reachedHistory = false

  @inlinable
  init() {}
}
