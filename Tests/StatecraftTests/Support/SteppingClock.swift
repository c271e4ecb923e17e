import Statecraft

/// A clock whose time moves only when a test advances it.
///
/// Unlike swift-clocks' `TestClock`, it needs no yielding: a sleeper whose deadline has come wakes
/// when `advance` is called, and a task that starts sleeping late, after the clock already passed
/// its deadline, does not sleep at all. With deadlines fixed when an effect starts (as Statecraft's
/// own timers fix them, and as tests below fix theirs), a test never races a task to its sleep.
final class SteppingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [(id: UInt64, deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] = []
    var lastID: UInt64 = 0
    /// Sleepers cancelled before they got to sleep.
    var cancelled: Set<UInt64> = []
    /// Tests waiting until a number of sleepers sleep.
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = CriticalState(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// Moves the time forward and wakes every sleeper whose deadline has come.
  func advance(by duration: Duration) {
    let woken = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Waits until `count` tasks sleep on the clock: for code that sleeps for a duration from when it
  /// runs, so that the test advances the clock only once the sleep has started.
  func waitForSleepers(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        guard state.sleepers.count < count else { return true }
        state.sleeperWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// The deadline `duration` from now, for a test's own sleeps.
  func deadline(after duration: Duration) -> Instant { now.advanced(by: duration) }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        var ready: [CheckedContinuation<Void, Never>] = []
        let outcome = state.withLock { state -> Result<Bool, CancellationError> in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          guard deadline > state.now else { return .success(true) }
          state.sleepers.append((id, deadline, continuation))
          let count = state.sleepers.count
          ready = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
          state.sleeperWaiters.removeAll { $0.count <= count }
          return .success(false)
        }
        for waiter in ready { waiter.resume() }
        switch outcome {
        case .failure(let error): continuation.resume(throwing: error)
        case .success(true): continuation.resume()
        case .success(false): break
        }
      }
    } onCancel: {
      let sleeping = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index).continuation
      }
      sleeping?.resume(throwing: CancellationError())
    }
  }
}
