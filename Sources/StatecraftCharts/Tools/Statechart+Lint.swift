extension Statechart {
  /// What ``validate()`` finds, and what is suspicious though valid:
  /// - states that nothing reaches: no initial state, transition or history default leads there;
  /// - non-final states with no way out: no transition with a target leaves them or their
  ///   ancestors;
  /// - transitions that can never be taken, because an earlier one in the same state handles the
  ///   same event without a guard;
  /// - events of `events` that no state handles.
  ///
  /// ```swift
  /// let player = Statechart<String, String, EmptyChartContext>("player", initial: "idle", context: .init()) {
  ///   StateNode("idle") { OnEvent("play", target: "playing") }
  ///   StateNode("playing") {
  ///     OnEvent("pause", target: "idle")
  ///     OnEvent("stop", target: "idle")
  ///   }
  /// }
  /// for problem in player.lint(events: ["play", "pause", "stop", "eject"]) { print(problem) }
  /// // unhandledEvent: No state of player handles eject.
  /// ```
  public func lint(events: [Event] = []) -> [ChartProblem] {
    var problems = validate()
    let reachable = reachableStates()
    for index in table.nodes.indices.dropFirst() where !reachable.contains(index) {
      problems.append(
        ChartProblem(
          .unreachableState, "No initial state, transition or history default leads to \(table.label(index)).",
          at: table.nodes[index].callSite))
    }
    for index in table.nodes.indices.dropFirst() where table.nodes[index].kind == .atomic {
      if !hasWayOut(index) {
        problems.append(
          ChartProblem(
            .deadEnd,
            "\(table.label(index)) is not final, and no transition leaves it or its ancestors.",
            at: table.nodes[index].callSite))
      }
    }
    for node in table.nodes {
      for (position, transition) in node.transitions.enumerated() {
        guard let key = transition.definition.shadowKey else { continue }
        let shadowing = node.transitions[..<position].first { earlier in
          earlier.definition.guardCondition == nil
            && (earlier.definition.shadowKey == key
              || (earlier.definition.shadowKey == "descriptor:*" && key != "always"))
        }
        if let shadowing {
          problems.append(
            ChartProblem(
              .shadowedTransition,
              "The transition on \(transition.definition.triggerName) in \(table.label(node.index)) is never taken: the one on line \(shadowing.definition.callSite.line) handles the same event first, without a guard.",
              at: transition.definition.callSite))
        }
      }
    }
    for event in events where !isHandledAnywhere(event) {
      problems.append(
        ChartProblem(.unhandledEvent, "No state of \(name) handles \(event).", at: nil))
    }
    return problems
  }

  /// The states that the initial state, transitions and history defaults can lead to.
  private func reachableStates() -> Set<Int> {
    var reached: Set<Int> = []
    var pending = table.nodes[0].initial
    while let state = pending.popLast() {
      guard reached.insert(state).inserted else { continue }
      let node = table.nodes[state]
      if node.parent > 0 { pending.append(node.parent) }
      switch node.kind {
      case .compound: pending.append(contentsOf: node.initial)
      case .parallel: pending.append(contentsOf: node.children)
      case .history: pending.append(contentsOf: node.historyDefault)
      default: break
      }
      for transition in node.transitions { pending.append(contentsOf: transition.targets) }
    }
    return reached
  }

  private func hasWayOut(_ state: Int) -> Bool {
    var current = state
    while current > 0 {
      if table.nodes[current].transitions.contains(where: { !$0.isTargetless }) { return true }
      current = table.nodes[current].parent
    }
    return false
  }

  private func isHandledAnywhere(_ event: Event) -> Bool {
    table.nodes.contains { node in
      node.transitions.contains { transition in
        switch transition.definition.trigger {
        case .event(let matches): matches(event)
        case .descriptor(let descriptor): (event as? String).map(descriptor.matches) ?? false
        default: false
        }
      }
    }
  }
}
