import Statecraft

/// SwiftTea's "Basic State Management" sample, counter and loading.
///
/// The one change: the inline closure names its parameter types, `{ (state: AppState, action:
/// AppAction) in`. No generic store can infer `Action` from a closure body.
enum CounterSample {
  struct AppState {
    var counter = 0
    var isLoading = false
  }

  enum AppAction: Sendable {
    case increment
    case decrement
    case startLoading
    case finishLoading
  }

  @MainActor
  static func makeStore() -> Store<AppState, AppAction, Void> {
    let store = Store(
      initialState: AppState(),
      reduce: { (state: AppState, action: AppAction) in
        var newState = state

        switch action {
        case .increment:
          newState.counter += 1
          return (newState, .none)

        case .decrement:
          newState.counter -= 1
          return (newState, .none)

        case .startLoading:
          newState.isLoading = true
          return (
            newState,
            .task {
              try await Task.sleep(nanoseconds: 2_000_000_000)
              return .finishLoading
            }
          )

        case .finishLoading:
          newState.isLoading = false
          return (newState, .none)
        }
      }
    )
    return store
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  /// SwiftTea's SwiftUI view. The change: `Store<AppState, AppAction>` is spelled
  /// `Store<AppState, AppAction, Void>`.
  struct ContentView: View {
    typealias AppState = CounterSample.AppState
    typealias AppAction = CounterSample.AppAction
    @Environment(Store<AppState, AppAction, Void>.self) private var store

    var body: some View {
      VStack {
        Text("Counter: \(store.state.counter)")

        Button("Increment") {
          store.send(.increment)
        }

        if store.state.isLoading {
          ProgressView()
        } else {
          Button("Start Loading") {
            store.send(.startLoading)
          }
        }
      }
    }
  }
#endif
