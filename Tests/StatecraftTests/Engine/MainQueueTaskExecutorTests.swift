import Dispatch
import Statecraft
import StatecraftEngine
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

  @Test func aWaitOffTheMainActorPrefersNoExecutor() {
    #expect(EffectGroup.waitingExecutor(isolation: nil) == nil)
  }

  /// A test store's executor runs every job of the owner's tasks: a wait must not go around it.
  @Test @MainActor func aWaitUnderATestStoresExecutorPrefersNoOtherExecutor() {
    EffectExecutor.$preferred.withValue(MainQueueTaskExecutor.shared) {
      #expect(EffectGroup.waitingExecutor(isolation: MainActor.shared) == nil)
    }
  }

  /// The wait still ends when the effect ends, and when the group is cancelled.
  @Test @MainActor func aMainActorFinishReturnsWhenTheEffectEnds() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: 0) { (count: inout Int, action: Bool) -> Effect<Bool> in
      guard action else {
        count += 1
        return .none
      }
      return .task {
        for await _ in stream { break }
        return false
      }
    }
    let task = store.send(true)
    continuation.yield()
    await task.finish()
    #expect(store.state == 1)
  }
}

@concurrent private func isOnMainQueue(_ key: DispatchSpecificKey<Bool>) async -> Bool {
  DispatchQueue.getSpecific(key: key) == true
}
