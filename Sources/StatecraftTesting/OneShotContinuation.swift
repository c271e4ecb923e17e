import Statecraft

/// A continuation that whichever of several wake-up sources comes first resumes, exactly once.
final class OneShotContinuation: Sendable {
  private enum State {
    case waiting
    case suspended(CheckedContinuation<Void, Never>)
    case resumed
  }

  private let state = CriticalState(State.waiting)

  /// Stores the continuation, or resumes it at once if a wake-up already came.
  func set(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = state.withLock { state -> Bool in
      guard case .waiting = state else { return true }
      state = .suspended(continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  /// Resumes the continuation if nothing resumed it before.
  func resume() {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      defer { state = .resumed }
      if case .suspended(let continuation) = state { return continuation }
      return nil
    }
    continuation?.resume()
  }
}
