/// A chart's definition compiled for its step function: its states flattened in document order
/// (a state before its descendants, siblings in the order written), each with its parent, the
/// range of its descendants, and its transitions with their targets resolved to indices.
///
/// Index 0 is the chart itself, SCXML's `<scxml>` element: the compound root of every state.
@usableFromInline final class ChartTable<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  @usableFromInline enum NodeKind: Sendable, Equatable {
    case root, atomic, compound, parallel, final
    case history(deep: Bool)
  }

  /// A transition with its targets resolved. A class, so that the step function passes it around
  /// with one retain instead of copying its closures and arrays.
  @usableFromInline final class Transition: Sendable {
    @usableFromInline let definition: ChartTransition<ID, Event, Context>
    @usableFromInline let source: Int
    /// Its place among its source's transitions.
    @usableFromInline let ordinal: Int
    @usableFromInline let targets: [Int]
    /// For a done transition: the state whose done event it waits for.
    @usableFromInline let doneOf: Int?
    /// Its place among all the chart's transitions, which indexes ``ChartTable/statics``.
    @usableFromInline let index: Int

    init(
      definition: ChartTransition<ID, Event, Context>, source: Int, ordinal: Int, targets: [Int],
      doneOf: Int?, index: Int
    ) {
      self.definition = definition
      self.source = source
      self.ordinal = ordinal
      self.targets = targets
      self.doneOf = doneOf
      self.index = index
    }

    @inlinable var isTargetless: Bool { targets.isEmpty }
  }

  /// A state as the step function reads it: immutable, and a class, so that reading one costs a
  /// retain rather than a copy of its arrays.
  @usableFromInline final class Node: Sendable {
    @usableFromInline let id: ID?
    @usableFromInline let kind: NodeKind
    @usableFromInline let parent: Int
    /// The index of its last descendant: its descendants are `index + 1 ... lastDescendant`.
    @usableFromInline let lastDescendant: Int
    /// Its child states, not counting history states.
    @usableFromInline let children: [Int]
    @usableFromInline let histories: [Int]
    @usableFromInline let initial: [Int]
    @usableFromInline let initialActions: [ChartAction<ID, Event, Context>]
    @usableFromInline let transitions: [Transition]
    /// The ordinals of its delayed transitions, whose timers start when it is entered.
    @usableFromInline let delayed: [Int]
    @usableFromInline let entry: [[ChartAction<ID, Event, Context>]]
    @usableFromInline let exit: [[ChartAction<ID, Event, Context>]]
    @usableFromInline let invocations: [ChartInvocation<ID, Event, Context>]
    /// For a history state: its default targets and actions.
    @usableFromInline let historyDefault: [Int]
    @usableFromInline let historyActions: [ChartAction<ID, Event, Context>]
    @usableFromInline let callSite: CallSite
    @usableFromInline let index: Int

    init(_ draft: Draft) {
      id = draft.id
      kind = draft.kind
      parent = draft.parent
      lastDescendant = draft.lastDescendant
      children = draft.children
      histories = draft.histories
      initial = draft.initial
      initialActions = draft.initialActions
      transitions = draft.transitions
      delayed = draft.delayed
      entry = draft.entry
      exit = draft.exit
      invocations = draft.invocations
      historyDefault = draft.historyDefault
      historyActions = draft.historyActions
      callSite = draft.callSite
      index = draft.index
    }

    @inlinable var isAtomic: Bool { kind == .atomic || kind == .final }
    @inlinable var isCompound: Bool { kind == .compound || kind == .root }
    @inlinable var isHistory: Bool { if case .history = kind { true } else { false } }
    @inlinable var descendants: ClosedRange<Int>? {
      lastDescendant > index ? (index + 1)...lastDescendant : nil
    }
  }

  /// A state while the builder compiles the definition.
  struct Draft: Sendable {
    let id: ID?
    var kind: NodeKind
    let parent: Int
    let depth: Int
    /// The index of its last descendant: its descendants are `index + 1 ... lastDescendant`.
    var lastDescendant: Int
    /// Its child states, not counting history states.
    var children: [Int] = []
    var histories: [Int] = []
    var initial: [Int] = []
    var initialActions: [ChartAction<ID, Event, Context>] = []
    var transitions: [Transition] = []
    /// The ordinals of its delayed transitions, whose timers start when it is entered.
    var delayed: [Int] = []
    var entry: [[ChartAction<ID, Event, Context>]] = []
    var exit: [[ChartAction<ID, Event, Context>]] = []
    var invocations: [ChartInvocation<ID, Event, Context>] = []
    /// For a history state: its default targets and actions.
    var historyDefault: [Int] = []
    var historyActions: [ChartAction<ID, Event, Context>] = []
    let callSite: CallSite

    var isCompound: Bool { kind == .compound || kind == .root }
    var isHistory: Bool { if case .history = kind { true } else { false } }
    /// Set once the node is in the table.
    var index = 0
  }

  @usableFromInline let name: String
  @usableFromInline let nodes: [Node]
  // What the step function reads most, by state index, in arrays of plain values: reading them
  // costs no retain, where reading a `Node` costs one.
  @usableFromInline let parents: [Int]
  @usableFromInline let kinds: [NodeKind]
  @usableFromInline let lastDescendants: [Int]
  /// States with something to do on entry or exit: entry, exit or initial actions, history
  /// children, delayed transitions, invocations, or a final kind.
  @usableFromInline let hasEntryOrExitWork: NodeSet
  /// States with an eventless transition.
  @usableFromInline let eventlessSources: NodeSet
  /// Whether any state invokes work.
  @usableFromInline let hasInvocations: Bool
  /// Whether the chart can set a timer: it has a delayed transition or sends events to itself.
  /// A chart that cannot, and has none pending, never needs to read its clock.
  @usableFromInline let usesTime: Bool
  @usableFromInline let indexByID: [ID: Int]
  /// What is wrong with the definition; the table works around each problem.
  @usableFromInline let problems: [ChartProblem]
  /// For each transition, by its ``/StatecraftMachines/Transition/index``: what it exits and enters when that does not
  /// depend on history.
  @usableFromInline let statics: [ChartTransitionStatics]
  /// The static domain of each transition, by its index, or -1 when it has none: read on every
  /// microstep, so kept apart from the entry sets.
  @usableFromInline let staticDomains: [Int]
  /// What lets a step that meets only plain transitions skip the interpreter.
  @usableFromInline let plainSteps: ChartPlainSteps

  @usableFromInline convenience init(
    name: String, initial: [ID], elements: [ChartElement<ID, Event, Context>], callSite: CallSite
  ) {
    var builder = ChartTableBuilder<ID, Event, Context>(name: name, rootCallSite: callSite)
    builder.build(elements, rootInitial: initial)
    let nodes = builder.nodes.map(Node.init)
    // The statics are computed on a table without them, by the functions that compute them for
    // each step when they are not static.
    let provisional = ChartTable(
      name: name, nodes: nodes, indexByID: builder.indexByID, problems: builder.problems, statics: [])
    self.init(
      name: name, nodes: nodes, indexByID: builder.indexByID, problems: builder.problems,
      statics: ChartTopology(table: provisional, history: [:]).statics())
  }

  init(
    name: String, nodes: [Node], indexByID: [ID: Int], problems: [ChartProblem],
    statics: [ChartTransitionStatics]
  ) {
    self.name = name
    self.nodes = nodes
    self.statics = statics
    staticDomains = statics.map { $0.domain ?? -1 }
    parents = nodes.map(\.parent)
    kinds = nodes.map(\.kind)
    lastDescendants = nodes.map(\.lastDescendant)
    var work = NodeSet()
    var eventless = NodeSet()
    for node in nodes {
      if !node.entry.isEmpty || !node.exit.isEmpty || !node.initialActions.isEmpty
        || !node.histories.isEmpty || !node.delayed.isEmpty || !node.invocations.isEmpty
        || node.kind == .final
      {
        work.insert(node.index)
      }
      if node.transitions.contains(where: { if case .eventless = $0.definition.trigger { true } else { false } }) {
        eventless.insert(node.index)
      }
    }
    hasEntryOrExitWork = work
    eventlessSources = eventless
    plainSteps = ChartPlainSteps(
      nodes: nodes, statics: statics, hasEntryOrExitWork: work, eventlessSources: eventless)
    hasInvocations = nodes.contains { !$0.invocations.isEmpty }
    usesTime = nodes.contains { node in
      let blocks =
        node.entry + node.exit + [node.initialActions, node.historyActions]
        + node.transitions.map { transition in
          if case .fixed(let actions) = transition.definition.actions { actions } else { [] }
        }
      let hasPayloadActions = node.transitions.contains { transition in
        if case .fromEvent = transition.definition.actions { true } else { false }
      }
      return !node.delayed.isEmpty || hasPayloadActions || blocks.contains { $0.contains(where: \.sends) }
    }
    self.indexByID = indexByID
    self.problems = problems
  }

  @inlinable func index(of id: ID) -> Int? { indexByID[id] }

  @inlinable func id(of index: Int) -> ID { nodes[index].id! }

  /// The name of state `index` in messages and exports.
  @inlinable func label(_ index: Int) -> String { index == 0 ? name : "\(nodes[index].id!)" }

  /// Whether `index` is one of `ancestor`'s descendants.
  @inlinable func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
    index > ancestor && index <= lastDescendants[ancestor]
  }

  @inlinable func isAtomic(_ index: Int) -> Bool {
    let kind = kinds[index]
    return kind == .atomic || kind == .final
  }

  @inlinable func isCompound(_ index: Int) -> Bool {
    let kind = kinds[index]
    return kind == .compound || kind == .root
  }

  @inlinable func isHistory(_ index: Int) -> Bool {
    if case .history = kinds[index] { true } else { false }
  }

  /// The range of `index`'s descendants, or `nil` if it has none.
  @inlinable func descendants(of index: Int) -> ClosedRange<Int>? {
    lastDescendants[index] > index ? (index + 1)...lastDescendants[index] : nil
  }
}

