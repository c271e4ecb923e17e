/// Interprets effect values for one store.
///
/// ``start(_:group:callSite:followUp:)`` runs when a reducer returns: it handles `.send` and `.cancel` at
/// once, in order, and starts a task for each asynchronous part. ``perform(_:in:scope:)`` runs an effect
/// inside such a task. Every task is started through the owner's ``EffectScope``, so ids, throttle
/// windows, releasing the owner, inspectors and ``StoreTask`` all reach it, and so do its errors:
/// the scope's one error path reports them at the effect's call site.
///
/// A class: a store keeps one optional reference to it, 8 bytes, made with its first effect.
@usableFromInline
final class EffectRunner<Action: Sendable>: Sendable {
  let scope: EffectScope
  /// Hands an action from an effect to the store, with the effect that sent it.
  let deliver: @MainActor @Sendable (Action, EffectHandle) -> Void

  @usableFromInline
  init(scope: EffectScope, deliver: @escaping @MainActor @Sendable (Action, EffectHandle) -> Void) {
    self.scope = scope
    self.deliver = deliver
  }

  /// Starts an effect that a reducer returned.
  ///
  /// - Parameters:
  ///   - group: The group of the `send` being processed; created when the first task starts.
  ///   - callSite: The line of that `send`, where what the reducer found wrong is reported.
  ///   - followUp: Receives each synchronous `.send` action, to be processed in this same `send`.
  @usableFromInline
  func start(
    _ effect: Effect<Action>, group: inout EffectGroup?, callSite: CallSite?,
    followUp: (Action) -> Void
  ) {
    start(effect, in: scope, group: &group, callSite: callSite, followUp: followUp)
  }

