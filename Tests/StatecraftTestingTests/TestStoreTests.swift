import Clocks
import Statecraft
import StatecraftTesting
import Testing

/// The test store over a `Store`: sends, receives, exhaustivity, and effects settled without
/// sleeping, on a test clock, an immediate clock and a stream the test feeds.
@MainActor
@Suite("TestStore: stores", .timeLimit(.minutes(1)))
struct TestStoreTests {
  struct Search: Equatable {
    var query = ""
    var results: [String] = []
    var isSearching = false
  }

  enum SearchAction: Equatable, Sendable {
    case queryChanged(String)
    case results([String])
    case cancel
  }

  struct Environment {
    var clock: any Clock<Duration>
    var search: @Sendable (String) async throws -> [String]
  }

  static func search(_ state: inout Search, _ action: SearchAction, _ environment: Environment) -> Effect<SearchAction>
  {
    switch action {
    case .queryChanged(let query):
      state.query = query
      state.isSearching = true
      let search = environment.search
      return .run { send in
        await send(.results(try await search(query)))
      }
      .debounce(id: "search", for: .milliseconds(300), clock: environment.clock)
    case .results(let results):
      state.results = results
      state.isSearching = false
      return .none
    case .cancel:
      state.isSearching = false
      return .cancel("search")
    }
  }

  static func environment(_ clock: some Clock<Duration>) -> Environment {
    Environment(clock: clock, search: { query in ["swift", "swiftui"].filter { $0.hasPrefix(query) } })
  }

  @Test func aDebouncedSearchOnATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search(), environment: Self.environment(clock), reducer: Self.search)
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(299))
    await store.send(.queryChanged("swiftu")) { $0.query = "swiftu" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.results(["swiftui"])) {
      $0.results = ["swiftui"]
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func anInstantClockRunsTimersAtOnce() async {
    let store = TestStore(
      initialState: Search(), environment: Self.environment(InstantClock()), reducer: Self.search)
    await store.send(.queryChanged("swift")) {
      $0.query = "swift"
      $0.isSearching = true
    }
    await store.receive(.results(["swift", "swiftui"])) {
      $0.results = ["swift", "swiftui"]
      $0.isSearching = false
    }
  }

  @Test func cancellingEndsTheEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search(), environment: Self.environment(clock), reducer: Self.search)
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.isSearching = true
    }
    await store.send(.cancel) { $0.isSearching = false }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  enum Feed: Equatable, Sendable {
    case start
    case item(Int)
  }

  @Test func anEffectReadingAStreamTheTestFeeds() async {
    let (items, continuation) = AsyncStream<Int>.makeStream()
    let store = TestStore(initialState: [Int]()) { (state: inout [Int], action: Feed) -> Effect<Feed> in
      switch action {
      case .start:
        return .run { send in for await item in items { await send(.item(item)) } }
      case .item(let item):
        state.append(item)
        return .none
      }
    }
    await store.send(.start)
    continuation.yield(1)
    await store.receive(.item(1)) { $0 = [1] }
    continuation.yield(2)
    continuation.yield(3)
    await store.receive(.item(2)) { $0 = [1, 2] }
    await store.receive(.item(3)) { $0 = [1, 2, 3] }
    continuation.finish()
    await store.finish()
  }

  enum Chain: Equatable, Sendable { case first, second, third }

  @Test func synchronousFollowUpsAreReceivedInOrder() async {
    let store = TestStore(initialState: [Chain]()) { (state: inout [Chain], action: Chain) -> Effect<Chain> in
      state.append(action)
      switch action {
      case .first: return .send(.second)
      case .second: return .run { send in await send(.third) }
      case .third: return .none
      }
    }
    await store.send(.first) { $0 = [.first] }
    await store.receive(.second) { $0 = [.first, .second] }
    await store.receive(where: { $0 == .third }) { $0 = [.first, .second, .third] }
  }

  @Test func nonExhaustiveAssertsOnlyWhatTheTestSays() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search(), environment: Self.environment(clock), reducer: Self.search)
    store.exhaustivity = .off
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await clock.advance(by: .seconds(1))
    await store.receive(.results(["swift", "swiftui"])) { $0.results = ["swift", "swiftui"] }
    #expect(store.state.isSearching == false)
  }

  @Test func skipReceivedActionsAndSkipInFlightEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search(), environment: Self.environment(clock), reducer: Self.search)
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.isSearching = true
    }
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions(strict: false)
    await store.finish()
    #expect(store.state.results.isEmpty)
  }

  @Test func theStateIsTheStoresState() async {
    let store = TestStore(initialState: 0) { (count: inout Int, _: Chain) -> Effect<Chain> in
      count += 1
      return .none
    }
    await store.send(.first) { $0 = 1 }
    #expect(store.state == 1)
  }
}
