import IssueReporting
import Statecraft
import StatecraftTesting
import Testing

/// The test store over a state marked `@ObservableState`: assertions compare the fields, and a
/// failure's diff shows them by name, not their storage.
@MainActor
@Suite("TestStore: observed states", .timeLimit(.minutes(1)))
struct ObservableStateTestStoreTests {
  @ObservableState
  struct Form: Equatable {
    var name = ""
    var count = 0
    var detail: Detail?
  }

  @ObservableState
  struct Detail: Equatable {
    var note = ""
  }

  enum Action: Equatable, Sendable {
    case rename(String)
    case open
    case write(String)
  }

  static func reduce(_ state: inout Form, _ action: Action) -> Effect<Action> {
    switch action {
    case .rename(let name): state.name = name
    case .open: state.detail = Detail()
    case .write(let note): state.detail?.note = note
    }
    return .none
  }

  @Test func assertionsCompareTheFields() async {
    let store = TestStore(initialState: Form(), reducer: Self.reduce)
    await store.send(.rename("Ada")) { $0.name = "Ada" }
    await store.send(.open) { $0.detail = Detail() }
    await store.send(.write("hi")) { $0.detail?.note = "hi" }
    await store.finish()
  }

  @Test func aMismatchShowsTheFieldsByName() async {
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: Form(), reducer: Self.reduce)
      await store.send(.rename("Ada")) { $0.name = "Grace" }
    }
    #expect(
      collector.messages == [
        """
        A state change does not match expectation:

          \u{2007} ObservableStateTestStoreTests.Form(
          −   name: "Grace",
          +   name: "Ada",
          \u{2007}   count: 0,
          \u{2007}   detail: nil
          \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }
}
