#if Durable
  import Statecraft
  import StatecraftEngine

  /// The invocations a durable runtime runs in this process: one task per instance and
  /// invocation, started when a step enters the invocation's state or when the instance is loaded
  /// with that state active, and cancelled when a step exits it or the runtime is released.
  final class DurableInvocations<ID: Hashable & Sendable>: Sendable {
    struct Key: Hashable, Sendable {
      let instance: String
      let invocation: ChartInvocationID<ID>
    }

    private struct Running {
      var tasks: [Key: (token: UInt64, task: Task<Void, Never>)] = [:]
      var nextToken: UInt64 = 0
    }

    private let running = CriticalState(Running())

    deinit {
      cancelAll()
    }

    /// Starts `operation` for `key` unless it runs already; `true` if it started it. `operation` is
    /// given whether it was cancelled: cancelled, replaced by another start for `key`, or stopped
    /// with every invocation, whatever task asks.
    @discardableResult
    func start(
      _ key: Key, replacing: Bool,
      _ operation: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) async -> Void
    ) -> Bool {
      running.withLock { running in
        if let current = running.tasks[key] {
          guard replacing else { return false }
          current.task.cancel()
        }
        running.nextToken += 1
        let token = running.nextToken
        // The task takes the lock only once it runs, after this insertion.
        let task = Task { [weak self] in
          await operation { [weak self] in self?.isCancelled(key, token: token) ?? true }
          self?.finished(key, token: token)
        }
        running.tasks[key] = (token, task)
        return true
      }
    }

    /// Whether the run `token` of `key` was cancelled: it is no longer the one registered.
    private func isCancelled(_ key: Key, token: UInt64) -> Bool {
      running.withLock { $0.tasks[key]?.token != token }
    }

    func cancel(_ key: Key) {
      running.withLock { $0.tasks.removeValue(forKey: key) }?.task.cancel()
    }

    func cancelAll() {
      for entry in running.withLock({ running in
        defer { running.tasks = [:] }; return running.tasks.values
      }) {
        entry.task.cancel()
      }
    }

    var count: Int { running.withLock { $0.tasks.count } }

    /// Waits until no invocation runs, including those that the ones running start.
    func settle() async {
      while let task = running.withLock({ $0.tasks.values.first?.task }) {
        // A task removes itself as it ends.
        await task.value
      }
    }

    private func finished(_ key: Key, token: UInt64) {
      running.withLock { running in
        if running.tasks[key]?.token == token { running.tasks[key] = nil }
      }
    }
  }
#endif
