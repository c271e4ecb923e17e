import Foundation
import Observation
import Statecraft
import Testing

@ObservableState
struct Profile: Equatable, Codable {
  let id: Int
  var name = ""
  var visits = 0
  var tags: [String] = []
  @ObservationStateIgnored var scratch = 0
}

@ObservableState
struct Page: Equatable {
  var title = "Page"
  var count = 0
  var profile = Profile(id: 1)
  var detail: Profile?
}

enum PageAction: Sendable, Equatable {
  case setTitle(String)
  case increment
  case incrementTwice
  case nothing
  case rename(String)
  case replaceProfile(Profile)
  case present(Profile?)
  case renameDetail(String)
  case reset
  case tag(String)
  case sendFromReducer
}

@MainActor
func makePageStore(_ initial: Page = Page()) -> Store<Page, PageAction, Void> {
  Store(initialState: initial) { state, action in
    switch action {
    case .setTitle(let title): state.title = title
    case .increment: state.count += 1
    case .incrementTwice:
      state.count += 1
      state.count += 1
    case .nothing:
      state.count += 0
      state.title = state.title
    case .rename(let name): state.profile.name = name
    case .replaceProfile(let profile): state.profile = profile
    case .present(let detail): state.detail = detail
    case .renameDetail(let name): state.detail?.name = name
    case .reset: state = Page()
    case .tag(let tag): state.profile.tags.append(tag)
    case .sendFromReducer: return .send(.increment)
    }
    return .none
  }
}

@MainActor
@Suite("Observation per field", .timeLimit(.minutes(1)))
struct FieldObservationTests {
  @Test func aViewReadingOneFieldIsNotToldOfAnotherFieldsChange() {
    let store = makePageStore()
    let title = ObservationCounter()
    title.track { _ = store.state.title }
    let count = ObservationCounter()
    count.track { _ = store.state.count }

    store.send(.increment)
    #expect(title.changes == 0)
    #expect(count.changes == 1)

    store.send(.setTitle("Home"))
    #expect(title.changes == 1)
    #expect(count.changes == 1)
    #expect(store.state.title == "Home")
  }

  @Test func aSendThatChangesNothingTellsNoView() {
    let store = makePageStore()
    let every = ObservationCounter()
    every.track {
      let state = store.state
      _ = (state.title, state.count, state.profile.name, state.profile.visits, state.detail)
    }
    store.send(.nothing)
    store.send(.setTitle("Page"))
    #expect(every.changes == 0)
  }

  @Test func aFieldChangedTwiceInOneSendIsToldOnce() {
    let store = makePageStore()
    let count = ObservationCounter()
    count.track { _ = store.state.count }
    store.send(.incrementTwice)
    #expect(count.changes == 1)
    store.send(.sendFromReducer)  // the follow-up action is part of the same send
    #expect(count.changes == 2)
    #expect(store.state.count == 3)
  }

  /// Observers are told once the state is back in the store: one that reads it finds the new state.
  @Test func anObserverReadsTheNewState() {
    let store = makePageStore()
    var seen: [Int] = []
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      MainActor.assumeIsolated { seen.append(store.state.count) }
    }
    store.send(.increment)
    #expect(seen == [1])
  }

  /// An observer that sends finds the state back in the store: its action runs after the one that
  /// told it, and its own changes are told too.
  @Test func anObserverThatSendsRunsAfterTheActionThatToldIt() {
    let store = makePageStore()
    withObservationTracking {
      _ = store.state.title
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.increment) }
    }
    let count = ObservationCounter()
    count.track { _ = store.state.count }
    store.send(.setTitle("Home"))
    #expect(store.state.count == 1)
    #expect(count.changes == 1)
  }

  @Test func aChildsFieldsAreObservedOneByOne() {
    let store = makePageStore()
    let name = ObservationCounter()
    name.track { _ = store.state.profile.name }
    let visits = ObservationCounter()
    visits.track { _ = store.state.profile.visits }

    store.send(.rename("Ada"))
    #expect(name.changes == 1)
    #expect(visits.changes == 0)

    store.send(.tag("swift"))  // another field of the same child
    #expect(name.changes == 1)

    store.send(.replaceProfile(Profile(id: 2)))  // the child replaced: every reader is told
    #expect(name.changes == 2)
    #expect(visits.changes == 1)
    #expect(store.state.profile.id == 2)
  }

  @Test func anOptionalChildIsToldWhenItComesGoesOrChanges() {
    let store = makePageStore()
    let detail = ObservationCounter()
    detail.track { _ = store.state.detail?.name }
    let title = ObservationCounter()
    title.track { _ = store.state.title }

    store.send(.present(Profile(id: 7)))
    #expect(detail.changes == 1)
    store.send(.renameDetail("Grace"))
    #expect(detail.changes == 2)
    store.send(.present(nil))
    #expect(detail.changes == 3)
    store.send(.renameDetail("nobody"))  // absent: nothing changes
    #expect(detail.changes == 3)
    #expect(title.changes == 0)
  }

  @Test func replacingTheWholeStateTellsEveryReader() {
    let store = makePageStore()
    store.send(.setTitle("Home"))
    let count = ObservationCounter()
    count.track { _ = store.state.count }
    store.send(.reset)
    #expect(count.changes == 1)
    #expect(store.state.title == "Page")
    store.send(.increment)  // the new state's fields are observed too
    #expect(count.changes == 2)
  }

  @Test func anIgnoredFieldTellsNoView() {
    var profile = Profile(id: 1)
    let store = Store(initialState: profile) { (state: inout Profile, _: Int) in
      state.scratch += 1
      return .none
    }
    let every = ObservationCounter()
    every.track { _ = (store.state.name, store.state.visits, store.state.tags, store.state.scratch) }
    store.send(1)
    #expect(every.changes == 0)
    profile.scratch = 1
    #expect(store.state == profile)
  }

  /// A store whose state nobody read collects nothing: its sends open no transaction.
  @Test func anUnreadStoreDoesNotCollectChanges() {
    let store = makePageStore()
    store.send(.increment)
    #expect(!store.observesFields)
    _ = store.state
    #expect(store.observesFields)
  }

  /// A change to a copy made outside any store is told at once: copies share their observation.
  @Test func aCopyChangedOutsideAStoreIsToldAtOnce() {
    let store = makePageStore()
    let title = ObservationCounter()
    title.track { _ = store.state.title }
    var copy = store.state
    copy.title = "Copy"
    #expect(title.changes == 1)
    #expect(store.state.title == "Page")
  }

  @Test func theStorageIsInvisible() throws {
    var profile = Profile(id: 3)
    profile.name = "Ada"
    profile.tags = ["a"]
    let json = try JSONEncoder().encode(profile)
    let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    #expect(Set(object.keys) == ["id", "name", "visits", "tags", "scratch"])
    #expect(try JSONDecoder().decode(Profile.self, from: json) == profile)

    let labels = Mirror(reflecting: profile).children.compactMap(\.label)
    #expect(labels == ["id", "name", "visits", "tags", "scratch"])
    #expect(Profile(id: 3) == Profile(id: 3))
    #expect(Profile(id: 3) != profile)
  }

  /// The memberwise initialiser takes the fields, and only them.
  @Test func theMemberwiseInitialiserTakesTheFields() {
    let page = Page(title: "T", count: 2, profile: Profile(id: 4, name: "N"), detail: nil)
    #expect(page.title == "T")
    #expect(page.profile.name == "N")
  }
}
