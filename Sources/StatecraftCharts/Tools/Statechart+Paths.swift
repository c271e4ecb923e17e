extension Statechart {
  /// The shortest path, over `events`, from the initial snapshot to each snapshot the chart can
  /// reach (XState's `getShortestPaths`): one path per reachable configuration and context, found
  /// breadth first, so each uses as few events as possible.
  ///
  /// ```swift
  /// let player = Statechart<String, String, EmptyChartContext>("player", initial: "idle", context: .init()) {
  ///   StateNode("idle") { OnEvent("play", target: "active") }
  ///   StateNode("active", initial: "playing") {
  ///     StateNode("playing") { OnEvent("pause", target: "paused") }
  ///     StateNode("paused") { OnEvent("play", target: "playing") }
  ///     OnEvent("stop", target: "idle")
  ///   }
  /// }
  /// let paths = player.shortestPaths(events: ["play", "pause", "stop"])
  /// print(paths.map(\.description))
  /// // ["[idle]", "[idle] → play → [active, playing]", …]
  /// ```
  ///
  /// - Parameters:
  ///   - events: The events to try in each snapshot.
  ///   - limit: The most paths to return: a context that grows around a cycle (a counter) makes
  ///     the snapshots, and so the paths, endless.
  ///   - key: What makes two snapshots the same. The overload without `by:` uses their
  ///     configuration and context, or the configuration alone when the context is not `Hashable`.
  public func shortestPaths<Key: Hashable>(
    events: [Event], limit: Int = 10_000, by key: (ChartSnapshot<ID, Event, Context>) -> Key
  ) -> [ChartPath<ID, Event, Context>] {
    let start = initialTransition().snapshot
    var paths = [ChartPath(start: start, steps: [])]
    var seen: Set<Key> = [key(start)]
    var frontier = 0
    while frontier < paths.count, paths.count < limit {
      let path = paths[frontier]
      frontier += 1
      for event in events {
        let step = transition(from: path.snapshot, on: event)
        guard paths.count < limit, step.handled, seen.insert(key(step.snapshot)).inserted else { continue }
        paths.append(
          ChartPath(start: start, steps: path.steps + [.init(event: event, snapshot: step.snapshot)]))
      }
    }
    return paths
  }

  /// Every path over `events` that visits no snapshot twice, from the initial snapshot to each
  /// snapshot the chart can reach (XState's `getSimplePaths`), depth first. Their number grows
  /// quickly with the chart: `limit` caps it.
  ///
  /// ```swift
  /// let checkout = Statechart<String, String, EmptyChartContext>("checkout", initial: "cart", context: .init()) {
  ///   StateNode("cart") {
  ///     OnEvent("ship", target: "shipping")
  ///     OnEvent("pay", target: "payment")   // paying straight from the cart: a download
  ///   }
  ///   StateNode("shipping") { OnEvent("pay", target: "payment") }
  ///   StateNode("payment") { OnEvent("confirm", target: "done") }
  ///   StateNode("done")
  /// }
  /// let paths = checkout.simplePaths(events: ["ship", "pay", "confirm"], by: \.configuration)
  /// print(paths.count)   // 6: to cart (empty), to shipping, and two each to payment and done
  /// print(paths[3])      // [cart] → ship → [shipping] → pay → [payment] → confirm → [done]
  /// ```
  ///
  /// - Parameters:
  ///   - events: The events to try in each snapshot.
  ///   - limit: The most paths to return.
  ///   - key: What makes two snapshots the same. The overload without `by:` uses their
  ///     configuration and context, or the configuration alone when the context is not `Hashable`.
  public func simplePaths<Key: Hashable>(
    events: [Event], limit: Int = 10_000, by key: (ChartSnapshot<ID, Event, Context>) -> Key
  ) -> [ChartPath<ID, Event, Context>] {
    let start = initialTransition().snapshot
    var paths = [ChartPath(start: start, steps: [])]
    var visited: Set<Key> = [key(start)]
    var steps: [ChartPath<ID, Event, Context>.Step] = []
    func walk(from snapshot: ChartSnapshot<ID, Event, Context>) {
      for event in events {
        guard paths.count < limit else { return }
        let step = transition(from: snapshot, on: event)
        let stepKey = key(step.snapshot)
        guard step.handled, !visited.contains(stepKey) else { continue }
        visited.insert(stepKey)
        steps.append(.init(event: event, snapshot: step.snapshot))
        paths.append(ChartPath(start: start, steps: steps))
        walk(from: step.snapshot)
        steps.removeLast()
        visited.remove(stepKey)
      }
    }
    walk(from: start)
    return paths
  }
}

/// What tells two snapshots apart for paths: the active states, and the context when its type is
/// `Hashable`.
struct ChartPathKey<ID: Hashable>: Hashable {
  let configuration: [ID]
  let context: AnyHashable?
}

extension Statechart {
  /// The shortest path to each reachable configuration and context; to each configuration alone
  /// when the context's type is not `Hashable`, which is checked at run time, so that generic
  /// callers get the same paths. See ``shortestPaths(events:limit:by:)``.
  public func shortestPaths(events: [Event], limit: Int = 10_000) -> [ChartPath<ID, Event, Context>] {
    shortestPaths(events: events, limit: limit, by: Self.pathKey())
  }

  /// Every simple path to each reachable configuration and context; to each configuration alone
  /// when the context's type is not `Hashable`, which is checked at run time. See
  /// ``simplePaths(events:limit:by:)``.
  public func simplePaths(events: [Event], limit: Int = 10_000) -> [ChartPath<ID, Event, Context>] {
    simplePaths(events: events, limit: limit, by: Self.pathKey())
  }

  /// The key of a snapshot: its configuration, and its context when the context's type is
  /// `Hashable`, decided once for the search.
  private static func pathKey() -> (ChartSnapshot<ID, Event, Context>) -> ChartPathKey<ID> {
    guard Context.self is any Hashable.Type else {
      return { ChartPathKey(configuration: $0.configuration, context: nil) }
    }
    return { snapshot in
      // Checked above: the context's type is Hashable.
      let context = snapshot.context as! any Hashable
      return ChartPathKey(configuration: snapshot.configuration, context: AnyHashable(context))
    }
  }
}
