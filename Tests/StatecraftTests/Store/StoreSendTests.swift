import Observation
import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Store: send", .timeLimit(.minutes(1)))
struct StoreSendTests {
  struct Counter: Equatable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Sendable, Equatable {
    case increment
    case countdown(Int)
    case startEffect
    case effectFinished
    case recordSentFromReducer
    case append(String)
  }

  #if DEBUG  // critical sections are counted in debug builds only
    /// An action with no effect and no observer passes through two critical sections: one to claim
    /// the store and take its state out, one to put it back and give the store up.
    @Test func anActionWithNoEffectTakesTwoCriticalSections() {
      let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
        state.count += 1
        return .none
      }
      let before = store.criticalSectionCount
      store.send(.increment)
      #expect(store.criticalSectionCount - before == 2)
      #expect(store.state.count == 1)
    }
  #endif

  @Test func sendUpdatesStateBeforeReturning() {
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      if action == .increment { state.count += 1 }
      return .none
    }
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 2)
  }

  /// A main-actor store's effect task is enqueued on the main actor itself, when it is started:
  /// it starts there ahead of main-actor work queued after the `send`, with no hop from the global
  /// executor. (Started on the global executor, it would reach the main actor only after that
  /// work, and after the test's yield.)
  @Test func effectsOfAMainActorStoreStartOnTheMainActorInOrder() async {
    let started = Log<String>()
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      guard case .append(let name) = action else { return .none }
      return .run { @MainActor _ in started.append(name) }
    }
    store.send(.append("a"))
    Task { @MainActor in started.append("queued after a") }
    store.send(.append("b"))
    #expect(started.all.isEmpty)
    await Task.yield()  // queues this test behind all three on the main actor
    #expect(started.all == ["a", "queued after a", "b"])
  }

  @Test func stateIsStoredBeforeAnyEffectStarts() async {
    let seenByEffect = Log<Int>()
    let box = StoreBox<Counter, Action>()
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      guard action == .startEffect else { return .none }
      state.count = 7
      return .run { _ in
        // The effect's first act: read the store. It must already hold the new state.
        let count = await MainActor.run { box.store?.state.count ?? -1 }
        seenByEffect.append(count)
      }
    }
    box.store = store
    await store.send(.startEffect).finish()
    #expect(seenByEffect.all == [7])
  }

  @Test func actionsFromEffectsComeBackOnTheMainActor() async {
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      switch action {
      case .startEffect:
        return .task { .effectFinished }
      case .effectFinished:
        // The main actor is not the main thread under `swift test` on Linux, so check the
        // executor. Off the main actor this traps, failing the run.
        MainActor.preconditionIsolated("an effect's action was reduced off the main actor")
        state.log.append("reduced on the main actor")
        return .none
      default:
        return .none
      }
    }
    await store.send(.startEffect).finish()
    #expect(store.state.log == ["reduced on the main actor"])
  }

  @Test func hundredThousandSynchronousFollowUpsDoNotOverflowTheStack() {
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      guard case .countdown(let remaining) = action else { return .none }
      state.count += 1
      return remaining == 0 ? .none : .send(.countdown(remaining - 1))
    }
    store.send(.countdown(99_999))
    #expect(store.state.count == 100_000)
  }

  @Test func followUpsRunInsideTheSameSendInOrder() {
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      guard case .append(let entry) = action else { return .none }
      state.log.append(entry)
      switch entry {
      case "a": return .merge(.send(.append("b")), .send(.append("c")))
      case "b": return .send(.append("d"))
      default: return .none
      }
    }
    store.send(.append("a"))
    #expect(store.state.log == ["a", "b", "c", "d"])
  }

  @Test func eachTopLevelSendIsOneObservationChange() {
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      guard case .countdown(let remaining) = action else { return .none }
      state.count += 1
      return remaining == 0 ? .none : .send(.countdown(remaining - 1))
    }
    let counter = ObservationCounter()
    counter.track { _ = store.state }
    store.send(.countdown(3))
    #expect(store.state.count == 4)
    #expect(counter.changes == 1)
    store.send(.countdown(0))
    #expect(counter.changes == 2)
  }

  @Test func inPlaceReducerDoesNotCopyALargeState() {
    func largeState() -> [Int] {
      var state = Array(0..<100_000)
      state.reserveCapacity(200_000)
      return state
    }
    // Built in a function so that nothing outside the store shares its buffer.
    let store = Store(initialState: largeState()) { (state: inout [Int], action: Action) in
      state.append(state.count)
      return .none
    }
    let before = store.state.withUnsafeBufferPointer { $0.baseAddress }
    store.send(.increment)
    store.send(.increment)
    let after = store.state.withUnsafeBufferPointer { $0.baseAddress }
    #expect(store.state.count == 100_002)
    #expect(before == after, "appending in place reallocated the array: the state was copied")
  }

  @Test func sendFromInsideTheReducerIsQueuedAndDiagnosed() {
    let recorder = DiagnosticRecorder()
    let box = StoreBox<Counter, Action>()
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Counter()) { (state: inout Counter, action: Action) in
        guard case .append(let entry) = action else { return .none }
        state.log.append(entry)
        if entry == "outer" { box.store?.send(.append("inner")) }
        state.log.append(entry + " done")
        return .none
      }
    }
    box.store = store
    store.send(.append("outer"))
    #expect(store.state.log == ["outer", "outer done", "inner", "inner done"])
    #expect(recorder.kinds == [.sendDuringReduce])
    #expect(recorder.diagnostics.first?.message.contains("append(\"inner\")") == true)
  }

  @Test func sendFromAnObservationCallbackIsSafeAndQueued() {
    let recorder = DiagnosticRecorder()
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Counter()) { (state: inout Counter, action: Action) in
        guard case .append(let entry) = action else { return .none }
        state.log.append(entry)
        return .none
      }
    }
    withObservationTracking {
      _ = store.state
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.append("from observer")) }
    }
    store.send(.append("first"))
    #expect(store.state.log == ["first", "from observer"])
    #expect(recorder.diagnostics.isEmpty)
  }

  /// Observation's registrar is 128 heap bytes: a store keeps one only once something reads its
  /// state, which is how observing starts.
  @Test func aStoreNothingReadsKeepsNoRegistrarAndTheFirstReadObserves() {
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      guard case .append(let entry) = action else { return .none }
      state.log.append(entry)
      return .none
    }
    store.send(.append("unobserved"))
    #expect(!store.hasObservationRegistrar)
    let counter = ObservationCounter()
    counter.track { _ = store.state }
    #expect(store.hasObservationRegistrar)
    store.send(.append("observed"))
    #expect(counter.changes == 1)
    #expect(store.state.log == ["unobserved", "observed"])
  }

  @Test func sendFromAnEffectIsSafe() async {
    let box = StoreBox<Counter, Action>()
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) in
      guard case .append(let entry) = action else { return .none }
      state.log.append(entry)
      guard entry == "start" else { return .none }
      return .run { _ in await MainActor.run { _ = box.store?.send(.append("sent by effect")) } }
    }
    box.store = store
    await store.send(.append("start")).finish()
    #expect(store.state.log == ["start", "sent by effect"])
  }
}

/// Lets a reducer or effect reach the store that runs it, without a retain cycle.
@MainActor
final class StoreBox<State, Action: Sendable> {
  weak var store: Store<State, Action, Void>?
}

/// Counts Observation changes by re-registering after each one.
@MainActor
final class ObservationCounter {
  private(set) var changes = 0

  func track(_ read: @escaping @MainActor () -> Void) {
    withObservationTracking {
      read()
    } onChange: {
      MainActor.assumeIsolated {
        self.changes += 1
        self.track(read)
      }
    }
  }
}
