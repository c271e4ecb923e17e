import Benchmark
import Observation
import StalledPage
import Statecraft
import StatecraftInspector
import Synchronization

/// The store against a bare reducer, a `Mutex`, `@Observable`, and a bare task round trip.
func storeBenchmarks() {
  // Baselines.

  onMainActor("Baseline: bare reducer call", Fixtures.bareReducer)
  onMainActor("Baseline: reducer behind a Mutex", Fixtures.mutexReducer)
  onMainActor("Baseline: @Observable property mutation", Fixtures.observableMutation)
  onMainActor("Baseline: Store.send appending to an empty array", Fixtures.appendToEmpty)
  asyncRoundTrip("Baseline: Task off the main actor and a hop back", Fixtures.bareTaskRoundTrip)
  asyncRoundTrip("Baseline: main-actor Task awaiting a nonisolated operation", Fixtures.mainActorTaskRoundTrip)

  // Statecraft.

  onMainActor("Store.send with .none", Fixtures.sendNone)
  onMainActor("Store.send with .none, an inspector attached", Fixtures.sendNoneInspected)
  onMainActor("Store.send with .none, @ObservableState state never read", Fixtures.sendNoneMarked)
  onMainActor("Store.send with .none, @ObservableState state read", Fixtures.sendNoneMarkedRead)
  liveInspectorBenchmark()
  onMainActor("Store.send appending to a 100,000-element array", Fixtures.appendToLarge)
  asyncRoundTrip("Effect round trip: action → .task → action", Fixtures.roundTrip)
}

enum CounterAction: Sendable {
  case increment
  case startTask
  case taskFinished
}

struct Counter {
  var count = 0
}

/// The reducer that every send benchmark and baseline runs.
func counterReducer(_ state: inout Counter, _ action: CounterAction) -> Effect<CounterAction> {
  switch action {
  case .increment, .taskFinished:
    state.count &+= 1
    return .none
  case .startTask:
    return .task {
      await nonisolatedOperation()
      return .taskFinished
    }
  }
}

/// `Counter`, observed field by field.
@ObservableState
struct MarkedCounter {
  var count = 0
}

func markedCounterReducer(_ state: inout MarkedCounter, _ action: CounterAction) -> Effect<CounterAction> {
  state.count &+= 1
  return .none
}

/// A model with one observed property, as `@Observable` writes it.
@Observable
final class ObservableCounter {
  var count = 0
}

@MainActor
enum Fixtures {
  /// Held in a variable so that the optimiser cannot inline a known reducer.
  static var reducer: (inout Counter, CounterAction) -> Effect<CounterAction> = counterReducer
  static let guardedState = Mutex(Counter())
  static let observable = ObservableCounter()
  static let counterStore = Store(initialState: Counter(), reducer: counterReducer)
  /// Never read: its sends collect no changes.
  static let markedStore = Store(initialState: MarkedCounter(), reducer: markedCounterReducer)
  /// Read once, as a view would: its sends collect the fields they change and tell them.
  static let markedReadStore: Store<MarkedCounter, CounterAction, Void> = {
    let store = Store(initialState: MarkedCounter(), reducer: markedCounterReducer)
    blackHole(store.state.count)
    return store
  }()
  static let inspectedStore: Store<Counter, CounterAction, Void> = {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    store.attach(CountingInspector())
    return store
  }()
  /// Starts empty. Like `largeStore` it keeps growing across runs, so the two differ only in the
  /// size they started from.
  static let smallStore = Store(initialState: [Int]()) { (state: inout [Int], _: CounterAction) in
    state.append(state.count)
    return .none
  }
  static let largeStore = Store(initialState: Array(repeating: 0, count: 100_000)) {
    (state: inout [Int], _: CounterAction) in
    state.append(state.count)
    return .none
  }

  // Baselines read fixtures into locals first: a static `var` in the loop would add an exclusivity
  // check per iteration that the store does not pay.

