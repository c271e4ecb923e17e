import Statecraft

/// A one-shot latch that async code can wait on. Waiting **ignores task cancellation**, which is
/// what the tests need to model an operation that does not cooperate.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = CriticalState(State())

  /// Suspends until ``open()``; returns at once if already open.
  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state -> Bool in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Records whether the task that ran ``waitForCancellation()`` was cancelled.
final class CancellationProbe: Sendable {
  private let cancelled = CriticalState(false)
  private let gate = Gate()

  var wasCancelled: Bool { cancelled.withLock { $0 } }

  /// Suspends until the task that runs ``waitForCancellation()`` is cancelled.
  func waitUntilCancelled() async {
    await gate.wait()
  }

  /// Suspends until the current task is cancelled.
  func waitForCancellation() async {
    await withTaskCancellationHandler {
      await gate.wait()
    } onCancel: {
      cancelled.withLock { $0 = true }
      gate.open()
    }
  }
}

/// A thread-safe log that effects and reducers append to.
final class Log<Element: Sendable>: Sendable {
  private let entries = CriticalState<[Element]>([])
  func append(_ element: Element) { entries.withLock { $0.append(element) } }
  var all: [Element] { entries.withLock { $0 } }
}
