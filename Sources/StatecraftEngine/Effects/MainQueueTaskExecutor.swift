import Dispatch

/// A task executor that runs jobs on the main actor, for a main-actor task that waits for work
/// finishing on the main actor.
///
/// The runtime resumes a suspended task through the global executor: a main-actor task that waits
/// on a continuation wakes a pool thread, which only hops back to the main actor and wakes the main
/// thread in turn. Waiting under this executor's preference sends the resumption to the main queue
/// directly, so that a wait resumed from the main actor costs no thread wake-up at all:
///
/// <!-- sample: skip -->
/// ```swift
/// await withTaskExecutorPreference(MainQueueTaskExecutor.shared) {
///   await group.wait()
/// }
/// ```
///
/// Use it only around a wait: nonisolated code that runs under the preference runs on the main
/// thread.
///
/// It assumes what Apple platforms and Linux do: the main actor's executor is the main dispatch
/// queue. Only Swift 6.3's experimental custom executors (`@_spi(ExperimentalCustomExecutors)`)
/// can replace it; an app that did would see a main-actor `finish()` resumed on the main queue,
/// beside its own main executor.
package final class MainQueueTaskExecutor: TaskExecutor {
  package static let shared = MainQueueTaskExecutor()

  private init() {}

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue.main.async {
      job.runSynchronously(
        isolatedTo: MainActor.sharedUnownedExecutor,
        taskExecutor: MainQueueTaskExecutor.shared.asUnownedTaskExecutor())
    }
  }
}
