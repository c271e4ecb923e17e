import Clocks
import Statecraft
import StatecraftTesting
import Testing

enum SyncState: Hashable, Sendable { case idle, syncing, synced, failed }
enum SyncEvent: Hashable, Sendable { case start, uploaded, reset }

/// A row's sync status: an upload, invoked while syncing, that takes 2 seconds of `clock`, with a
/// 10-second timeout; a synced row goes back to idle after a minute.
func syncChart(
  uploadTakes upload: Duration?, clock: some Clock<Duration>
)
  -> Statechart<SyncState, SyncEvent, EmptyChartContext>
{
  Statechart<SyncState, SyncEvent, EmptyChartContext>("sync", initial: .idle) {
    StateNode(.idle) { OnEvent(.start, target: .syncing) }
    StateNode(.syncing) {
      Entry(.output("syncStarted"))
      if let upload {
        Invoke("upload") { _ in
          try await clock.sleep(for: upload)
          return .uploaded
        }
      }
      After(.seconds(10), target: .failed)
      OnEvent(.uploaded, target: .synced)
    }
    StateNode(.synced) {
      Entry(.output("synced"))
      After(.seconds(60), target: .idle)
    }
    StateNode(.failed) { OnEvent(.reset, target: .idle) }
  }
}

struct SyncedRow: Equatable, Identifiable {
  var id: Int
  var sync: ChartFeature<SyncState, SyncEvent, EmptyChartContext>
  var syncs = 0
}

@CaseRoutable
enum SyncedRowAction: Sendable, Equatable {
  case sync(ChartFeatureAction<SyncEvent>)
}

struct SyncedList: Equatable {
  var rows: IdentifiedArrayOf<SyncedRow> = []
}

@CaseRoutable
enum SyncedListAction: Sendable, Equatable {
  case add(Int)
  case remove(Int)
  case rows(IdentifiedAction<Int, SyncedRowAction>)
}

@MainActor
func syncedListReducer(
  _ chart: Statechart<SyncState, SyncEvent, EmptyChartContext>, clock: some Clock<Duration>
) -> Reduce<SyncedList, SyncedListAction> {
  Reduce<SyncedList, SyncedListAction> { state, action in
    switch action {
    case .add(let id): state.rows.append(SyncedRow(id: id, sync: ChartFeature(chart)))
    case .remove(let id): state.rows.remove(id: id)
    case .rows: break
    }
    return .none
  }
  .forEach(\.rows, action: \.rows) {
    Reduce<SyncedRow, SyncedRowAction> { state, action in
      if case .sync(.output("synced")) = action { state.syncs += 1 }
      return .none
    }
    .chart(\.sync, action: \.sync, chart, clock: clock)
  }
}

@MainActor
@Suite("Composition: a statechart as a child feature", .timeLimit(.minutes(1)))
struct ChartChildTests {
  /// The chart's step runs in the row's reducer; its outputs come back as actions, its timeout
  /// runs on the test clock, and one test store tests reducers and chart together.
  @Test func aRowsChartStepsTimesOutAndReportsOutputs() async {
    let clock = TestClock()
    let chart = syncChart(uploadTakes: nil, clock: clock)
    let store = TestStore(initialState: SyncedList(), reducer: syncedListReducer(chart, clock: clock))
    await store.send(.add(1)) { $0.rows.append(SyncedRow(id: 1, sync: ChartFeature(chart))) }
    await store.send(.rows(.element(id: 1, action: .sync(.event(.start))))) {
      $0.rows[id: 1]!.sync.snapshot = chart.transition(from: $0.rows[id: 1]!.sync.snapshot, on: .start).snapshot
    }
    await store.receive(.rows(.element(id: 1, action: .sync(.output("syncStarted")))))
    await clock.advance(by: .seconds(10))
    await store.receive(.rows(.element(id: 1, action: .sync(.timersDue)))) {
      $0.rows[id: 1]!.sync.snapshot = chart.advance($0.rows[id: 1]!.sync.snapshot, by: .seconds(10)).snapshot
    }
    #expect(store.state.rows[id: 1]!.sync.isIn(.failed))
    await store.finish()
  }

  /// An invocation runs while its state is active: its done event comes back as the chart's
  /// event, and the synced state's minute-long timer is cancelled with the row.
  @Test func anInvocationsEventsComeBackAndTheRowsRemovalEndsItsTimers() async {
    let clock = TestClock()
    let chart = syncChart(uploadTakes: .seconds(2), clock: clock)
    let store = TestStore(initialState: SyncedList(), reducer: syncedListReducer(chart, clock: clock))
    await store.send(.add(1)) { $0.rows.append(SyncedRow(id: 1, sync: ChartFeature(chart))) }
    await store.send(.rows(.element(id: 1, action: .sync(.event(.start))))) {
      $0.rows[id: 1]!.sync.snapshot = chart.transition(from: $0.rows[id: 1]!.sync.snapshot, on: .start).snapshot
    }
    await store.receive(.rows(.element(id: 1, action: .sync(.output("syncStarted")))))
    await clock.advance(by: .seconds(2))
    await store.receive(.rows(.element(id: 1, action: .sync(.event(.uploaded))))) {
      var synced = chart.advance($0.rows[id: 1]!.sync.snapshot, by: .seconds(2)).snapshot
      synced = chart.transition(from: synced, on: .uploaded).snapshot
      $0.rows[id: 1]!.sync.snapshot = synced
    }
    await store.receive(.rows(.element(id: 1, action: .sync(.output("synced"))))) {
      $0.rows[id: 1]!.syncs = 1
    }
    // The synced state's timer is running; removing the row ends it.
    await store.send(.remove(1)) { $0.rows = [] }
    await store.finish()
  }

