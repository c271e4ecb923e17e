import Clocks
import ConcurrencyExtras
import Statecraft

/// Search as you type: a debounced, cancellable search effect on a deterministic clock.
enum SearchDemo {
  static let demo = Demo(
    name: "search",
    summary: "search as you type: a debounced, cancellable search on a test clock",
    run: run
  )

  struct State: Equatable, CustomStringConvertible {
    /// Where the search for the current query is.
    enum Phase: Equatable {
      case idle
      /// The debounce is waiting for typing to pause.
      case waiting
      /// The search runs.
      case searching
    }

    var query = ""
    var phase = Phase.idle
    var results: [String] = []

    var description: String {
      "query: \"\(query)\", \(phase), results: \(results)"
    }
  }

  enum Action: Sendable {
    case queryChanged(String)
    case searchStarted(query: String)
    case searchResponse(query: String, results: [String])
  }

  struct Environment: Sendable {
    var clock: TestClock<Duration>
    var search: @Sendable (String) async throws -> [String]
  }

  static let words = [
    "swift", "swiftui", "swiftly", "switch", "state", "statecraft", "store", "stream",
  ]

  static func reduce(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      guard !query.isEmpty else {
        state.results = []
        state.phase = .idle
        return .cancel("search")
      }
      state.phase = .waiting
      return Effect.run { send in
        await send(.searchStarted(query: query))
        let results = try await withTaskCancellationHandler {
          try await environment.search(query)
        } onCancel: {
          print("  ✕ cancelled the search for \"\(query)\" while it ran")
        }
        await send(.searchResponse(query: query, results: results))
      }
      .debounce(id: "search", for: .milliseconds(300), clock: environment.clock)

    case .searchStarted(let query):
      if query == state.query { state.phase = .searching }
      return .none

    case .searchResponse(let query, let results):
      guard query == state.query else { return .none }
      state.results = results
      state.phase = .idle
      return .none
    }
  }

  @MainActor
  static func run() async {
    // Every task runs on the main executor in FIFO order, so the test clock's `advance` always
    // finds the effects' sleeps registered and the output is the same on every run.
    await withMainSerialExecutor {
      let clock = TestClock()
      let environment = Environment(clock: clock) { query in
        try await clock.sleep(for: .milliseconds(200))  // the network
        return words.filter { $0.hasPrefix(query) }
      }
      let store = Store(initialState: State(), environment: environment) { state, action, environment in
        let before = state
        let effect = reduce(&state, action, environment)
        if case .queryChanged = action, before.phase == .waiting {
          print("  ✕ cancelled the search for \"\(before.query)\" while it waited for typing to pause")
        }
        print("  \(action) → \(state)")
        return effect
      }

      let start = clock.now
      func timestamp() -> String { start.duration(to: clock.now).demoTimestamp }

      @MainActor func type(_ query: String) {
        print("[\(timestamp())] type \"\(query)\"")
        store.send(.queryChanged(query))
      }

      func wait(_ milliseconds: Int) async {
        await clock.advance(by: .milliseconds(milliseconds))
      }

      print("Search as you type. Searches wait 300 ms after the last keystroke and take 200 ms.\n")
      type("s")
      await wait(100)
      type("sw")
      await wait(100)
      type("swi")
      await wait(100)
      type("swift")
      print("[\(timestamp())] pause for 400 ms: the search for \"swift\" starts at t=600 ms")
      await wait(400)
      type("swiftu")
      print("[\(timestamp())] pause for 600 ms: the search for \"swiftu\" runs from t=1000 ms to 1200 ms")
      await wait(600)
      type("st")
      await wait(350)
      type("")
      await wait(1000)
      print("\nDone at \(timestamp()). Final state: \(store.state)")
    }
  }
}
