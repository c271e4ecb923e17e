import Dispatch
import Statecraft
import StatecraftEngine
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct MainQueueTaskExecutorTests {
  /// Marks the main queue, so that code can tell whether it runs there.
  static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  @Test func nonisolatedCodeUnderItsPreferenceRunsOnTheMainQueue() async {
    let key = Self.mainQueueKey
    let underPreference = await withTaskExecutorPreference(MainQueueTaskExecutor.shared) {
      await isOnMainQueue(key)
    }
    #expect(underPreference)
    #expect(await isOnMainQueue(key) == false)
  }

  @Test @MainActor func aMainActorWaitPrefersTheMainQueue() {
    #expect(EffectGroup.waitingExecutor(isolation: MainActor.shared) === MainQueueTaskExecutor.shared)
  }

  /// The effect ends only after the waiter suspended: what lets it end is sent from a main-actor
  /// task, which runs once `finish()` gives up the main actor. Its resumption then goes through the
  /// preferred executor rather than the global pool. (An effect free to end at once could end
  /// before `finish()` looks, and `finish()` would return without waiting.)
  ///
  /// The runtime sends a few resumptions in a thousand straight to the main actor instead (13 in
  /// 2,000 here), so the test counts over twenty waits: without the preference none goes through.
  @Test @MainActor func mainActorFinishesAreResumedThroughThePreferredExecutor() async {
    let waits = 20
    var resumedThroughIt = 0
    for _ in 0..<waits {
      let counting = CountingTaskExecutor()
      let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
      let resumed = await EffectGroup.$mainActorWaitExecutor.withValue(counting) {
        let store = countingStore(endingAfter: stream)
        let task = store.send(true)
        Task { @MainActor in continuation.yield() }
        await task.finish()
        return store.state
      }
      #expect(resumed == 1)
      if counting.jobs >= 1 { resumedThroughIt += 1 }
    }
    #expect(resumedThroughIt >= waits / 2)
  }

  /// A waiter resumed from another thread, by a cancellation, still returns.
  @Test @MainActor func aMainActorFinishCancelledFromAnotherThreadReturns() async {
    let (stream, _) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: 0) { (_: inout Int, _: Bool) -> Effect<Bool> in
      .task {
        for await _ in stream {}
        return false
      }
    }
    let task = store.send(true)
    Task.detached { task.cancel() }
    await task.finish()
    #expect(task.isCancelled)
  }

  @Test func aWaitOffTheMainActorPrefersNoExecutor() {
    #expect(EffectGroup.waitingExecutor(isolation: nil) == nil)
  }

  /// A test store's executor runs every job of the owner's tasks: a wait must not go around it.
  @Test @MainActor func aWaitUnderATestStoresExecutorPrefersNoOtherExecutor() {
    EffectExecutor.$preferred.withValue(MainQueueTaskExecutor.shared) {
      #expect(EffectGroup.waitingExecutor(isolation: MainActor.shared) == nil)
    }
  }

  /// The wait ends when the effect ends, the effect's operation running off the main actor.
  @Test @MainActor func aMainActorFinishReturnsWhenTheEffectEnds() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = countingStore(endingAfter: stream)
    let task = store.send(true)
    continuation.yield()
    await task.finish()
    #expect(store.state == 1)
  }
}

/// A store whose `send(true)` starts an effect that ends once `stream` yields, and sends `false`,
/// which counts one.
@MainActor private func countingStore(endingAfter stream: AsyncStream<Void>) -> Store<Int, Bool, Void> {
  Store(initialState: 0) { (count: inout Int, action: Bool) -> Effect<Bool> in
    guard action else {
      count += 1
      return .none
    }
    return .task {
      for await _ in stream { break }
      return false
    }
  }
}

@concurrent private func isOnMainQueue(_ key: DispatchSpecificKey<Bool>) async -> Bool {
  DispatchQueue.getSpecific(key: key) == true
}

/// Counts the jobs it is given, and hands them to ``MainQueueTaskExecutor``.
private final class CountingTaskExecutor: TaskExecutor {
  private let count = Mutex(0)

  var jobs: Int { count.withLock { $0 } }

  func enqueue(_ job: consuming ExecutorJob) {
    count.withLock { $0 += 1 }
    MainQueueTaskExecutor.shared.enqueue(job)
  }
}
