import Statecraft
import Synchronization
import Testing

@MainActor
@Suite("Composition: observation per child", .timeLimit(.minutes(1)))
struct ChildObservationTests {
  let feed = Feed()

  /// A change to one row of 10,000 notifies the view of that row, and no other; a change to a
  /// sibling feature, or an action that changes nothing, notifies no row.
  @Test func aChangeToOneRowOfTenThousandNotifiesThatRowAlone() {
    let rowCount = 10_000
    var initial = Parent()
    initial.rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { Counter(id: $0) })
    let store = Store(initialState: initial, reducer: parentReducer(feed))
    let rows = store.scope(state: \.rows, action: \.rows)
    let counters = rows.map { row in
      let counter = ObservationCounter()
      counter.track { _ = row.state }
      return counter
    }

    store.send(.rows(.element(id: 4_321, action: .increment)))
    #expect(counters[4_321].changes == 1)
    #expect(counters.map(\.changes).reduce(0, +) == 1)
    #expect(rows[4_321].state.count == 1)

    store.send(.profile(.increment))  // a sibling feature
    store.send(.profile(.close))  // changes nothing
    #expect(counters.map(\.changes).reduce(0, +) == 1)
  }

  @Test func anOptionalChildsViewIgnoresItsSiblingsAndNoOps() throws {
    let store = Store(initialState: Parent(), reducer: parentReducer(feed))
    store.send(.present(1))
    let detail = try #require(store.scope(state: \.detail, action: \.detail))
    let profile = store.scope(state: { $0.profile }, action: ParentAction.profile)
    let detailChanges = ObservationCounter()
    detailChanges.track { _ = detail.state }
    let profileChanges = ObservationCounter()
    profileChanges.track { _ = profile.state }

    store.send(.detail(.increment))
    store.send(.detail(.close))  // the detail goes: its store keeps its last state
    store.send(.profile(.increment))
    store.send(.profile(.close))  // changes nothing
    #expect(detailChanges.changes == 1)
    #expect(profileChanges.changes == 1)
    #expect(detail.state == Counter(id: 1, count: 1))
  }

  /// A leaf ten levels down is read from its own store: what it reads does not depend on depth.
  @Test func aLeafTenLevelsDownIsCurrentAndObservedAlone() {
    var state = Node.chain(depth: 10)
    state.value = 0
    let store = Store(initialState: state, reducer: nodeReducer(feed))
    var leaf = store.scope(state: { $0 }, action: { (action: NodeAction) in action })
    for _ in 0..<10 {
      leaf = leaf.scope(state: { $0.child ?? Node() }, action: NodeAction.child)
    }
    let leafChanges = ObservationCounter()
    leafChanges.track { _ = leaf.state }
    store.send(.increment)  // the root's own value
    #expect(leafChanges.changes == 0)
    leaf.send(.increment)
    #expect(leafChanges.changes == 1)
    #expect(leaf.state.value == 1)
    #expect(store.state.descendant(10)?.value == 1)
  }

  /// A scoped store that is released is no longer read nor told of its parent's changes, whether
  /// it is released on the main actor or off it: a view that scopes a store on each render
  /// leaves no work behind.
  @Test func releasedScopedStoresAreNeitherReadNorTold() async {
    let store = Store(initialState: Parent(), reducer: parentReducer(feed))
    let reads = ReadCount()
    func scopeProfile() -> ScopedStore<Counter, CounterAction> {
      store.scope(
        state: {
          reads.count += 1; return $0.profile
        }, action: ParentAction.profile)
    }
    let kept = scopeProfile()
    _ = kept.state
    for _ in 0..<100 { _ = scopeProfile().state }  // read once each, then released
    let holder = Holder()
    holder.slot.withLock { $0 = scopeProfile() }
    _ = holder.slot.withLock { $0 }!.state
    await Task.detached { holder.slot.withLock { $0 = nil } }.value  // the last reference

    let before = reads.count
    store.send(.profile(.increment))
    #expect(reads.count == before + 1)  // the kept store alone
    #expect(kept.state.count == 1)
    store.send(.profile(.increment))
    #expect(reads.count == before + 2)
  }
}

/// A scoped store, handed to another thread to be released there.
private final class Holder: Sendable {
  let slot = Mutex<ScopedStore<Counter, CounterAction>?>(nil)
}

/// How many times a scoped store's state was read from its parent.
@MainActor
private final class ReadCount {
  var count = 0
}
