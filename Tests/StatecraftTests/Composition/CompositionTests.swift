import ConcurrencyExtras
import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("Composition: children that come and go", .timeLimit(.minutes(1)))
struct CompositionTests {
  let feed = Feed()
  let recorder = DiagnosticRecorder()

  func makeStore(_ state: Parent = Parent()) -> Store<Parent, ParentAction, Void> {
    DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: state, reducer: parentReducer(feed))
    }
  }

  @Test func aChildThatIsAlwaysThereRunsOnItsPart() {
    let store = makeStore()
    store.send(.profile(.increment))
    #expect(store.state.profile.count == 1)
  }

  @Test func anOptionalChildRunsWhilePresent() {
    let store = makeStore()
    store.send(.present(1))
    store.send(.detail(.increment))
    #expect(store.state.detail == Counter(id: 1, count: 1))
    #expect(recorder.diagnostics.isEmpty)
  }

  @Test func anActionForAnAbsentChildIsReportedAtItsSendAndChangesNothing() throws {
    let store = makeStore()
    let before = store.state
    store.send(.detail(.increment)); let line = #line
    #expect(store.state == before)
    #expect(recorder.kinds == [.childNotPresent])
    let diagnostic = try #require(recorder.diagnostics.first)
    #expect(diagnostic.callSite?.line == UInt(line))
    #expect(diagnostic.message.contains("detail"))
  }

  @Test func dismissingAChildEndsItsEffects() async {
    let store = makeStore()
    store.send(.present(1))
    store.send(.detail(.listen))
    await feed.waitUntilStarted(1)
    #expect(store.liveEffectCount == 1)
    #expect(store.childScopeCount == 1)
    feed.yield(5)  // in flight while the child ends
    store.send(.dismiss)
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
    // The same id again is a new child: nothing the first one started reaches it.
    store.send(.present(1))
    store.send(.detail(.listen))
    await feed.waitUntilStarted(2)
    #expect(store.state.detail?.count == 0)
    #expect(recorder.diagnostics.isEmpty)
    store.send(.dismiss)
  }

  @Test func aChildThatAsksToCloseEndsWithItsPendingDeliveries() async {
    let store = makeStore()
    store.send(.present(1))
    store.send(.detail(.listen))
    await feed.waitUntilStarted(1)
    store.send(.detail(.close))
    #expect(store.state.detail == nil)
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
  }

  @Test func replacingAnIdentifiableChildEndsTheOldOne() async {
    let store = makeStore()
    store.send(.present(1))
    store.send(.detail(.listen))
    await feed.waitUntilStarted(1)
    store.send(.present(2))
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
  }

  @Test func rowsRouteByIDAndARemovedRowEndsItsEffectsAlone() async {
    let store = makeStore()
    store.send(.addRow(1))
    store.send(.addRow(2))
    store.send(.rows(.element(id: 2, action: .increment)))
    #expect(store.state.rows.map(\.count) == [0, 1])
    store.send(.rows(.element(id: 1, action: .listen)))
    store.send(.rows(.element(id: 2, action: .listen)))
    await feed.waitUntilStarted(2)
    #expect(store.liveEffectCount == 2)
    store.send(.removeRow(1))
    #expect(store.liveEffectCount == 1)
    #expect(store.childScopeCount == 1)
    store.send(.removeRow(2))
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
  }

  @Test func anActionForARemovedRowIsReported() throws {
    let store = makeStore()
    store.send(.addRow(1))
    store.send(.removeRow(1))
    store.send(.rows(.element(id: 1, action: .increment))); let line = #line
    #expect(store.state.rows.isEmpty)
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
  }

  @Test func anEnumCaseRunsItsChildAndLeavingItEndsItsEffects() async {
    let store = makeStore()
    store.send(.destination(.edit(.increment))); let line = #line
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
    store.send(.showEdit(1))
    store.send(.destination(.edit(.increment)))
    #expect(store.state.destination == .edit(Counter(id: 1, count: 1)))
    store.send(.destination(.edit(.listen)))
    await feed.waitUntilStarted(1)
    #expect(store.liveEffectCount == 1)
    store.send(.showOther)
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
  }

  @Test func aStackPushesPopsAndEndsThePoppedScreensEffects() async {
    let store = makeStore()
    store.send(.path(.push(Counter(id: 10))))
    store.send(.path(.push(Counter(id: 11))))
    #expect(store.state.path.ids == [0, 1])
    store.send(.path(.element(id: 1, action: .increment)))
    #expect(store.state.path[id: 1]?.count == 1)
    store.send(.path(.element(id: 0, action: .listen)))
    store.send(.path(.element(id: 1, action: .listen)))
    await feed.waitUntilStarted(2)
    store.send(.path(.popFrom(id: 1)))
    #expect(store.state.path.ids == [0])
    #expect(store.liveEffectCount == 1)
    // A screen pushed again gets a new id: it is a new screen.
    store.send(.path(.push(Counter(id: 11))))
    #expect(store.state.path.ids == [0, 2])
    store.send(.path(.element(id: 1, action: .increment))); let line = #line
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
    store.send(.path(.element(id: 0, action: .close)))  // the parent pops to the root
    #expect(store.state.path.isEmpty)
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
  }

  @Test func poppingAScreenThatIsNotThereIsReported() {
    let store = makeStore()
    store.send(.path(.popFrom(id: 4)))
    #expect(recorder.kinds == [.childNotPresent])
  }

  @Test func releasingTheStoreEndsEveryChildsEffects() async {
    var store: Store<Parent, ParentAction, Void>? = makeStore()
    store!.send(.present(1))
    store!.send(.detail(.listen))
    await feed.waitUntilStarted(1)
    weak let released = store
    store = nil
    #expect(released == nil)
  }

  @Test func theValueReturningFormComposes() {
    func reduce(_ state: Counter, _ action: CounterAction) -> (Counter, Effect<CounterAction>) {
      var state = state
      if action == .increment { state.count += 10 }
      return (state, .none)
    }
    let reducer = Reduce<Parent, ParentAction> { state, action in
      if case .present(let id) = action { state.detail = Counter(id: id) }
      return .none
    }
    .ifLet(\.detail, action: \.detail) { Reduce(reduce) }
    let (state, effect) = reducer(Parent(detail: Counter(id: 1)), .detail(.increment))
    #expect(state.detail?.count == 10)
    #expect(effect.isNoEffect)
  }

  @Test func scopedStoresExistWhileTheirChildDoes() throws {
    let store = makeStore()
    #expect(store.scope(state: \.detail, action: \.detail) == nil)
    store.send(.present(1))
    let detail = try #require(store.scope(state: \.detail, action: \.detail))
    detail.send(.increment)
    #expect(detail.state.count == 1)
    store.send(.dismiss)
    #expect(detail.state.count == 1)  // the last state it read
    detail.send(.increment); let line = #line
    #expect(recorder.kinds == [.childNotPresent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
  }

  @Test func rowStoresAreIdentifiedByTheirElement() {
    let store = makeStore()
    store.send(.addRow(1))
    store.send(.addRow(2))
    let rows = store.scope(state: \.rows, action: \.rows)
    #expect(rows.map(\.id) == [AnyHashableSendable(1), AnyHashableSendable(2)])
    rows[1].send(.increment)
    #expect(store.state.rows[id: 2]?.count == 1)
    #expect(rows[1].state.count == 1)
  }
}
