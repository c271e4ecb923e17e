import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Store: cancellation", .timeLimit(.minutes(1)))
struct StoreCancellationTests {
  enum Action: Sendable, Equatable {
    case start(String)
    case delivered(String)
    case cancel(String)
  }

  /// A store whose `.start(tag)` runs `effect(tag)` and whose `.delivered(tag)` is logged.
  static func makeStore(
    _ effect: @escaping @MainActor (String) -> Effect<Action>
  ) -> Store<[String], Action, Void> {
    Store(initialState: []) { (log: inout [String], action: Action) in
      switch action {
      case .start(let tag): return effect(tag)
      case .delivered(let tag):
        log.append(tag)
        return .none
      case .cancel(let id): return .cancel(id)
      }
    }
  }

  @Test func newCancellableWithTheSameIDCancelsTheOldOne() async {
    let first = CancellationProbe()
    let firstStarted = Gate()
    let store = Self.makeStore { tag in
      .cancellable(
        {
          if tag == "first" {
            firstStarted.open()
            await first.waitForCancellation()
          }
          return .delivered(tag)
        }, "search")
    }
    store.send(.start("first"))
    await firstStarted.wait()
    await store.send(.start("second")).finish()
    #expect(first.wasCancelled)
    #expect(store.state == ["second"])
  }

  @Test func newStreamWithTheSameIDCancelsTheOldOne() async {
    let (oldStream, oldContinuation) = AsyncStream<Action>.makeStream()
    let oldTerminated = Gate()
    oldContinuation.onTermination = { _ in oldTerminated.open() }
    let (newStream, newContinuation) = AsyncStream<Action>.makeStream()
    let oldIsIterating = Gate()
    let store = Store(initialState: [String]()) { (log: inout [String], action: Action) in
      switch action {
      case .start(let tag):
        return .stream(tag == "old" ? oldStream : newStream, id: "socket")
      case .delivered(let entry):
        log.append(entry)
        if entry == "old 1" { oldIsIterating.open() }
        return .none
      case .cancel:
        return .none
      }
    }
    store.send(.start("old"))
    oldContinuation.yield(.delivered("old 1"))
    await oldIsIterating.wait()
    let task = store.send(.start("new"))
    await oldTerminated.wait()
    oldContinuation.yield(.delivered("old 2"))
    newContinuation.yield(.delivered("new 1"))
    newContinuation.finish()
    await task.finish()
    #expect(store.state == ["old 1", "new 1"])
  }

  /// In SwiftTea, a cancellable effect that ignored cancellation still delivered.
  @Test(.tags(.replacedLibraryDefect))
  func cancelledEffectNeverDeliversEvenWhenItIgnoresCancellation() async {
    let slow = UncooperativeEffect()
    let store = Self.makeStore { slow.effect($0).cancellable(id: "slow") }
    store.send(.start("late"))
    await slow.started.wait()
    store.cancel("slow")
    slow.release.open()
    await slow.attemptedDelivery.wait()
    #expect(store.state == [])
  }

  @Test func cancelEffectFromTheReducerCancels() async {
    let slow = UncooperativeEffect()
    let store = Self.makeStore { slow.effect($0).cancellable(id: "slow") }
    store.send(.start("late"))
    await slow.started.wait()
    store.send(.cancel("slow"))
    slow.release.open()
    await slow.attemptedDelivery.wait()
    #expect(store.state == [])
  }

  /// In SwiftTea, a stream that ended stayed registered under its id.
  @Test(.tags(.replacedLibraryDefect))
  func streamThatEndsReleasesItsID() async {
    let store = Self.makeStore { _ in
      .stream(
        AsyncStream { continuation in
          continuation.yield(.delivered("one"))
          continuation.yield(.delivered("two"))
          continuation.finish()
        }, id: "finite")
    }
    let task = store.send(.start("stream"))
    #expect(store.isEffectRunning(id: "finite"))
    await task.finish()
    await store.finishEffects()
    #expect(store.state == ["one", "two"])
    #expect(!store.isEffectRunning(id: "finite"))
  }

  @Test func releasingTheStoreCancelsEverythingItStarted() async {
    let probe = CancellationProbe()
    let taskStarted = Gate()
    let streamTerminated = Gate()
    weak var weakStore: Store<[String], Action, Void>?
    do {
      let store = Self.makeStore { tag in
        if tag == "task" {
          return .run { _ in
            taskStarted.open()
            await probe.waitForCancellation()
          }
        }
        return .stream(
          AsyncStream { continuation in
            continuation.onTermination = { _ in streamTerminated.open() }
          }, id: "stream")
      }
      store.send(.start("task"))
      store.send(.start("stream"))
      weakStore = store
      await taskStarted.wait()
    }
    #expect(weakStore == nil, "an effect kept the store alive")
    await streamTerminated.wait()
    #expect(probe.wasCancelled)
  }

