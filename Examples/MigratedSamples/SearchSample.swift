import Statecraft

/// SwiftTea's "Cancellable Operations" sample, unchanged.
///
/// Its `.cancelSearch` returns `.none` although its comment says the store cancels the search:
/// no store can know that. Return `.cancel("user-search")` instead, or call `store.cancel`.
enum SearchSample {
  struct User: Sendable, Equatable {
    var name: String
  }

  /// Stands in for the sample's network service.
  struct UserService: Sendable {
    var search: @Sendable (String) async throws -> [User]
    func search(_ query: String) async throws -> [User] { try await search(query) }
  }

  struct AppState {
    var users: [User] = []
  }

  enum NetworkAction: Sendable {
    case searchUsers(String)
    case cancelSearch
    case usersReceived([User])
  }

  @MainActor
  static func makeStore(userService: UserService) -> Store<AppState, NetworkAction, Void> {
    func reduce(state: AppState, action: NetworkAction) -> (AppState, Effect<NetworkAction>) {
      switch action {
      case .searchUsers(let query):
        return (
          state,
          .cancellable(
            {
              let users = try await userService.search(query)
              return .usersReceived(users)
            }, "user-search")
        )

      case .cancelSearch:
        // The store will automatically cancel the task with ID "user-search"
        return (state, .none)

      case .usersReceived(let users):
        var newState = state
        newState.users = users
        return (newState, .none)
      }
    }
    return Store(initialState: AppState(), reduce: reduce)
  }
}
