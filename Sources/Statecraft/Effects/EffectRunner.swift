/// Interprets effect values for one owner.
///
/// ``start(_:group:followUp:)`` runs when a reducer returns: it handles `.send` and `.cancel` at
/// once, in order, and starts a task for each asynchronous part. ``perform(_:in:)`` runs an effect
/// inside such a task. Every task is registered with the owner's ``EffectScope``, so ids, releasing
/// the owner and ``StoreTask`` all reach it.
struct EffectRunner<Action: Sendable>: Sendable {
  let scope: EffectScope
  /// Hands an action from an effect to the owner, with the group of the `send` it belongs to.
  let deliver: @MainActor @Sendable (Action, EffectGroup?) -> Void

  /// Starts an effect that a reducer returned.
  ///
  /// - Parameters:
  ///   - group: The group of the `send` being processed; created when the first task starts.
  ///   - followUp: Receives each synchronous `.send` action, to be processed in this same `send`.
  func start(_ effect: Effect<Action>, group: inout EffectGroup?, followUp: (Action) -> Void) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      followUp(action)
    case .merge(let effects):
      for effect in effects { start(effect, group: &group, followUp: followUp) }
    case .cancel(let id):
      scope.cancel(id: id)
    case .cancellable(let inner, let id, let cancelInFlight):
      scope.start(
        id: id, cancelInFlight: cancelInFlight, priority: inner.priority,
        group: Self.existing(&group)
      ) { handle in await perform(inner, in: handle) }
    case .throttle(let inner, let policy):
      startThrottled(inner, policy, group: Self.existing(&group))
    case .run, .concatenate:
      scope.start(priority: effect.priority, group: Self.existing(&group)) { handle in
        await perform(effect, in: handle)
      }
    }
  }

  /// Runs an effect inside the task of `handle`, and returns when it has finished.
  func perform(_ effect: Effect<Action>, in handle: EffectHandle) async {
    guard !handle.isCancelled else { return }
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await send(for: handle)(action)
    case .run(let run):
      let send = send(for: handle)
      do {
        try await run.operation(send)
      } catch {
        // A cancelled effect's errors are the cancellation's echo, not failures.
        guard !(error is CancellationError), !handle.isCancelled, !Task.isCancelled else { return }
        if let handleError = run.handleError {
          await handleError(error, send)
        } else {
          scope.reportFailure(error)
        }
      }
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { tasks in
        for effect in effects {
          tasks.addTask { await perform(effect, in: handle) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        guard !handle.isCancelled, !Task.isCancelled else { return }
        await perform(effect, in: handle)
      }
    case .cancel(let id):
      scope.cancel(id: id)
    case .cancellable(let inner, let id, let cancelInFlight):
      let child = scope.start(
        id: id, cancelInFlight: cancelInFlight, priority: inner.priority, group: handle.group
      ) { child in await perform(inner, in: child) }
      await waitForChild(child)
    case .throttle(let inner, let policy):
      await waitForChild(startThrottled(inner, policy, group: handle.group))
    }
  }

  /// A `Send` that delivers only while `handle` is not cancelled.
  private func send(for handle: EffectHandle) -> Send<Action> {
    Send { [deliver] action in
      guard !handle.isCancelled else { return }
      deliver(action, handle.group)
    }
  }

  /// Waits for a child effect that has its own id, passing cancellation down to it.
  private func waitForChild(_ child: EffectHandle?) async {
    guard let child else { return }
    await withTaskCancellationHandler {
      await child.completion()
    } onCancel: {
      child.cancel()
    }
  }

  /// Starts `inner` now, after the throttle window ends, or not at all. Returns the handle of the
  /// task it started, or `nil` when the effect was dropped.
  @discardableResult
  private func startThrottled(
    _ inner: Effect<Action>, _ policy: ThrottlePolicy, group: EffectGroup?
  ) -> EffectHandle? {
    let now = policy.now()
    let decision = scope.withThrottleWindow(policy.id) { window -> ThrottleDecision in
      let pending = window?.pending.flatMap { $0.isCancelled ? nil : $0 }
      // A window whose waiting effect has not started yet is still open, even past its end:
      // otherwise a newcomer could start first and the waiting effect would be lost.
      guard var current = window, pending != nil || policy.remaining(current.lastStart) != nil
      else {
        window = .init(lastStart: now, pending: nil)
        return .startNow
      }
      if pending != nil, !policy.latest { return .drop }
      let waiting = EffectHandle(id: policy.id, group: group)
      current.pending = waiting
      window = current
      return .wait(policy.remaining(current.lastStart) ?? .zero, waiting, replacing: pending)
    }
    switch decision {
    case .drop:
      return nil
    case .startNow:
      return scope.start(id: policy.id, priority: inner.priority, group: group) { handle in
        await perform(inner, in: handle)
      }
    case .wait(let delay, let waiting, let replaced):
      replaced?.cancel()
      guard scope.register(waiting) else { return nil }
      scope.run(waiting, priority: inner.priority) { handle in
        do { try await policy.sleep(delay) } catch { return }
        let fired = scope.withThrottleWindow(policy.id) { window -> Bool in
          guard !handle.isCancelled, window?.pending === handle else { return false }
          window?.pending = nil
          window?.lastStart = policy.now()
          return true
        }
        if fired { await perform(inner, in: handle) }
      }
      return waiting
    }
  }

  private static func existing(_ group: inout EffectGroup?) -> EffectGroup {
    if let group { return group }
    let created = EffectGroup()
    group = created
    return created
  }
}

/// What a throttled effect does when it arrives.
private enum ThrottleDecision: Sendable {
  /// The window had ended: start now and open a new one.
  case startNow
  /// Wait for the window to end, replacing the effect that waited before, if any.
  case wait(Duration, EffectHandle, replacing: EffectHandle?)
  /// Another effect already waits and `latest` is false.
  case drop
}

extension Effect {
  /// The priority of the task that runs this effect: the one its `.run` asked for.
  var priority: TaskPriority? {
    switch operation {
    case .run(let run): run.priority
    case .cancellable(let inner, _, _), .throttle(let inner, _): inner.priority
    default: nil
    }
  }
}
