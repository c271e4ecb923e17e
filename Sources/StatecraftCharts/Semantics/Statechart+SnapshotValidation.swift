extension Statechart {
  /// Checks a snapshot from elsewhere (decoded, made by another version of the chart, or by
  /// hand) against this chart, and returns what does not fit: empty when the chart can run it.
  ///
  /// ```swift
  /// enum Player: Hashable, Sendable, Codable { case idle, playing }
  /// enum PlayerEvent: Hashable, Sendable, Codable { case play }
  /// struct PlayerContext: Hashable, Sendable, Codable { var volume = 5 }
  /// enum RestoreError: Error { case doesNotFit([ChartProblem]) }
  /// ```
  ///
  /// ```swift
  /// let player = Statechart<Player, PlayerEvent, PlayerContext>(initial: .idle, context: PlayerContext()) {
  ///   StateNode(.idle) { OnEvent(.play, target: .playing) }
  ///   StateNode(.playing)
  /// }
  /// let data = try JSONEncoder().encode(player.initialTransition().snapshot)
  ///
  /// let saved = try JSONDecoder().decode(ChartSnapshot<Player, PlayerEvent, PlayerContext>.self, from: data)
  /// let problems = player.validate(saved)
  /// guard problems.isEmpty else { throw RestoreError.doesNotFit(problems) }
  /// let step = player.transition(from: saved, on: .play)
  /// #expect(step.snapshot.isIn(.playing))
  /// ```
  ///
  /// The pure step function takes any snapshot: check one before stepping it. A running chart
  /// (``AsyncStatechartSequence/init(_:restoring:clock:fileID:filePath:line:column:outputs:)``)
  /// runs this check when it restores a snapshot and reports each problem as
  /// ``StatecraftEngine/Diagnostic/Kind/invalidSnapshot``. It checks:
  /// - the active states: each is a state of the chart, with its parent; one top-level state and
  ///   one child of each active compound state; every region of each active parallel state;
  /// - the history: each entry is a history state of the chart, and what it recorded is a
  ///   configuration its parent can be restored to (one child of a compound state, every region
  ///   of a parallel one, atomic descendants for a deep history, children for a shallow one);
  /// - the timers: a delayed transition's state is an active state of the chart with that delayed
  ///   transition (decoding already numbers timers again if their numbers repeat);
  /// - the time: neither the chart's time nor a timer's due time is negative or past
  ///   ``ChartSnapshot/maximumTime``.
  ///
  /// - Returns: One ``ChartProblem`` of kind ``ChartProblem/Kind/invalidSnapshot`` for each
  ///   problem, with a sentence that names it.
  public func validate(_ snapshot: ChartSnapshot<ID, Event, Context>) -> [ChartProblem] {
    var problems: [String] = []
    validateConfiguration(of: snapshot, into: &problems)
    validateHistory(of: snapshot, into: &problems)
    validateTimers(of: snapshot, into: &problems)
    return problems.map { ChartProblem(.invalidSnapshot, $0, at: nil) }
  }

  private func validateConfiguration(
    of snapshot: ChartSnapshot<ID, Event, Context>, into problems: inout [String]
  ) {
    let unknown = snapshot.configuration.filter { table.index(of: $0) == nil }
    if !unknown.isEmpty {
      problems.append(
        "The snapshot names states that \(name) does not have: \(unknown.map { "\($0)" }.joined(separator: ", ")).")
    }
    let active = snapshot.active(in: table)
    if active.isEmpty {
      problems.append("The snapshot has no active state of \(name).")
      return
    }
    let topLevel = table.nodes[0].children.filter(active.contains)
    if topLevel.count > 1 {
      problems.append(
        "The snapshot has \(topLevel.count) active top-level states (\(topLevel.map(table.label).joined(separator: ", "))) instead of one."
      )
    }
    active.forEach { state in
      let node = table.nodes[state]
      if node.parent > 0, !active.contains(node.parent) {
        problems.append("\(table.label(state)) is active without its parent \(table.label(node.parent)).")
      }
      if node.isHistory {
        problems.append("The history state \(table.label(state)) is active; a history state is never active.")
      }
      problems += shapeProblems(of: state, in: active, saying: "active")
    }
  }

  /// What is wrong with the children of `state` in `set`: a compound state needs one, a parallel
  /// state all its regions.
  private func shapeProblems(of state: Int, in set: NodeSet, saying what: String) -> [String] {
    let node = table.nodes[state]
    switch node.kind {
    case .compound:
      let children = node.children.filter(set.contains)
      guard children.count != 1 else { return [] }
      return ["The compound state \(table.label(state)) has \(children.count) \(what) children instead of one."]
    case .parallel:
      guard !node.children.allSatisfy(set.contains) else { return [] }
      return ["The parallel state \(table.label(state)) does not have every region \(what)."]
    default:
      return []
    }
  }

  private func validateHistory(
    of snapshot: ChartSnapshot<ID, Event, Context>, into problems: inout [String]
  ) {
    // Sorted, so that the problems come in the same order every time.
    for (historyID, recorded) in snapshot.history.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      guard let history = table.index(of: historyID) else {
        problems.append("The snapshot's history names \(historyID), which is not a state of \(name).")
        continue
      }
      guard case .history(let deep) = table.kinds[history] else {
        problems.append("The snapshot's history names \(historyID), which is not a history state of \(name).")
        continue
      }
      let parent = table.parents[history]
      let label = table.label(history)
      var states = NodeSet()
      var fits = true
      for id in recorded {
        guard let state = table.index(of: id) else {
          problems.append("The history \(label) recorded \(id), which is not a state of \(name).")
          fits = false
          continue
        }
        let belongs =
          deep
          ? table.isAtomic(state) && table.isDescendant(state, of: parent)
          : table.parents[state] == parent && !table.isHistory(state)
        guard belongs else {
          let wanted = deep ? "an atomic state inside" : "a child of"
          problems.append(
            "The history \(label) recorded \(id), which is not \(wanted) \(table.label(parent)).")
          fits = false
          continue
        }
        states.insert(state)
      }
      guard fits else { continue }
      guard !states.isEmpty else {
        problems.append("The history \(label) recorded no state.")
        continue
      }
      // What entering the history would enter below its parent must be a configuration: with
      // the recorded states' ancestors, one child of each compound state, every region of each
      // parallel one.
      var entered = states
      states.forEach { state in
        var ancestor = table.parents[state]
        while ancestor != parent {
          entered.insert(ancestor)
          ancestor = table.parents[ancestor]
        }
      }
      var shape = shapeProblems(of: parent, in: entered, saying: "recorded")
      entered.forEach { state in
        // A shallow history's states enter their defaults below them: only a deep one's
        // ancestors must have their children recorded.
        if deep { shape += shapeProblems(of: state, in: entered, saying: "recorded") }
      }
      problems += shape.map { "The history \(label): \($0)" }
    }
  }

  private func validateTimers(
    of snapshot: ChartSnapshot<ID, Event, Context>, into problems: inout [String]
  ) {
    let maximum = ChartSnapshot<ID, Event, Context>.maximumTime
    if snapshot.time < .zero || snapshot.time > maximum {
      problems.append("The snapshot's time, \(snapshot.time), is not between zero and \(maximum).")
    }
    let active = snapshot.active(in: table)
    for timer in snapshot.timers {
      if timer.due < .zero || timer.due > maximum {
        problems.append("A timer is due at \(timer.due), which is not between zero and \(maximum).")
      }
      guard case .after(let stateID, let ordinal) = timer.kind else { continue }
      guard let state = table.index(of: stateID) else {
        problems.append("A delayed transition's timer names \(stateID), which is not a state of \(name).")
        continue
      }
      let transitions = table.nodes[state].transitions
      guard transitions.indices.contains(ordinal),
        case .after = transitions[ordinal].definition.trigger
      else {
        problems.append("A timer names the delayed transition \(ordinal) of \(stateID), which has no such transition.")
        continue
      }
      if !active.contains(state) {
        problems.append("A timer waits for a delayed transition of \(stateID), which is not active.")
      }
    }
  }
}
