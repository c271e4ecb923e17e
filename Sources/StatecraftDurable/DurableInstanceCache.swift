#if Durable
  import DequeModule
  import StatecraftEngine

  /// The instances a runtime touched last, at most `limit` of them: a million instances in the
  /// database are not a million in memory. Evicts the oldest entered first.
  final class DurableInstanceCache<Snapshot: Sendable>: Sendable {
    struct Entry: Sendable {
      var version: Int64
      var snapshot: Snapshot
      var createdAt: Int64
    }

    private struct State {
      var entries: [String: Entry] = [:]
      var order = Deque<String>()
    }

    let limit: Int
    private let state = CriticalState(State())

    init(limit: Int) {
      self.limit = max(0, limit)
    }

    var count: Int { state.withLock { $0.entries.count } }

    func entry(_ id: String) -> Entry? {
      state.withLock { $0.entries[id] }
    }

    func put(_ id: String, _ entry: Entry) {
      guard limit > 0 else { return }
      state.withLock { state in
        if state.entries.updateValue(entry, forKey: id) == nil { state.order.append(id) }
        while state.entries.count > limit, let oldest = state.order.popFirst() {
          state.entries[oldest] = nil
        }
      }
    }

    func remove(_ id: String) {
      state.withLock { state in
        if state.entries.removeValue(forKey: id) != nil { state.order.removeAll { $0 == id } }
      }
    }
  }
#endif