  /// A chart whose initial state has a timer and an entry output starts when its row appears,
  /// not when the row first gets an action: its timer counts from the row's arrival.
  @Test func aChartStartsWhenItsRowAppears() async {
    let clock = TestClock()
    let chart = Statechart<SyncState, SyncEvent, EmptyChartContext>("blink", initial: .synced) {
      StateNode(.synced) {
        Entry(.output("synced"))
        After(.seconds(5), target: .idle)
      }
      StateNode(.idle) {}
    }
    let store = TestStore(initialState: SyncedList(), reducer: syncedListReducer(chart, clock: clock))
    await store.send(.add(1)) { $0.rows.append(SyncedRow(id: 1, sync: ChartFeature(chart))) }
    await store.receive(.rows(.element(id: 1, action: .sync(.output("synced"))))) {
      $0.rows[id: 1]!.syncs = 1
    }
    await clock.advance(by: .seconds(5))
    await store.receive(.rows(.element(id: 1, action: .sync(.timersDue)))) {
      $0.rows[id: 1]!.sync.snapshot = chart.advance($0.rows[id: 1]!.sync.snapshot, by: .seconds(5)).snapshot
    }
    #expect(store.state.rows[id: 1]!.sync.isIn(.idle))
    await store.finish()
  }

  @Test func anEventTheChartDoesNotHandleIsReportedAtItsSend() throws {
    let recorder = DiagnosticRecorder()
    let clock = TestClock()
    let chart = syncChart(uploadTakes: nil, clock: clock)
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: SyncedList(), reducer: syncedListReducer(chart, clock: clock))
    }
    store.send(.add(1))
    store.send(.rows(.element(id: 1, action: .sync(.event(.reset))))); let line = #line
    #expect(recorder.kinds == [.unhandledEvent])
    #expect(recorder.diagnostics.first?.callSite?.line == UInt(line))
    #expect(store.state.rows[id: 1]!.sync.isIn(.idle))
  }
}

@ObservableState
struct MarkedSyncedRow: Equatable, Identifiable {
  let id: Int
  var sync: ChartFeature<SyncState, SyncEvent, EmptyChartContext>
  var syncs = 0
}

@ObservableState
struct MarkedSyncedList: Equatable {
  var rows: IdentifiedArrayOf<MarkedSyncedRow> = []
}

@CaseRoutable
enum MarkedSyncedListAction: Sendable, Equatable {
  case add(Int)
  case rows(IdentifiedAction<Int, SyncedRowAction>)
}

@MainActor
@Suite("Composition: a statechart as a child feature of marked states", .timeLimit(.minutes(1)))
struct MarkedChartChildTests {
  /// A chart in a row of an `@ObservableState` list steps, invokes and reports as in a plain one,
  /// the test store asserts it, and a view reading the row's field is told of what the chart's
  /// output changed.
  @Test func aChartUnderMarkedParentsStepsAndIsObserved() async {
    let clock = TestClock()
    let chart = syncChart(uploadTakes: .seconds(2), clock: clock)
    let reducer = Reduce<MarkedSyncedList, MarkedSyncedListAction> { state, action in
      if case .add(let id) = action { state.rows.append(MarkedSyncedRow(id: id, sync: ChartFeature(chart))) }
      return .none
    }
    .forEach(\.rows, action: \.rows) {
      Reduce<MarkedSyncedRow, SyncedRowAction> { state, action in
        if case .sync(.output("synced")) = action { state.syncs += 1 }
        return .none
      }
      .chart(\.sync, action: \.sync, chart, clock: clock)
    }
    let store = TestStore(initialState: MarkedSyncedList(), reducer: reducer)
    await store.send(.add(1)) { $0.rows.append(MarkedSyncedRow(id: 1, sync: ChartFeature(chart))) }
    let syncs = ObservationCounter()
    syncs.track { _ = store.state.rows[id: 1]?.syncs }

    await store.send(.rows(.element(id: 1, action: .sync(.event(.start))))) {
      $0.rows[id: 1]!.sync.snapshot = chart.transition(from: $0.rows[id: 1]!.sync.snapshot, on: .start).snapshot
    }
    await store.receive(.rows(.element(id: 1, action: .sync(.output("syncStarted")))))
    let toldBeforeSync = syncs.changes
    await clock.advance(by: .seconds(2))
    await store.receive(.rows(.element(id: 1, action: .sync(.event(.uploaded))))) {
      var synced = chart.advance($0.rows[id: 1]!.sync.snapshot, by: .seconds(2)).snapshot
      synced = chart.transition(from: synced, on: .uploaded).snapshot
      $0.rows[id: 1]!.sync.snapshot = synced
    }
    await store.receive(.rows(.element(id: 1, action: .sync(.output("synced"))))) {
      $0.rows[id: 1]!.syncs = 1
    }
    #expect(syncs.changes > toldBeforeSync)
    #expect(store.state.rows[id: 1]?.syncs == 1)
    await store.skipInFlightEffects()  // the synced state's minute-long timer
  }
}
