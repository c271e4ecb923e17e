public import Statecraft

/// Search as you type: the feature behind `statecraft-demo search`, and the worked example of the
/// README's testing section. Typing debounces a search for 300 ms; a newer query cancels the
/// search of an older one, waiting or running.
public enum SearchFeature {
  public struct State: Equatable, Sendable, CustomStringConvertible {
    /// Where the search for the current query is.
    public enum Phase: Equatable, Sendable {
      case idle
      /// The debounce is waiting for typing to pause.
      case waiting
      /// The search runs.
      case searching
    }

    public var query = ""
    public var phase = Phase.idle
    public var results: [String] = []

    public init(query: String = "", phase: Phase = .idle, results: [String] = []) {
      self.query = query
      self.phase = phase
      self.results = results
    }

    public var description: String {
      "query: \"\(query)\", \(phase), results: \(results)"
    }
  }

  public enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchStarted(query: String)
    case searchResponse(query: String, results: [String])
  }

  public struct Environment: Sendable {
    public var clock: any Clock<Duration>
    public var search: @Sendable (String) async throws -> [String]
    /// Told when a running search is cancelled, with its query. The demo prints it.
    public var searchCancelled: @Sendable (String) -> Void

    public init(
      clock: any Clock<Duration>,
      search: @escaping @Sendable (String) async throws -> [String],
      searchCancelled: @escaping @Sendable (String) -> Void = { _ in }
    ) {
      self.clock = clock
      self.search = search
      self.searchCancelled = searchCancelled
    }
  }

  public static func reduce(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action> {
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
          environment.searchCancelled(query)
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
}
