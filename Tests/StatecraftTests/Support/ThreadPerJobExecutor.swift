import Foundation
import Synchronization

/// Runs each job on a thread of its own, so that a job a test holds up holds up no other, and no
/// thread of the cooperative pool. Between ``hold()`` and ``release()`` it keeps the jobs it is
/// given instead: a task started meanwhile runs nothing until then, unless it starts immediately.
final class ThreadPerJobExecutor: TaskExecutor {
  private let held = Mutex<[UnownedJob]?>(nil)

  /// Keeps the jobs given from now on, and those it keeps already.
  func hold() { held.withLock { if $0 == nil { $0 = [] } } }

  /// Runs the jobs it kept, and those given from now on.
  func release() {
    let jobs = held.withLock { held in
      defer { held = nil }
      return held ?? []
    }
    for job in jobs { run(job) }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let kept = held.withLock { held in
      guard held != nil else { return false }
      held!.append(job)
      return true
    }
    if !kept { run(job) }
  }

  private func run(_ job: UnownedJob) {
    Thread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }.start()
  }
}
