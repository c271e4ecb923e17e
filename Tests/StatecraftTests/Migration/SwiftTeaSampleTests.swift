import Statecraft
import StatecraftTesting
import Testing

@testable import MigratedSamples

/// SwiftTea's README samples, compiled against Statecraft in `Examples/MigratedSamples`, behave as
/// that README says.
@MainActor
@Suite("SwiftTea's samples, migrated", .timeLimit(.minutes(1)))
struct SwiftTeaSampleTests {
  @Test func counter() {
    let store = CounterSample.makeStore()
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.state.counter == 1)
  }

  @Test func loadingStartsAndReleasingTheStoreCancelsTheSleep() {
    let recorder = InspectionRecorder()
    weak var weakStore: Store<CounterSample.AppState, CounterSample.AppAction, Void>?
    do {
      let store = CounterSample.makeStore()
      store.attach(recorder)
      store.send(.startLoading)
      #expect(store.state.isLoading)
      #expect(store.state.counter == 0)
      weakStore = store
    }
    #expect(weakStore == nil, "the loading effect kept the store alive")
    // The two-second sleep was cancelled with the store, and will deliver nothing.
    #expect(recorder.kinds == ["received", "stateUpdated", "effectStarted", "effectCancelled"])
  }

  @Test func searchDeliversOnlyTheLatestQuery() async {
    let store = SearchSample.makeStore(userService: .init { query in [.init(name: query)] })
    store.send(.searchUsers("sw"))
    store.send(.searchUsers("swift"))
    await store.finishEffects()
    #expect(store.state.users == [.init(name: "swift")])
  }

  @Test func searchCanBeCancelledByID() async {
    let gate = Gate()
    let started = Gate()
    let store = SearchSample.makeStore(
      userService: .init { query in
        started.open()
        await gate.wait()
        return [.init(name: query)]
      })
    let task = store.send(.searchUsers("swift"))
    await started.wait()
    store.cancel("user-search")
    gate.open()
    await task.finish()
    #expect(store.state.users == [])
  }

  @Test func streamingDeliversMessagesAndCancellingDisconnects() async throws {
    let store = StreamingSample.makeStore()
    store.send(.startListening)
    let socket = try #require(StreamingSample.WebSocketConnection.latest.withLock { $0 })
    var changes = socket.connectionChanges.makeAsyncIterator()
    #expect(await changes.next() == true)
    socket.receive("hello")
    socket.receive("world")
    await store.waitUntil { $0.messages.count == 2 }
    #expect(store.state.messages == ["hello", "world"])
    store.cancel("websocket")
    #expect(await changes.next() == false)
    socket.receive("after cancel")
    await store.finishEffects()
    #expect(store.state.messages == ["hello", "world"])
  }

  @Test func environmentLiveAndMock() async {
    let live = EnvironmentSample.makeStore(environment: .live)
    await live.send(.loadUser(7)).finish()
    #expect(live.state.user == .init(name: "user 7"))

    let mock = EnvironmentSample.makeStore(environment: .mock)
    await mock.send(.loadUser(7)).finish()
    #expect(mock.state.user == .init(name: "Blob"))

    struct Offline: Error {}
    let failing = EnvironmentSample.makeStore(environment: .init(fetchUser: { _ in throw Offline() }))
    await failing.send(.loadUser(7)).finish()
    #expect(failing.state.errorMessage == "Offline()")
  }

  @Test func reducersAreTestableWithoutAStore() async {
    let (state, effect) = EnvironmentSample.reduce(
      state: .init(), action: .loadUser(1), environment: .mock)
    #expect(state.user == nil)
    let actions = await effect.actions()
    guard case .userLoaded(let user)? = actions.first else {
      Issue.record("expected userLoaded, got \(actions)")
      return
    }
    #expect(user.name == "Blob")
  }
}