  private func start(
    _ effect: Effect<Action>, in scope: EffectScope, group: inout EffectGroup?,
    callSite: CallSite?, followUp: (Action) -> Void
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      followUp(action)
    case .merge(let effects):
      for effect in effects {
        start(effect, in: scope, group: &group, callSite: callSite, followUp: followUp)
      }
    case .cancel(let id):
      scope.cancel(id: id)
    case .cancellable(let inner, let id, let cancelInFlight):
      let inner = inner.armed()
      scope.start(
        id: id, cancelInFlight: cancelInFlight, priority: inner.priority,
        group: Self.existing(&group), callSite: inner.callSite
      ) { handle in await self.perform(inner, in: handle, scope: scope) }
    case .throttle(let inner, let policy):
      startThrottled(inner, policy, in: scope, group: Self.existing(&group), parent: nil)
    case .run, .concatenate, .delay:
      let effect = effect.armed()
      scope.start(priority: effect.priority, group: Self.existing(&group), callSite: effect.callSite) {
        handle in await self.perform(effect, in: handle, scope: scope)
      }
    case .child(let inner, let key):
      // A child whose parent's scope is closed starts nothing; one that only stops work needs a
      // scope only if it has one already.
      guard let child = inner.onlyStops ? scope.existingChild(key) : scope.child(key) else {
        return
      }
      start(inner, in: child, group: &group, callSite: callSite, followUp: followUp)
    case .endChildren(let paths):
      for path in paths { scope.endChild(at: path) }
    case .report(let report):
      scope.context.report(report.kind, report.message, callSite: report.callSite ?? callSite, error: report.error)
    }
  }

  /// Runs an effect inside the task of `handle`, and returns when it has finished. It runs where
  /// that task runs: on the main actor, for a store.
  nonisolated(nonsending) func perform(
    _ effect: Effect<Action>, in handle: EffectHandle, scope: EffectScope
  ) async {
    guard !handle.isCancelled else { return }
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await send(for: handle)(action)
    case .run(let run):
      let send = send(for: handle)
      var handler: (@Sendable (any Error) async -> Void)?
      if let handleError = run.handleError {
        handler = { @Sendable error in await handleError(error, send) }
      }
      await scope.run({ try await run.operation(send) }, in: handle, catch: handler)
    case .delay(let delay):
      await scope.run({ try await delay.wait() }, in: handle)
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { tasks in
        for effect in effects {
          tasks.addTask { await self.perform(effect, in: handle, scope: scope) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        guard !handle.isCancelled, !Task.isCancelled else { return }
        await perform(effect, in: handle, scope: scope)
      }
    case .cancel(let id):
      scope.cancel(id: id)
    case .cancellable(let inner, let id, let cancelInFlight):
      let inner = inner.armed()
      let child = scope.start(
        id: id, cancelInFlight: cancelInFlight, priority: inner.priority, group: handle.group,
        parent: handle, callSite: inner.callSite
      ) { child in await self.perform(inner, in: child, scope: scope) }
      await waitForChild(child)
    case .throttle(let inner, let policy):
      await waitForChild(
        startThrottled(inner, policy, in: scope, group: handle.group, parent: handle))
    case .child(let inner, let key):
      guard let childScope = scope.child(key) else { return }
      let inner = inner.armed()
      let child = childScope.start(
        priority: inner.priority, group: handle.group, parent: handle, callSite: inner.callSite
      ) { child in await self.perform(inner, in: child, scope: childScope) }
      await waitForChild(child)
    case .endChildren(let paths):
      for path in paths { scope.endChild(at: path) }
    case .report(let report):
      scope.context.report(
        report.kind, report.message, callSite: report.callSite ?? handle.callSite, error: report.error)
    }
  }

  /// A `Send` that delivers only while `handle` is not cancelled.
  private func send(for handle: EffectHandle) -> Send<Action> {
    Send(
      { [deliver] action in
        guard !handle.isCancelled else { return }
        deliver(action, handle)
      }, effect: handle)
  }

  /// Waits for a child effect that has its own id. The child is linked to its parent, so
  /// cancelling the parent has already cancelled it; this only waits.
  nonisolated(nonsending) private func waitForChild(_ child: EffectHandle?) async {
    await child?.completion()
  }

  @discardableResult
  private func startThrottled(
    _ inner: Effect<Action>, _ policy: ThrottlePolicy, in scope: EffectScope, group: EffectGroup?,
    parent: EffectHandle?
  ) -> EffectHandle? {
    scope.throttle(
      id: policy.id, interval: policy.interval, clock: policy.clock, latest: policy.latest,
      priority: inner.priority, group: group, parent: parent,
      callSite: inner.callSite ?? policy.callSite
    ) {
      // Called when the effect starts, now or when its window ends: its timers count from then.
      let inner = inner.armed()
      return { handle in await self.perform(inner, in: handle, scope: scope) }
    }
  }

  private static func existing(_ group: inout EffectGroup?) -> EffectGroup {
    if let group { return group }
    let created = EffectGroup()
    group = created
    return created
  }
}

extension Effect {
  /// Whether this effect only cancels or ends work: it needs no scope of its own to run in.
  var onlyStops: Bool {
    switch operation {
    case .none, .cancel, .endChildren: true
    case .merge(let effects): effects.allSatisfy(\.onlyStops)
    default: false
    }
  }

  /// The priority of the task that runs this effect: the one its `.run` asked for.
  var priority: TaskPriority? {
    switch operation {
    case .run(let run): run.priority
    case .cancellable(let inner, _, _), .throttle(let inner, _), .child(let inner, _): inner.priority
    default: nil
    }
  }

  /// Where this effect's work was written: the first `.run`, `.task` or `.stream` in it.
  var callSite: CallSite? {
    switch operation {
    case .run(let run): run.callSite
    case .cancellable(let inner, _, _), .child(let inner, _): inner.callSite
    case .throttle(let inner, let policy): inner.callSite ?? policy.callSite
    case .merge(let effects), .concatenate(let effects): effects.lazy.compactMap(\.callSite).first
    case .none, .send, .cancel, .delay, .endChildren, .report: nil
    }
  }
}
