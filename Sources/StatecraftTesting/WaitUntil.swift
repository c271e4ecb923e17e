import Observation

/// Suspends until `condition` holds, re-checking whenever something observable it read changes.
/// Returns at once if it already holds.
///
/// ```swift
/// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///   count += step
///   return .none
/// }
/// store.send(1)
/// await waitUntil { store.state == 1 }
/// ```
///
/// It never sleeps or polls. Cancelling the waiting task makes it return, condition or not.
@MainActor
public func waitUntil(_ condition: @MainActor () -> Bool) async {
  while !condition(), !Task.isCancelled {
    let wakeUp = OneShotContinuation()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        wakeUp.set(continuation)
        withObservationTracking {
          _ = condition()
        } onChange: {
          wakeUp.resume()
        }
      }
    } onCancel: {
      wakeUp.resume()
    }
  }
}
