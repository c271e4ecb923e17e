
/// Owns the effects of one store or machine: starts them as tasks, cancels them by id, and
/// cancels all of them when the owner goes away.
///
/// It is the thin storage class around ``EffectRegistry``: every decision is made by the registry
/// under the lock, and cancellation runs after the lock is released.
final class EffectScope: Sendable {
  private let registry = CriticalState(EffectRegistry())
  /// Where effect failures go.
  let diagnostics: DiagnosticHandler
  /// The owner's name, for diagnostics.
  let ownerName: String

  init(ownerName: String, diagnostics: DiagnosticHandler) {
    self.ownerName = ownerName
    self.diagnostics = diagnostics
  }

  deinit {
    cancelAll()
  }

  /// Starts `operation` in a new task, registered under `id`.
  ///
  /// With `cancelInFlight`, effects already running under `id` are cancelled first.
  /// Returns `nil`, and starts nothing, once ``cancelAll()`` has closed the scope.
  @discardableResult
  func start(
    id: EffectID? = nil,
    cancelInFlight: Bool = false,
    priority: TaskPriority? = nil,
    group: EffectGroup?,
    operation: @escaping @Sendable (EffectHandle) async -> Void
  ) -> EffectHandle? {
    let handle = EffectHandle(id: id, group: group)
    guard let replaced = registry.withLock({ $0.register(handle, cancelInFlight: cancelInFlight) })
    else { return nil }
    for old in replaced { old.cancel() }
    group?.add(handle)
    // Created in this nonisolated method, so the task does not inherit the caller's actor: an
    // effect runs on the global executor and hops to its owner only to deliver.
    let task = Task(priority: priority) {
      await operation(handle)
      self.finished(handle)
    }
    handle.attach(task)
    return handle
  }

  /// Registers a handle for a task the caller starts itself (a throttled effect's wait).
  func register(_ handle: EffectHandle) -> Bool {
    registry.withLock { $0.register(handle, cancelInFlight: false) } != nil
  }

  /// Starts a task for a handle that ``register(_:)`` accepted.
  func run(
    _ handle: EffectHandle, priority: TaskPriority? = nil,
    operation: @escaping @Sendable (EffectHandle) async -> Void
  ) {
    handle.group?.add(handle)
    let task = Task(priority: priority) {
      await operation(handle)
      self.finished(handle)
    }
    handle.attach(task)
  }

  /// Cancels every effect running under `id`.
  func cancel(id: EffectID) {
    for handle in registry.withLock({ $0.cancel(id: id) }) { handle.cancel() }
  }

  /// Cancels every effect and refuses new ones. Called when the owner is released.
  func cancelAll() {
    for handle in registry.withLock({ $0.close() }) { handle.cancel() }
  }

  /// Reads and updates the throttle window of `id` under the lock.
  func withThrottleWindow<R: Sendable>(
    _ id: EffectID, _ body: (inout EffectRegistry.ThrottleWindow?) -> R
  ) -> R {
    registry.withLock { $0.withThrottleWindow(id, body) }
  }

  /// Waits until no effect is running, including effects started while it waits. Cancelled
  /// effects deliver nothing and are not waited for, even if their operation still runs.
  func waitUntilIdle() async {
    while true {
      let handles = registry.withLock { $0.liveHandles }
      if handles.isEmpty { return }
      for handle in handles { await handle.completion() }
    }
  }

  /// Whether an effect is running under `id`.
  func isRunning(id: EffectID) -> Bool {
    registry.withLock { $0.isRunning(id: id) }
  }

  /// Reports an error that an effect threw and nothing caught.
  func reportFailure(_ error: any Error) {
    diagnostics.report(
      Diagnostic(
        kind: .effectFailed,
        message: "An effect threw \(error). Catch it in the effect, or pass `catch:` to `.run`.",
        source: ownerName, error: error))
  }

  private func finished(_ handle: EffectHandle) {
    registry.withLock { $0.unregister(handle) }
    handle.finished()
  }
}
