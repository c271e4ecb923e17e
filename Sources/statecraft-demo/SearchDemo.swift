import Clocks
import ConcurrencyExtras
import SearchFeature
import Statecraft

/// Search as you type: a debounced, cancellable search effect on a deterministic clock.
enum SearchDemo {
  static let demo = Demo(
    name: "search",
    summary: "search as you type: a debounced, cancellable search on a test clock",
    run: run
  )

  typealias State = SearchFeature.State
  typealias Action = SearchFeature.Action

  static let words = [
    "swift", "swiftui", "swiftly", "switch", "state", "statecraft", "store", "stream",
  ]

  @MainActor
  static func run() async {
    // Every task runs on the main executor in FIFO order, so the test clock's `advance` always
    // finds the effects' sleeps registered and the output is the same on every run.
    await withMainSerialExecutor {
      let clock = TestClock()
      let environment = SearchFeature.Environment(
        clock: clock,
        search: { query in
          try await clock.sleep(for: .milliseconds(200))  // the network
          return words.filter { $0.hasPrefix(query) }
        },
        searchCancelled: { query in print("  ✕ cancelled the search for \"\(query)\" while it ran") })
      let store = Store(initialState: State(), environment: environment) { state, action, environment in
        let before = state
        let effect = SearchFeature.reduce(&state, action, environment)
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
