import Statecraft
import StatecraftTesting
import Testing

/// What SwiftUI's bindings for sheets and navigation stacks are made from, on every platform.
@MainActor
@Suite("Composition: presentation and navigation", .timeLimit(.minutes(1)))
struct NavigationTests {
  let feed = Feed()

  @Test func aPresentationHasAStoreWhileTheChildIsThereAndDismissesIt() throws {
    let store = Store(initialState: Parent(), reducer: parentReducer(feed))
    #expect(!store.presentation(\.detail, action: \.detail, dismiss: .dismiss).isPresented)
    store.send(.present(1))
    let first = store.presentation(\.detail, action: \.detail, dismiss: .dismiss)
    let again = store.presentation(\.detail, action: \.detail, dismiss: .dismiss)
    // Stores made at two renders are the same sheet's: their ids are equal.
    #expect(try #require(first.store).id == (try #require(again.store)).id)
    first.store?.send(.increment)
    #expect(store.state.detail?.count == 1)
    first.dismiss()
    #expect(store.state.detail == nil)
    // A child of another id is another sheet.
    store.send(.present(2))
    #expect(store.presentation(\.detail, action: \.detail, dismiss: .dismiss).store?.id != first.store?.id)
  }

  @Test func aPathGivesScreensStoresAndGoingBackPops() async {
    let store = Store(initialState: Parent(), reducer: parentReducer(feed))
    store.send(.path(.push(Counter(id: 10))))
    store.send(.path(.push(Counter(id: 11))))
    store.send(.path(.push(Counter(id: 12))))
    let path = store.navigation(\.path, action: \.path)
    #expect(path.ids == [0, 1, 2])
    path.store(for: 1)?.send(.listen)
    await feed.waitUntilStarted(1)
    #expect(store.liveEffectCount == 1)
    path.setIDs([0])  // the back button, twice
    #expect(store.state.path.ids == [0])
    #expect(store.liveEffectCount == 0)
    #expect(store.navigation(\.path, action: \.path).store(for: 1) == nil)
    store.navigation(\.path, action: \.path).setIDs([0])  // no change: nothing sent
    #expect(store.state.path.ids == [0])
  }

  @Test func aPopFromAStalePathIsReportedAtItsCaller() {
    let recorder = DiagnosticRecorder()
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Parent(), reducer: parentReducer(feed))
    }
    store.send(.path(.push(Counter(id: 10))))
    store.send(.path(.push(Counter(id: 11))))
    let stale = store.navigation(\.path, action: \.path)
    stale.setIDs([0])
    stale.setIDs([0]); let line = #line  // screen 1 is already gone
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.fileID.description == #fileID)
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
  }
}