  static func bareReducer(_ iterations: Range<Int>) {
    let reducer = reducer
    var state = Counter()
    for _ in iterations { blackHole(reducer(&state, .increment)) }
    blackHole(state)
  }

  static func mutexReducer(_ iterations: Range<Int>) {
    let reducer = reducer
    for _ in iterations { blackHole(guardedState.withLock { reducer(&$0, .increment) }) }
  }

  static func observableMutation(_ iterations: Range<Int>) {
    let model = observable
    for _ in iterations { model.count &+= 1 }
    blackHole(model.count)
  }

  static func sendNone(_ iterations: Range<Int>) {
    let store = counterStore
    for _ in iterations { store.send(.increment) }
    blackHole(store.state.count)
  }

  static func sendNoneMarked(_ iterations: Range<Int>) {
    let store = markedStore
    for _ in iterations { store.send(.increment) }
  }

  static func sendNoneMarkedRead(_ iterations: Range<Int>) {
    let store = markedReadStore
    for _ in iterations { store.send(.increment) }
    blackHole(store.state.count)
  }

  static func sendNoneInspected(_ iterations: Range<Int>) {
    let store = inspectedStore
    for _ in iterations { store.send(.increment) }
    blackHole(store.state.count)
  }

  static func appendToLarge(_ iterations: Range<Int>) {
    let store = largeStore
    for _ in iterations { store.send(.increment) }
    blackHole(store.state.count)
  }

  static func appendToEmpty(_ iterations: Range<Int>) {
    let store = smallStore
    for _ in iterations { store.send(.increment) }
    blackHole(store.state.count)
  }

  static func roundTrip(_ iterations: Range<Int>) async {
    let store = counterStore
    for _ in iterations { await store.send(.startTask).finish() }
  }

  /// A task off the main actor that hops back to it: the floor of a machine's side effect.
  static func bareTaskRoundTrip(_ iterations: Range<Int>) async {
    for _ in iterations {
      await Task { await MainActor.run { blackHole(0) } }.value
    }
  }

  /// The floor of an effect round trip, as a user would write it by hand from the main actor: a
  /// main-actor task that awaits the same nonisolated operation the effect awaits, and is awaited.
  static func mainActorTaskRoundTrip(_ iterations: Range<Int>) async {
    for _ in iterations {
      await Task { @MainActor in
        await nonisolatedOperation()
        blackHole(0)
      }.value
    }
  }
}

/// The cheapest inspector that looks at every record: it counts them.
final class CountingInspector: Inspector {
  private let count = Mutex(0)

  func receive(_ record: InspectionRecord) {
    count.withLock { $0 += 1 }
  }
}

/// The work an effect awaits: nothing, on the global executor.
@concurrent @inline(never)
func nonisolatedOperation() async {
  blackHole(0)
}

/// A store with the live inspector attached, and a page connected to the inspector that never
/// reads: made once, on first use, outside any measurement.
@MainActor
enum LiveInspectorFixture {
  private static var prepared: (Store<Counter, CounterAction, Void>, InspectorServer, Int32)?

  static func store() async -> Store<Counter, CounterAction, Void> {
    if let (store, _, _) = prepared { return store }
    let server = try! await InspectorServer.start()
    let page = connectStalledPage(port: server.port, token: server.token)
    let store = Store(initialState: Counter(), reducer: counterReducer)
    store.attach(server.inspector)
    prepared = (store, server, page)
    return store
  }
}

/// `Store.send` with the live inspector attached, measured as `onMainActor` measures the others:
/// the hop to the main actor and the loop, without the server's start.
func liveInspectorBenchmark() {
  Benchmark("Store.send with .none, the live inspector attached, a page that never reads") { benchmark in
    let iterations = benchmark.scaledIterations
    let store = await LiveInspectorFixture.store()
    benchmark.startMeasurement()
    await MainActor.run {
      for _ in iterations { store.send(.increment) }
    }
    benchmark.stopMeasurement()
  }
}
