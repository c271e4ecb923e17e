#if Durable
  import DequeModule
  import Statecraft

  /// The effects of a durable store's committed steps, running in this process, and the actions
  /// they send, committed one at a time in the order they were sent.
  ///
  /// Each instance with an effect running has an ``EffectScope`` of its own, so that effect ids
  /// and cancellation stay within the instance; the scope is dropped when its last effect ends, so
  /// that instances that once ran an effect keep nothing in memory.
  final class DurableStoreEffects<Action: Sendable>: Sendable {
    /// Commits one action that an effect sent.
    typealias Delivery = @Sendable () async -> Void

    private struct State {
      var scopes: [String: (scope: EffectScope, running: Int)] = [:]
      var pending = Deque<Delivery>()
      var isDelivering = false
      /// Effects running and actions waiting or being committed: ``settle()`` waits for zero.
      var busy = 0
      var settleWaiters: [CheckedContinuation<Void, Never>] = []

      mutating func idle() -> [CheckedContinuation<Void, Never>] {
        busy -= 1
        guard busy == 0 else { return [] }
        defer { settleWaiters.removeAll() }
        return settleWaiters
      }
    }

    private let state = CriticalState(State())
    /// Makes the context of a new instance scope: its owner's name, diagnostics and inspectors.
    let makeContext: @Sendable () -> OwnerServices

    init(makeContext: @escaping @Sendable () -> OwnerServices) {
      self.makeContext = makeContext
    }

    /// Starts `effect`, which instance `id`'s step `eventID` returned. `commit` commits each
    /// action it sends as a step of its own, with an event id made from `eventID` and the
    /// action's place among them, one at a time, in the order sent.
    @MainActor
    func start(
      _ effect: Effect<Action>, of id: String, eventID: String, callSite: CallSite,
      commit: @escaping @Sendable (Action, _ eventID: String) async -> Void
    ) {
      let scope = state.withLock { state -> EffectScope in
        let scope = state.scopes[id]?.scope ?? EffectScope(context: makeContext())
        state.scopes[id] = (scope, (state.scopes[id]?.running ?? 0) + 1)
        state.busy += 1
        return scope
      }
      let numbering = DeliveryNumbering()
      let group = effect.startDetached(in: scope, callSite: callSite) { [self] action in
        let actionID = DurableEventID.effectAction(of: eventID, number: numbering.next())
        enqueue { await commit(action, actionID) }
      }
      guard let group else { return ended(id) }
      Task { [self] in
        await group.finish()
        ended(id)
      }
    }

    /// How many instances have an effect running, and so a scope in memory.
    var instancesWithEffects: Int { state.withLock { $0.scopes.count } }

    /// Waits until no effect runs and every action they sent is committed (or reported).
    func settle() async {
      await withCheckedContinuation { continuation in
        let done = state.withLock { state in
          if state.busy == 0 { return true }
          state.settleWaiters.append(continuation)
          return false
        }
        if done { continuation.resume() }
      }
    }

    /// Cancels every effect running: the runtime is going away.
    func cancelAll() {
      let scopes = state.withLock { state in state.scopes.values.map(\.scope) }
      for scope in scopes { scope.close() }
    }

    private func ended(_ id: String) {
      let waiters = state.withLock { state in
        if let entry = state.scopes[id] {
          state.scopes[id] = entry.running > 1 ? (entry.scope, entry.running - 1) : nil
        }
        return state.idle()
      }
      for waiter in waiters { waiter.resume() }
    }

    private func enqueue(_ delivery: @escaping Delivery) {
      let startsDelivering = state.withLock { state -> Bool in
        state.pending.append(delivery)
        state.busy += 1
        defer { state.isDelivering = true }
        return !state.isDelivering
      }
      guard startsDelivering else { return }
      Task { [self] in await deliverPending() }
    }

    /// Commits the waiting actions one at a time, in order, until none waits.
    private func deliverPending() async {
      while let delivery = state.withLock({ state -> Delivery? in
        guard let next = state.pending.popFirst() else {
          state.isDelivering = false
          return nil
        }
        return next
      }) {
        await delivery()
        let waiters = state.withLock { $0.idle() }
        for waiter in waiters { waiter.resume() }
      }
    }
  }

  /// Numbers the actions of one effect, on the main actor where they arrive.
  @MainActor
  private final class DeliveryNumbering {
    private var last = 0

    func next() -> Int {
      last += 1
      return last
    }
  }
#endif
