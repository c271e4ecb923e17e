import Synchronization

/// Steps taken from a ``StepRing``, not yet boxed: the reader boxes them where it likes, once.
/// Steps never boxed are destroyed with it.
package final class TakenSteps: Sendable {
  private let box: @Sendable (Int) -> DrainedSteps
  /// Whether they were boxed: boxing moves the steps out of their storage, so a second time would
  /// destroy them twice.
  private let isBoxed = Atomic(false)

  init(box: @escaping @Sendable (Int) -> DrainedSteps) {
    self.box = box
  }

  deinit {
    // Never boxed: destroy the steps, boxing none.
    if !isBoxed.load(ordering: .acquiring) { _ = box(0) }
  }

  /// The steps as `received` and `stateUpdated` records, oldest first, at most the newest `limit`
  /// steps: the older ones are counted as dropped, and never boxed. Once only.
  package func records(keepingNewest limit: Int = .max) -> DrainedSteps {
    precondition(
      !isBoxed.exchange(true, ordering: .acquiringAndReleasing), "taken steps are boxed once only")
    return box(limit)
  }
}
