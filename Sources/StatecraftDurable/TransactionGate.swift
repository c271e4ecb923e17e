#if Durable
  import DequeModule
  import StatecraftEngine

  /// Lets one transaction at a time use a connection, in the order they asked: an asynchronous
  /// mutex. An actor would not do: its methods let others in at every `await`, in the middle of a
  /// transaction.
  package final class TransactionGate: Sendable {
    package init() {}

    private struct State {
      var isHeld = false
      var waiters = Deque<CheckedContinuation<Void, Never>>()
    }

    private let state = CriticalState(State())

    /// Runs `body` alone.
    package func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
      await acquire()
      defer { release() }
      return try await body()
    }

    private func acquire() async {
      await withCheckedContinuation { continuation in
        let acquired = state.withLock { state in
          if state.isHeld {
            state.waiters.append(continuation)
            return false
          }
          state.isHeld = true
          return true
        }
        if acquired { continuation.resume() }
      }
    }

    private func release() {
      let next = state.withLock { state in
        guard let next = state.waiters.popFirst() else {
          state.isHeld = false
          return CheckedContinuation<Void, Never>?.none
        }
        return next
      }
      next?.resume()
    }
  }
#endif