/// Compiles a definition into a ``ChartTable``'s nodes, recording what is wrong with it.
struct ChartTableBuilder<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  typealias Node = ChartTable<ID, Event, Context>.Draft
  typealias Transition = ChartTable<ID, Event, Context>.Transition

  let name: String
  let rootCallSite: CallSite
  var nodes: [Node] = []
  var indexByID: [ID: Int] = [:]
  var problems: [ChartProblem] = []
  var transitionCount = 0
  /// The kinds states were declared with, by index: they hold `initial:` ids and history defaults.
  private var declaredKinds: [Int: StateNode<ID, Event, Context>.Kind] = [:]

  init(name: String, rootCallSite: CallSite) {
    self.name = name
    self.rootCallSite = rootCallSite
  }

  mutating func build(_ elements: [ChartElement<ID, Event, Context>], rootInitial: [ID]) {
    nodes.append(
      Node(id: nil, kind: .root, parent: -1, depth: 0, lastDescendant: 0, callSite: rootCallSite))
    var pending: [(node: Int, content: [ChartElement<ID, Event, Context>])] = []
    add(elements, to: 0, pending: &pending)
    nodes[0].lastDescendant = nodes.count - 1
    if nodes.count == 1 {
      problems.append(ChartProblem(.emptyChart, "\(name) has no states.", at: rootCallSite))
    }
    for element in elements {
      if case .node = element.storage { continue }
      problems.append(
        ChartProblem(
          .misplacedElement,
          "Only states belong at the top level of \(name); a transition, action or invocation there is ignored.",
          at: rootCallSite))
      break
    }
    resolve(pending: pending, rootInitial: rootInitial)
  }

  func label(_ index: Int) -> String { index == 0 ? name : "\(nodes[index].id!)" }

  func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
    index > ancestor && index <= nodes[ancestor].lastDescendant
  }

  // MARK: Building

  /// Adds the states among `elements` under `parent`, in document order, keeping each one's other
  /// elements for `resolve`, once every state has its index.
  private mutating func add(
    _ elements: [ChartElement<ID, Event, Context>], to parent: Int,
    pending: inout [(node: Int, content: [ChartElement<ID, Event, Context>])]
  ) {
    for element in elements {
      guard case .node(let definition) = element.storage else { continue }
      let index = nodes.count
      var node = Node(
        id: definition.id, kind: .atomic, parent: parent, depth: nodes[parent].depth + 1,
        lastDescendant: index, callSite: definition.callSite)
      node.index = index
      switch definition.kind {
      case .state: break
      case .parallel: node.kind = .parallel
      case .final: node.kind = .final
      case .history(let kind, _, _): node.kind = .history(deep: kind == .deep)
      }
      if indexByID[definition.id] != nil {
        problems.append(
          ChartProblem(
            .duplicateState, "\(definition.id) is declared twice; the second one is ignored.",
            at: definition.callSite))
        continue
      }
      indexByID[definition.id] = index
      declaredKinds[index] = definition.kind
      nodes.append(node)
      if node.isHistory {
        nodes[parent].histories.append(index)
      } else {
        nodes[parent].children.append(index)
      }
      pending.append((index, definition.content))
      add(definition.content, to: index, pending: &pending)
      nodes[index].lastDescendant = nodes.count - 1
      if case .state = definition.kind, !nodes[index].children.isEmpty {
        nodes[index].kind = .compound
      }
    }
  }

  /// Resolves what refers to states by id: transitions, initial states and history defaults.
  private mutating func resolve(
    pending: [(node: Int, content: [ChartElement<ID, Event, Context>])], rootInitial: [ID]
  ) {
    resolveInitial(of: 0, ids: rootInitial, callSite: rootCallSite)
    for (index, content) in pending {
      let node = nodes[index]
      var initialElement: (targets: [ID], actions: [ChartAction<ID, Event, Context>], callSite: CallSite)?
      for element in content {
        switch element.storage {
        case .node:
          if node.kind == .final || node.isHistory {
            problems.append(
              ChartProblem(
                .misplacedElement, "\(label(index)) is a final state; its child states are ignored.",
                at: node.callSite))
          }
        case .transition(let transition):
          addTransition(transition, to: index)
        case .entry(let actions):
          nodes[index].entry.append(actions)
        case .exit(let actions):
          nodes[index].exit.append(actions)
        case .invoke(let invocation):
          nodes[index].invocations.append(invocation)
        case .initial(let targets, let actions, let callSite):
          if node.kind != .compound {
            problems.append(
              ChartProblem(
                .misplacedElement,
                "Initial in \(label(index)), which is not a compound state, is ignored.",
                at: callSite))
          } else {
            initialElement = (targets, actions, callSite)
          }
        }
      }
      if node.kind == .parallel, node.children.count < 2 {
        problems.append(
          ChartProblem(
            .tooFewRegions,
            "The parallel state \(label(index)) has \(node.children.count) region\(node.children.count == 1 ? "" : "s"); a parallel state needs at least two.",
            at: node.callSite))
      }
      if node.kind == .compound {
        if let initialElement {
          if case .state(let ids) = declaredKinds[index], !ids.isEmpty {
            problems.append(
              ChartProblem(
                .misplacedElement,
                "\(label(index)) has both an initial: state and an Initial element; the Initial element is used.",
                at: initialElement.callSite))
          }
          resolveInitial(of: index, ids: initialElement.targets, callSite: initialElement.callSite)
          nodes[index].initialActions = initialElement.actions
        } else if case .state(let ids) = declaredKinds[index] {
          resolveInitial(of: index, ids: ids, callSite: node.callSite)
        } else {
          resolveInitial(of: index, ids: [], callSite: node.callSite)
        }
      } else if node.kind == .atomic, case .state(let ids) = declaredKinds[index], !ids.isEmpty {
        resolveInitial(of: index, ids: ids, callSite: node.callSite)  // reports the misplaced initial
      }
    }
    resolveHistories()
  }

  private mutating func resolveInitial(of index: Int, ids: [ID], callSite: CallSite) {
    let node = nodes[index]
    guard !node.children.isEmpty else {
      if !ids.isEmpty {
        problems.append(
          ChartProblem(
            .misplacedElement,
            "\(label(index)) has an initial state but no child states; the initial state is ignored.",
            at: callSite))
      }
      return
    }
    var targets: [Int] = []
    for id in ids {
      guard let target = indexByID[id] else {
        problems.append(
          ChartProblem(
            .unknownTarget,
            "The initial state \(id) of \(label(index)) is not a state of the chart; it starts in \(label(node.children[0])).",
            at: callSite))
        targets = []
        break
      }
      guard isDescendant(target, of: index) else {
        problems.append(
          ChartProblem(
            .invalidInitial,
            "The initial state \(id) of \(label(index)) is not one of its descendants; it starts in \(label(node.children[0])).",
            at: callSite))
        targets = []
        break
      }
      targets.append(target)
    }
    nodes[index].initial = targets.isEmpty ? [node.children[0]] : targets
  }

  private mutating func addTransition(_ transition: ChartTransition<ID, Event, Context>, to index: Int) {
    let node = nodes[index]
    guard index != 0, !node.isHistory else { return }
    var targets: [Int] = []
    for id in transition.targets {
      guard let target = indexByID[id] else {
        problems.append(
          ChartProblem(
            .unknownTarget,
            "A transition (\(transition.triggerName)) in \(label(index)) targets \(id), which is not a state of the chart; it is ignored.",
            at: transition.callSite))
        return
      }
      targets.append(target)
    }
    var doneOf: Int?
    if case .done(let state) = transition.trigger {
      if let state {
        guard let target = indexByID[state] else {
          problems.append(
            ChartProblem(
              .unknownTarget,
              "OnDone in \(label(index)) waits for \(state), which is not a state of the chart; it is ignored.",
              at: transition.callSite))
          return
        }
        doneOf = target
      } else {
        doneOf = index
      }
    }
    let ordinal = nodes[index].transitions.count
    nodes[index].transitions.append(
      Transition(
        definition: transition, source: index, ordinal: ordinal, targets: targets, doneOf: doneOf,
        index: transitionCount))
    transitionCount += 1
    if case .after = transition.trigger { nodes[index].delayed.append(ordinal) }
  }

  private mutating func resolveHistories() {
    for index in nodes.indices where nodes[index].isHistory {
      guard case .history(_, let defaults, let actions) = declaredKinds[index] else { continue }
      let parent = nodes[index].parent
      var targets: [Int] = []
      for id in defaults {
        guard let target = indexByID[id], isDescendant(target, of: parent), !nodes[target].isHistory
        else {
          problems.append(
            ChartProblem(
              .unknownTarget,
              "The default \(id) of the history state \(label(index)) is not a state below \(label(parent)) (another history state cannot be one); it defaults to \(label(parent))'s initial state.",
              at: nodes[index].callSite))
          targets = []
          break
        }
        targets.append(target)
      }
      if nodes[parent].children.isEmpty, parent != 0 {
        problems.append(
          ChartProblem(
            .misplacedElement,
            "The history state \(label(index)) is in \(label(parent)), which has no child states to remember.",
            at: nodes[index].callSite))
      }
      if parent == 0 {
        problems.append(
          ChartProblem(
            .misplacedElement,
            "The history state \(label(index)) is at the top level; history states belong in a compound or parallel state.",
            at: nodes[index].callSite))
      }
      nodes[index].historyDefault = targets.isEmpty ? defaultTargets(of: parent) : targets
      nodes[index].historyActions = actions
    }
  }

  /// What entering `parent` by default enters: its initial states, or all its regions; never a
  /// history state, so that a history whose parent starts in it cannot stand for itself.
  private func defaultTargets(of parent: Int) -> [Int] {
    if nodes[parent].kind == .compound, nodes[parent].initial.contains(where: { nodes[$0].isHistory }) {
      return nodes[parent].children.prefix(1).map { $0 }
    }
    return nodes[parent].kind == .parallel ? nodes[parent].children : nodes[parent].initial
  }
}

/// What a transition exits and enters, when its targets and the default entries below them have
/// no history state: then it depends only on the chart's structure, and the table computes it once.
@usableFromInline
struct ChartTransitionStatics: Sendable {
  /// The transition's domain; `nil` if it has no target or its entry depends on history.
  @usableFromInline let domain: Int?
  @usableFromInline let statesToEnter: NodeSet
  @usableFromInline let statesForDefaultEntry: NodeSet

  @usableFromInline
  init(domain: Int?, statesToEnter: NodeSet, statesForDefaultEntry: NodeSet) {
    self.domain = domain
    self.statesToEnter = statesToEnter
    self.statesForDefaultEntry = statesForDefaultEntry
  }
}
