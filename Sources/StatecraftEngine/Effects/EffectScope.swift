/// Owns the effects of one owner (a store, a machine, or one visit of a state): starts them as tasks,
/// cancels them by id, runs throttle windows, and cancels everything when the owner goes away.
///
/// It is the thin storage class around ``EffectRegistry``: every decision is made by the registry
/// under one lock, and tasks are started and cancelled after the lock is released. It is also the
/// one error path of the engine: ``run(_:in:catch:)`` turns what an effect throws into a
/// diagnostic at the effect's call site, or hands it to the effect's own handler, and treats
/// cancellation as no error.
@usableFromInline
package final class EffectScope: Sendable {
  private let registry = CriticalState(EffectRegistry())
  package let context: OwnerServices
  /// Whether effect tasks start on the main actor, the owner's: for a main-actor owner, whose
  /// effects deliver there. Work the effect awaits that is not main-actor code still runs off it.
  private let startsOnMainActor: Bool

  /// - Parameter startsOnMainActor: Whether effect tasks start on the main actor. Under a test
  ///   store (when the owner prefers a task executor), they start on that executor instead, so
  ///   that all their work but what they deliver to the owner runs where the test store sees it.
  package init(context: OwnerServices, startsOnMainActor: Bool = false) {
    self.context = context
    self.startsOnMainActor = startsOnMainActor && context.executor == nil
  }

  /// A child feature's scope: its effects start where the parent's do.
  private init(childOf parent: EffectScope) {
    self.context = parent.context
    self.startsOnMainActor = parent.startsOnMainActor
  }

  deinit {
    close()
  }

  /// Starts `operation` in a new task, registered under `id`.
  ///
  /// - Parameters:
  ///   - cancelInFlight: Cancel the effects already running under `id` first.
  ///   - group: The message whose effects this one joins, if anyone tracks them.
  ///   - parent: The running effect this one is started from: cancelling the parent cancels it.
  ///   - immediately: Run `operation` on the caller's thread until it first suspends, where the
  ///     platform can (Linux; Apple platforms from macOS 26, iOS 26): a timer's sleep is then
  ///     registered with its clock before `start` returns.
  ///   - handler: Receives what `operation` throws, instead of the diagnostics handler.
  /// - Returns: The effect's handle, or `nil` when nothing started: the scope is closed, or the
  ///   parent was cancelled.
  @usableFromInline @discardableResult
  package func start(
    id: EffectID? = nil,
    cancelInFlight: Bool = false,
    priority: TaskPriority? = nil,
    group: EffectGroup? = nil,
    parent: EffectHandle? = nil,
    immediately: Bool = false,
    callSite: CallSite?,
    operation: nonisolated(nonsending) @escaping @Sendable (EffectHandle) async throws -> Void,
    catch handler: (@Sendable (any Error) async -> Void)? = nil
  ) -> EffectHandle? {
    guard parent?.isCancelled != true else { return nil }
    let handle = makeHandle(id: id, group: group, callSite: callSite)
    guard let replaced = registry.withLock({ $0.register(handle, cancelInFlight: cancelInFlight) })
    else { return nil }
    for old in replaced { old.cancel() }
    guard adopt(handle, by: parent) else { return nil }
    spawn(handle, priority: priority, immediately: immediately) { handle in
      await self.run({ try await operation(handle) }, in: handle, catch: handler)
    }
    return handle
  }

  /// Starts an effect now, later, or not at all, so that effects under `id` start at most once
  /// per `interval` (see ``EffectRegistry``).
  ///
  /// - Parameters:
  ///   - latest: Whether a newer effect replaces the one that waits for the window to end
  ///     (`true`), or is dropped (`false`).
  ///   - prepare: Called at the moment the effect starts, now or when its window ends, and returns
  ///     the operation to run: timers in the effect count from then.
  /// - Returns: The effect's handle, or `nil` when it was dropped or nothing can start.
  @discardableResult
  package func throttle(
    id: EffectID,
    interval: Duration,
    clock: EffectClock,
    latest: Bool,
    priority: TaskPriority? = nil,
    group: EffectGroup? = nil,
    parent: EffectHandle? = nil,
    callSite: CallSite?,
    prepare: @escaping @Sendable () -> nonisolated(nonsending) @Sendable (EffectHandle) async -> Void
  ) -> EffectHandle? {
    let handle = makeHandle(id: id, group: group, callSite: callSite)
    let effect = EffectRegistry.PendingEffect(handle: handle, priority: priority, prepare: prepare)
    let windowEnd = clock.deadline(after: interval)
    let action = registry.withLock {
      $0.throttle(id: id, latest: latest, effect: effect, interval: interval, windowEnd: windowEnd)
    }
    switch action {
    case .closed, .drop:
      return nil
    case .startNow(let token):
      guard adopt(handle, by: parent) else { return nil }
      spawn(handle, priority: priority, operation: prepare())
      startWindowTimer(id: id, token: token, end: windowEnd, clock: clock)
    case .wait(let replaced):
      replaced?.cancel()
      guard adopt(handle, by: parent) else { return nil }
      context.emit(.effectStarted(handle.inspected))
      group?.add(handle)
    }
    return handle
  }

  /// Cancels every effect running under `id`.
  package func cancel(id: EffectID) {
    for handle in registry.withLock({ $0.cancel(id: id) }) { handle.cancel() }
  }

  /// Cancels every effect running now, children's included; later effects start as usual. For
  /// tests.
  package func cancelAll() {
    let (handles, children) = registry.withLock { ($0.liveHandles, $0.childScopes) }
    for handle in handles { handle.cancel() }
    for child in children { child.cancelAll() }
  }

  /// Cancels every effect and window timer, closes every child's scope, and refuses new effects.
  /// Called when the owner goes away, when a state's visit ends, or when a child feature ends.
  package func close() {
    let closed = registry.withLock { $0.close() }
    for handle in closed.effects { handle.cancel() }
    for timer in closed.windowTimers { timer.cancel() }
    for child in closed.children { child.close() }
  }

  // MARK: Child features

  /// The scope that the child feature `key` runs its effects in, made with its first effect.
  /// `nil` once this scope is closed.
  ///
  /// Ids are scoped to it: a child's `.cancel(id)` reaches only that child's effects.
  package func child(_ key: ChildScopeKey) -> EffectScope? {
    registry.withLock { $0.child(key) { EffectScope(childOf: self) } }
  }

  /// Ends the child feature `key`: cancels its effects, and its children's, and forgets its
  /// scope. What they were about to deliver is dropped, as for any cancelled effect. A child that
  /// comes back later gets a new scope.
  package func endChild(_ key: ChildScopeKey) {
    registry.withLock { $0.removeChild(key) }?.close()
  }

  /// Ends the child at `path`, a path of child scopes from this one. Nothing happens if a scope on
  /// the way does not exist: no effect was started there.
  package func endChild(at path: [ChildScopeKey]) {
    guard let last = path.last else { return }
    var scope = self
    for key in path.dropLast() {
      guard let next = scope.existingChild(key) else { return }
      scope = next
    }
    scope.endChild(last)
  }

  /// The scope of the child `key`, if it has one.
  package func existingChild(_ key: ChildScopeKey) -> EffectScope? {
    registry.withLock { $0.existingChild(key) }
  }

  /// How many child scopes exist under this one, at every depth. For tests.
  package var childScopeCount: Int {
    let children = registry.withLock { $0.childScopes }
    return children.reduce(children.count) { $0 + $1.childScopeCount }
  }

  /// How many effects run in this scope and its children that were not cancelled. For tests.
  package var liveEffectCount: Int {
    let (handles, children) = registry.withLock { ($0.liveHandles, $0.childScopes) }
    return children.reduce(handles.count) { $0 + $1.liveEffectCount }
  }

  /// Runs an effect's operation inside its task: the one error path of the engine.
  ///
  /// An error goes to `handler` if there is one, else to the diagnostics handler, reported at the
  /// effect's call site. `CancellationError`, and anything thrown once the effect or its task was
  /// cancelled, is the cancellation's echo, not a failure, and reaches neither.
  nonisolated(nonsending) package func run(
    _ operation: nonisolated(nonsending) () async throws -> Void,
    in handle: EffectHandle,
    catch handler: (@Sendable (any Error) async -> Void)? = nil
  ) async {
    do {
      try await operation()
    } catch {
      guard !(error is CancellationError), !handle.isCancelled, !Task.isCancelled else { return }
      if let handler {
        await handler(error)
      } else {
        context.report(
          .effectFailed,
          "An effect threw \(error). Catch it in the effect, or pass `catch:` to `.run`.",
          callSite: handle.callSite, error: error)
      }
    }
  }

  /// Waits until no effect is running, including effects started while it waits. Cancelled
  /// effects deliver nothing and are not waited for, even if their operation still runs.
  nonisolated(nonsending) package func waitUntilIdle() async {
    while true {
      let handles = liveHandles
      if handles.isEmpty { return }
      for handle in handles { await handle.completion() }
    }
  }

  /// The running effects that were not cancelled, in this scope and its children.
  private var liveHandles: [EffectHandle] {
    let (handles, children) = registry.withLock { ($0.liveHandles, $0.childScopes) }
    return children.reduce(into: handles) { $0 += $1.liveHandles }
  }

  /// Whether an effect is running under `id`.
  package func isRunning(id: EffectID) -> Bool {
    registry.withLock { $0.isRunning(id: id) }
  }

  /// How many throttle windows are open.
  package var openThrottleWindowCount: Int {
    registry.withLock { $0.openWindowCount }
  }

  /// Waits for the timers of the open throttle windows. Call it once their end has come, or it
  /// waits until it does. For tests.
  package func windowTimersSettled() async {
    for timer in registry.withLock({ $0.windowTimerTasks }) { await timer.value }
  }

  private func makeHandle(id: EffectID?, group: EffectGroup?, callSite: CallSite?) -> EffectHandle {
    EffectHandle(
      id: id, group: group, number: context.nextEffectNumber(), callSite: callSite, context: context)
  }

  /// Links a registered effect to the running effect it was started from. If that parent was
  /// cancelled meanwhile, the effect is unregistered and cancelled instead, and `false` returned.
  private func adopt(_ handle: EffectHandle, by parent: EffectHandle?) -> Bool {
    guard let parent, !parent.adopt(handle) else { return true }
    registry.withLock { $0.unregister(handle) }
    handle.cancel()
    return false
  }

  /// Starts the task of a registered handle, unless it was cancelled before it could start.
  private func spawn(
    _ handle: EffectHandle, priority: TaskPriority?, immediately: Bool = false,
    operation: nonisolated(nonsending) @escaping @Sendable (EffectHandle) async -> Void
  ) {
    context.emit(.effectStarted(handle.inspected))
    handle.group?.add(handle)
    guard !handle.isCancelled else {
      registry.withLock { $0.unregister(handle) }
      return
    }
    handle.attach(task(for: handle, priority: priority, immediately: immediately, operation: operation))
  }

  /// Starts the task that runs an effect and ends it. Created in this nonisolated method, so that
  /// it does not inherit the caller's actor: it runs on the global executor, or on the main actor
  /// for a main-actor owner. Outside every processing context: what the effect sends is never a
  /// re-entrant send of the code that started it.
  private func task(
    for handle: EffectHandle, priority: TaskPriority?, immediately: Bool,
    operation: nonisolated(nonsending) @escaping @Sendable (EffectHandle) async -> Void
  ) -> Task<Void, Never> {
    ProcessingChain.outside {
      if startsOnMainActor {
        mainActorTask(executorPreference: context.executor, priority: priority) {
          await operation(handle)
          self.finished(handle)
        }
      } else if immediately, #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        Task.immediate(priority: priority, executorPreference: context.executor) {
          await operation(handle)
          self.finished(handle)
        }
      } else {
        Task(executorPreference: context.executor, priority: priority) {
          await operation(handle)
          self.finished(handle)
        }
      }
    }
  }

  private func startWindowTimer(id: EffectID, token: UInt64, end: EffectClock.Deadline, clock: EffectClock) {
    let timer = ProcessingChain.outside {
      Task(executorPreference: context.executor) { [weak self] in
        do { try await clock.sleep(until: end) } catch { return }
        self?.windowEnded(id: id, token: token, clock: clock)
      }
    }
    if !registry.withLock({ $0.keepTimer(timer, forWindow: token) }) { timer.cancel() }
  }

  private func windowEnded(id: EffectID, token: UInt64, clock: EffectClock) {
    // The waiting effect starts now: the window it opens is measured from now.
    let end = clock.deadline(after: .zero)
    let action = registry.withLock { $0.windowEnded(id: id, token: token, now: end) }
    guard case .start(let pending, let nextToken, let nextEnd) = action else { return }
    let handle = pending.handle
    handle.attach(task(for: handle, priority: pending.priority, immediately: false, operation: pending.prepare()))
    startWindowTimer(id: id, token: nextToken, end: nextEnd, clock: clock)
  }

  private func finished(_ handle: EffectHandle) {
    registry.withLock { $0.unregister(handle) }
    handle.finished()
  }
}

/// Starts `operation` on the main actor, preferring `executorPreference` for the nonisolated work
/// it awaits. Without a preference, the `@isolated(any)` initializer enqueues the task on the main
/// actor itself: it starts there, in creation order, with no hop from the global executor. The
/// executor-preference initializer has no `@isolated(any)` variant, so it is used only when needed.
private func mainActorTask(
  executorPreference: (any TaskExecutor)?, priority: TaskPriority?,
  _ operation: @escaping @MainActor @Sendable () async -> Void
) -> Task<Void, Never> {
  guard let executorPreference else { return Task(priority: priority, operation: operation) }
  return Task(executorPreference: executorPreference, priority: priority, operation: operation)
}
