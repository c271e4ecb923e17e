import Statecraft
import StatecraftTesting
import Testing

/// What `StoreProtocol` gives a store and a scoped store alike: code generic over either, and a
/// scoped store that presents, navigates and scopes as its root store does.
@MainActor
@Suite("StoreProtocol: one API for a store and a scoped store", .timeLimit(.minutes(1)))
struct StoreProtocolTests {
  let feed = Feed()
  let recorder = DiagnosticRecorder()

  @Test func aGenericFunctionSendsAndReadsThroughAStoreAndAScopedStoreAlike() {
    func increment(_ counter: some StoreProtocol<Counter, CounterAction>) -> Int {
      counter.send(.increment)
      return counter.state.count
    }
    let counter = Store(initialState: Counter(id: 0), reducer: counterReducer(feed))
    let parent = Store(initialState: Parent(), reducer: parentReducer(feed))
    let profile = parent.scope(state: \.profile, action: ParentAction.profile)
    #expect(increment(counter) == 1)
    #expect(increment(profile) == 1)
    #expect(parent.state.profile.count == 1)
  }

  @Test func aScopedStorePresentsAnOptionalChildAsItsStoreDoes() throws {
    let parent = Store(initialState: Parent(), reducer: parentReducer(feed))
    let scoped = parent.scope(state: { $0 }, action: { $0 })
    scoped.send(.present(1))
    let detail = scoped.presentation(\.detail, action: \.detail, dismiss: .dismiss)
    let child = try #require(detail.store)
    child.send(.increment)
    #expect(parent.state.detail?.count == 1)
    detail.dismiss()
    #expect(parent.state.detail == nil)
  }

  @Test func aScopedStoreNavigatesAStackAsItsStoreDoes() throws {
    let parent = Store(initialState: Parent(), reducer: parentReducer(feed))
    let scoped = parent.scope(state: { $0 }, action: { $0 })
    scoped.send(.path(.push(Counter(id: 5))))
    let path = scoped.navigation(\.path, action: \.path)
    #expect(path.ids.count == 1)
    try #require(path.store(for: path.ids[0])).send(.increment)
    #expect(parent.state.path[0].count == 1)
  }

  @Test func aScopedStoreScopesCaseRoutedChildrenAsItsStoreDoes() throws {
    let parent = Store(initialState: Parent(), reducer: parentReducer(feed))
    let scoped = parent.scope(state: { $0 }, action: { $0 })
    scoped.send(.addRow(7))
    scoped.send(.present(1))
    try #require(scoped.scope(state: \.rows, action: \.rows).first).send(.increment)
    try #require(scoped.scope(state: \.detail, action: \.detail)).send(.increment)
    #expect(parent.state.rows[id: 7]?.count == 1)
    #expect(parent.state.detail?.count == 1)
  }

  @Test func aSendThroughTheProtocolIsReportedAtItsCallersLine() throws {
    let parent = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Parent(), reducer: parentReducer(feed))
    }
    parent.send(.present(1))
    let kept: any StoreProtocol<Counter, CounterAction> = try #require(
      parent.scope(state: \.detail, action: \.detail))
    parent.send(.dismiss)
    kept.send(.increment); let line = #line
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
  }
}