  @Test func twoStoresNeverCancelEachOthersEffects() async {
    let gate = Gate()
    let makeEffect: @MainActor (String) -> Effect<Action> = { tag in
      Effect.run { send in
        await gate.wait()
        await send(.delivered(tag))
      }
      .cancellable(id: "shared-id")
    }
    let storeA = Self.makeStore(makeEffect)
    let storeB = Self.makeStore(makeEffect)
    storeA.send(.start("a"))
    let taskB = storeB.send(.start("b"))
    storeA.cancel("shared-id")
    gate.open()
    await taskB.finish()
    await storeA.finishEffects()
    #expect(storeA.state == [])
    #expect(storeB.state == ["b"])
  }

  @Test func storeTaskCancelStopsItsEffectsAndTheyDeliverNothing() async {
    let slow = UncooperativeEffect()
    let store = Self.makeStore { slow.effect($0) }
    let task = store.send(.start("x"))
    await slow.started.wait()
    #expect(!task.isCancelled)
    task.cancel()
    #expect(task.isCancelled)
    // The operation is still stuck at the gate, but it can deliver nothing: it counts as finished.
    await task.finish()
    slow.release.open()
    await slow.attemptedDelivery.wait()
    #expect(store.state == [])
  }

  @Test func cancellingTheTaskThatAwaitsFinishCancelsTheEffects() async {
    let probe = CancellationProbe()
    let started = Gate()
    let store = Self.makeStore { _ in
      .run { _ in
        started.open()
        await probe.waitForCancellation()
      }
    }
    let storeTask = store.send(.start("x"))
    await started.wait()
    let waiter = Task { await storeTask.finish() }
    waiter.cancel()
    await waiter.value
    #expect(probe.wasCancelled)
    #expect(storeTask.isCancelled)
  }

  @Test func finishWaitsForEffectsOfFedBackActions() async {
    let store = Store(initialState: [String]()) { (log: inout [String], action: Action) in
      switch action {
      case .start(let tag):
        log.append("start \(tag)")
        return tag == "done" ? .none : .task { .start("done") }
      case .delivered, .cancel:
        return .none
      }
    }
    await store.send(.start("first")).finish()
    #expect(store.state == ["start first", "start done"])
  }

  @Test func sendWithoutEffectsHasNothingToWaitFor() async {
    let store = Self.makeStore { _ in .none }
    let task = store.send(.start("x"))
    await task.finish()
    #expect(!task.isCancelled)
  }
}

/// An effect whose operation ignores cancellation: it waits at a gate, then tries to deliver.
/// The test opens ``release`` after cancelling, and waits for ``attemptedDelivery``.
final class UncooperativeEffect: Sendable {
  let started = Gate()
  let release = Gate()
  let attemptedDelivery = Gate()

  func effect(_ tag: String) -> Effect<StoreCancellationTests.Action> {
    .run { send in
      self.started.open()
      await self.release.wait()  // ignores cancellation
      await send(.delivered(tag))
      self.attemptedDelivery.open()
    }
  }
}

@MainActor
extension StoreCancellationTests {
  /// The first engine let the child of a cancelled `.cancellable` effect still deliver.
  @Test func theChildOfACancelledEffectNeverDelivers() async {
    // `.cancel("parent")` follows the send at once. The first engine started the child before it
    // linked it to its parent, so a child already running when the parent was cancelled could
    // still deliver.
    let store = Self.makeStore { tag in
      Effect.merge(Effect.task { .delivered(tag) }.cancellable(id: "child"))
        .cancellable(id: "parent", cancelInFlight: true)
    }
    for round in 0..<2_000 {
      let task = store.send(.start("round \(round)"))
      store.cancel("parent")
      await task.finish()
    }
    await store.finishEffects()
    #expect(store.state == [], "a child of a cancelled effect delivered")
  }

  @Test func aChildStartedBeforeItsParentIsCancelledIsCancelledWithIt() async {
    let childRunning = Gate()
    let release = Gate()
    let store = Self.makeStore { tag in
      Effect.merge(
        Effect.run { send in
          childRunning.open()
          await release.wait()  // ignores cancellation
          await send(.delivered(tag))
        }
        .cancellable(id: "child")
      )
      .cancellable(id: "parent")
    }
    let task = store.send(.start("child"))
    await childRunning.wait()
    store.cancel("parent")
    #expect(!store.isEffectRunning(id: "child"), "cancelling the parent left its child running")
    release.open()
    await task.finish()
    await store.finishEffects()
    #expect(store.state == [])
  }
}
