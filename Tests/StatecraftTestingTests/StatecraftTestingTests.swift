import Clocks
import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("StatecraftTesting", .timeLimit(.minutes(1)))
struct StatecraftTestingTests {
  enum Action: Sendable, Equatable {
    case load
    case loaded([String])
    case fail
  }

  struct Failure: Error {}

  static func reduce(_ items: inout [String], _ action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .merge(.send(.loaded(["cached"])), .task { .loaded(["a", "b"]) })
    case .loaded(let loaded):
      items = loaded
      return .none
    case .fail:
      return .task { throw Failure() }
    }
  }

  @Test func effectActionsRunsAnEffectWithoutAStore() async {
    var items: [String] = []
    let effect = Self.reduce(&items, .load)
    #expect(await effect.actions() == [.loaded(["cached"]), .loaded(["a", "b"])])
    #expect(Self.reduce(&items, .loaded(["x"])).isNoEffect)
    #expect(!effect.isNoEffect)
  }

  @Test func effectActionsRunsTimedEffectsOnAnImmediateClock() async {
    let effect = Effect<Action>.task { .loaded(["late"]) }
      .debounce(id: "debounce", for: .seconds(1), clock: ImmediateClock())
    #expect(await effect.actions() == [.loaded(["late"])])
  }

  @Test func finishEffectsWaitsForEveryEffectOfTheStore() async {
    let store = Store(initialState: [String](), reducer: Self.reduce)
    store.send(.load)
    await store.finishEffects()
    #expect(store.state == ["a", "b"])
  }

  @Test func waitUntilReturnsOnceThePredicateHolds() async {
    let store = Store(initialState: [String](), reducer: Self.reduce)
    store.send(.load)
    await store.waitUntil { $0 == ["a", "b"] }
    #expect(store.state == ["a", "b"])
  }

  @Test func waitUntilReturnsWhenItsTaskIsCancelled() async {
    let store = Store(initialState: [String](), reducer: Self.reduce)
    let waiter = Task { await store.waitUntil { $0 == ["never"] } }
    waiter.cancel()
    await waiter.value
    #expect(store.state == [])
  }

  @Test func recorderCollectsDiagnostics() async {
    let recorder = DiagnosticRecorder()
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: [String](), reducer: Self.reduce)
    }
    await store.send(.fail).finish()
    #expect(recorder.kinds == [.effectFailed])
  }

  @Test func reportingIssuesTurnsDiagnosticsIntoTestIssues() async {
    let store = DiagnosticHandler.$current.withValue(.reportingIssues()) {
      Store(initialState: [String](), reducer: Self.reduce)
    }
    await withKnownIssue {
      await store.send(.fail).finish()
    } matching: { issue in
      issue.description.contains("effectFailed")
    }
  }
}
