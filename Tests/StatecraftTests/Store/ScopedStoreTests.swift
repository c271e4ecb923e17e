import Observation
import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Store: scoping", .timeLimit(.minutes(1)))
struct ScopedStoreTests {
  struct Profile: Equatable {
    var name = ""
    var saves = 0
  }

  enum ProfileAction: Sendable, Equatable {
    case rename(String)
    case save
    case saved
  }

  struct App: Equatable {
    var profile = Profile()
    var log: [String] = []
  }

  enum AppAction: Sendable, Equatable {
    case profile(ProfileAction)
    case other
  }

  static func profileReducer(_ state: inout Profile, _ action: ProfileAction) -> Effect<ProfileAction> {
    switch action {
    case .rename(let name):
      state.name = name
      return .none
    case .save:
      return .task { .saved }
    case .saved:
      state.saves += 1
      return .none
    }
  }

  static func appReducer(_ state: inout App, _ action: AppAction) -> Effect<AppAction> {
    switch action {
    case .profile(let action):
      state.log.append("profile: \(action)")
      return profileReducer(&state.profile, action).map(AppAction.profile)
    case .other:
      state.log.append("other")
      return .none
    }
  }

  /// SwiftTea had no scoping.
  @Test(.tags(.replacedLibraryDefect))
  func scopedStoreReadsAndSendsThroughItsParent() async {
    let app = Store(initialState: App(), reducer: Self.appReducer)
    let profile = app.scope(state: \.profile, action: AppAction.profile)
    profile.send(.rename("Blob"))
    #expect(profile.state.name == "Blob")
    #expect(app.state.profile.name == "Blob")
    await profile.send(.save).finish()
    #expect(profile.state.saves == 1)
    #expect(app.state.log == ["profile: rename(\"Blob\")", "profile: save", "profile: saved"])
  }

  @Test func scopedStateIsAlwaysCurrentAndObservable() {
    let app = Store(initialState: App(), reducer: Self.appReducer)
    let name = app.scope(state: \.profile, action: AppAction.profile)
      .scope(state: \.name, action: { (action: ProfileAction) in action })
    let counter = ObservationCounter()
    counter.track { _ = name.state }
    app.send(.profile(.rename("from the parent")))
    #expect(name.state == "from the parent")
    #expect(counter.changes == 1)
  }

  @Test func scopedStoreKeepsItsParentAlive() {
    weak var weakApp: Store<App, AppAction, Void>?
    let profile: ScopedStore<Profile, ProfileAction>
    do {
      let app = Store(initialState: App(), reducer: Self.appReducer)
      weakApp = app
      profile = app.scope(state: \.profile, action: AppAction.profile)
    }
    #expect(weakApp != nil)
    profile.send(.rename("still works"))
    #expect(profile.state.name == "still works")
  }
}
