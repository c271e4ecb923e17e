import Statecraft
import StatecraftTesting
import Testing

/// 10,000 cycles of present, start an effect, dismiss, for each kind of child. Afterwards the
/// effect registry itself holds no effect and no child scope, nothing was delivered to a child
/// that had gone (it would be reported, or count in the next child), and the child stores are
/// released.
@MainActor
@Suite("Composition: churn", .timeLimit(.minutes(5)))
struct ChildChurnTests {
  static let cycles = 10_000
  let feed = Feed()
  let recorder = DiagnosticRecorder()

  func makeStore() -> Store<Parent, ParentAction, Void> {
    DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: Parent(), reducer: parentReducer(feed))
    }
  }

  /// Runs `cycles` cycles of `present`, a listening effect of the child's, a value fed to it and
  /// `dismiss` at once, so that the value is in flight when the child ends. Checks that each new
  /// child counted nothing that an earlier one was sent.
  func churn(
    present: (Store<Parent, ParentAction, Void>, Int) -> Void,
    listen: (Store<Parent, ParentAction, Void>, Int) -> Void,
    count: (Store<Parent, ParentAction, Void>, Int) -> Int?,
    dismiss: (Store<Parent, ParentAction, Void>, Int) -> Void
  ) async -> Store<Parent, ParentAction, Void> {
    let store = makeStore()
    for cycle in 0..<Self.cycles {
      present(store, cycle)
      listen(store, cycle)
      await feed.waitUntilStarted(cycle + 1)
      #expect(count(store, cycle) == 0)
      feed.yield(1)
      dismiss(store, cycle)
    }
    #expect(store.liveEffectCount == 0)
    #expect(store.childScopeCount == 0)
    #expect(recorder.diagnostics.isEmpty)
    return store
  }

  @Test func optionalChildren() async {
    weak var lastChildStore: ScopedStore<Counter, CounterAction>?
    let store = await churn(
      present: { store, cycle in
        store.send(.present(cycle))
        lastChildStore = store.scope(state: \.detail, action: \.detail)
      },
      listen: { store, _ in store.send(.detail(.listen)) },
      count: { store, _ in store.state.detail?.count },
      dismiss: { store, _ in store.send(.dismiss) })
    #expect(lastChildStore == nil)
    #expect(store.state.detail == nil)
  }

  @Test func rows() async {
    weak var lastRowStore: ScopedStore<Counter, CounterAction>?
    let store = await churn(
      present: { store, cycle in
        store.send(.addRow(cycle))
        lastRowStore = store.scope(state: \.rows, action: \.rows).last
      },
      listen: { store, cycle in store.send(.rows(.element(id: cycle, action: .listen))) },
      count: { store, cycle in store.state.rows[id: cycle]?.count },
      dismiss: { store, cycle in store.send(.removeRow(cycle)) })
    #expect(lastRowStore == nil)
    #expect(store.state.rows.isEmpty)
  }

  @Test func enumCases() async {
    _ = await churn(
      present: { store, cycle in store.send(.showEdit(cycle)) },
      listen: { store, _ in store.send(.destination(.edit(.listen))) },
      count: { store, _ in
        guard case .edit(let counter) = store.state.destination else { return nil }
        return counter.count
      },
      dismiss: { store, _ in store.send(.showOther) })
  }

  @Test func stackScreens() async {
    let store = await churn(
      present: { store, cycle in store.send(.path(.push(Counter(id: cycle)))) },
      listen: { store, cycle in
        store.send(.path(.element(id: StackElementID(rawValue: cycle), action: .listen)))
      },
      count: { store, cycle in store.state.path[id: StackElementID(rawValue: cycle)]?.count },
      dismiss: { store, cycle in store.send(.path(.popFrom(id: StackElementID(rawValue: cycle)))) })
    #expect(store.state.path.isEmpty)
  }
}
