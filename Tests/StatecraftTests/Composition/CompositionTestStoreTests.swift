import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Composition: the test store", .timeLimit(.minutes(1)))
struct CompositionTestStoreTests {
  /// Exhaustive over the children's actions: each child action is sent or received with the
  /// state change it makes, and a dismissed child's effect ends with it.
  @Test func aTreeOfFeaturesIsTestedExhaustively() async {
    let feed = Feed()
    let store = TestStore(initialState: Parent(), reducer: parentReducer(feed))
    await store.send(.present(1)) { $0.detail = Counter(id: 1) }
    await store.send(.detail(.increment)) { $0.detail?.count = 1 }
    await store.send(.detail(.listen))
    await feed.waitUntilStarted(1)
    feed.yield(5)
    await store.receive(.detail(.received(5))) { $0.detail?.count = 6 }
    await store.send(.addRow(7)) { $0.rows.append(Counter(id: 7)) }
    await store.send(.rows(.element(id: 7, action: .increment))) { $0.rows[id: 7]?.count = 1 }
    await store.send(.path(.push(Counter(id: 8)))) { $0.path.append(Counter(id: 8)) }
    await store.send(.path(.element(id: 0, action: .close))) { $0.path.removeAll() }
    await store.send(.detail(.close)) { $0.detail = nil }
    await store.finish()
  }

  /// A child's effect still running at the end is reported at the test's `send` that started it,
  /// naming the child action and the effect's own line.
  @Test func anUnfinishedChildEffectIsReportedAtItsLine() async {
    let feed = Feed()
    await withKnownIssue {
      let store = TestStore(initialState: Parent(detail: Counter(id: 1)), reducer: parentReducer(feed))
      await store.send(.detail(.listen))
      await store.finish()
    } matching: { issue in
      let description = String(describing: issue)
      return description.contains("An effect is still running")
        && description.contains("CompositionFeatures.swift")
        && description.contains("detail(")
    }
  }
}
