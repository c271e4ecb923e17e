import Statecraft

/// The environment pattern SwiftTea documents: dependencies as a value with `live` and
/// `mock` instances, passed to `init(initialState:reduce:environment:)`.
enum EnvironmentSample {
  struct User: Sendable, Equatable {
    var name: String
  }

  struct AppEnvironment: Sendable {
    var fetchUser: @Sendable (_ id: Int) async throws -> User

    static let live = AppEnvironment(fetchUser: { id in
      // A real app calls its API here.
      User(name: "user \(id)")
    })

    static let mock = AppEnvironment(fetchUser: { _ in User(name: "Blob") })
  }

  struct AppState {
    var user: User?
    var errorMessage: String?
  }

  enum AppAction: Sendable {
    case loadUser(Int)
    case userLoaded(User)
    case loadFailed(String)
  }

  static func reduce(
    state: AppState, action: AppAction, environment: AppEnvironment
  ) -> (AppState, Effect<AppAction>) {
    var newState = state
    switch action {
    case .loadUser(let id):
      return (
        newState,
        .run { send in
          await send(.userLoaded(try await environment.fetchUser(id)))
        } catch: { error, send in
          await send(.loadFailed("\(error)"))
        }
      )
    case .userLoaded(let user):
      newState.user = user
      return (newState, .none)
    case .loadFailed(let message):
      newState.errorMessage = message
      return (newState, .none)
    }
  }

  @MainActor
  static func makeStore(environment: AppEnvironment) -> Store<AppState, AppAction, AppEnvironment> {
    Store(initialState: AppState(), reduce: reduce, environment: environment)
  }
}
