import Clocks
import SearchFeature
import Statecraft
import StatecraftTesting
import Testing

/// The search demo's store, tested with the test store: the README's worked example. The search
/// takes 200 ms on the test clock, as the demo's does.
@MainActor
@Suite("Search feature", .timeLimit(.minutes(1)))
struct SearchFeatureTests {
  typealias State = SearchFeature.State

  static func store(_ clock: some Clock<Duration>) -> TestStore<State, SearchFeature.Action> {
    TestStore(
      initialState: State(),
      environment: SearchFeature.Environment(clock: clock) { query in
        try await clock.sleep(for: .milliseconds(200))
        return ["swift", "swiftui", "state"].filter { $0.hasPrefix(query) }
      },
      reducer: SearchFeature.reduce)
  }

  @Test func typingThenPausingSearchesOnce() async {
    let clock = TestClock()
    let store = Self.store(clock)
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.phase = .waiting
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchStarted(query: "swift")) { $0.phase = .searching }
    await clock.advance(by: .milliseconds(200))
    await store.receive(.searchResponse(query: "swift", results: ["swift", "swiftui"])) {
      $0.phase = .idle
      $0.results = ["swift", "swiftui"]
    }
    await store.finish()
  }

  /// One `advance` that runs the debounce and then the search it starts: a chain of sleeps, which
  /// `SettlingTestClock` runs deterministically.
  @Test func aNewQueryCancelsTheRunningSearch() async {
    let clock = SettlingTestClock()
    let store = Self.store(clock)
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.phase = .waiting
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchStarted(query: "sw")) { $0.phase = .searching }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("st")) {
      $0.query = "st"
      $0.phase = .waiting
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.searchStarted(query: "st")) { $0.phase = .searching }
    await store.receive(.searchResponse(query: "st", results: ["state"])) {
      $0.phase = .idle
      $0.results = ["state"]
    }
    await store.finish()
  }

  @Test func clearingTheQueryCancelsTheSearch() async {
    let clock = TestClock()
    let store = Self.store(clock)
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.phase = .waiting
    }
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.phase = .idle
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
