import Benchmark
import Observation
import Statecraft
import Synchronization

/// Every benchmark runs its iterations inside one hop to the main actor, so baselines and stores
/// pay the same harness cost, spread over 1,000 iterations.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 100_000
  )

  // Baselines.

  Benchmark("Baseline: bare reducer call") { benchmark in
    let iterations = benchmark.scaledIterations
    await MainActor.run { Fixtures.bareReducer(iterations) }
  }

  Benchmark("Baseline: reducer behind a Mutex") { benchmark in
    let iterations = benchmark.scaledIterations
    await MainActor.run { Fixtures.mutexReducer(iterations) }
  }

  Benchmark("Baseline: @Observable property mutation") { benchmark in
    let iterations = benchmark.scaledIterations
    await MainActor.run { Fixtures.observableMutation(iterations) }
  }

  Benchmark("Baseline: Store.send appending to an empty array") { benchmark in
    let iterations = benchmark.scaledIterations
    await MainActor.run { Fixtures.appendToEmpty(iterations) }
  }

  // Statecraft.

  Benchmark("Store.send with .none") { benchmark in
    let iterations = benchmark.scaledIterations
    await MainActor.run { Fixtures.sendNone(iterations) }
  }

  Benchmark("Store.send appending to a 100,000-element array") { benchmark in
    let iterations = benchmark.scaledIterations
    await MainActor.run { Fixtures.appendToLarge(iterations) }
  }

  Benchmark(
    "Effect round trip: action → .task → action",
    configuration: .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .one,
      maxDuration: .seconds(2), maxIterations: 100_000)
  ) { benchmark in
    let iterations = benchmark.scaledIterations
    await Fixtures.roundTrip(iterations)
  }
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
    return .task { .taskFinished }
  }
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
  static var bareState = Counter()
  static let guardedState = Mutex(Counter())
  static let observable = ObservableCounter()
  static let counterStore = Store(initialState: Counter(), reducer: counterReducer)
  static let largeStore = Store(initialState: Array(repeating: 0, count: 100_000)) {
    (state: inout [Int], _: CounterAction) in
    state.append(state.count)
    return .none
  }

  static func bareReducer(_ iterations: Range<Int>) {
    for _ in iterations { blackHole(reducer(&bareState, .increment)) }
  }

  static func mutexReducer(_ iterations: Range<Int>) {
    let reducer = reducer
    for _ in iterations { blackHole(guardedState.withLock { reducer(&$0, .increment) }) }
  }

  static func observableMutation(_ iterations: Range<Int>) {
    for _ in iterations { observable.count &+= 1 }
    blackHole(observable.count)
  }

  static func sendNone(_ iterations: Range<Int>) {
    for _ in iterations { counterStore.send(.increment) }
    blackHole(counterStore.state.count)
  }

  static func appendToLarge(_ iterations: Range<Int>) {
    for _ in iterations { largeStore.send(.increment) }
    blackHole(largeStore.state.count)
  }

  static func appendToEmpty(_ iterations: Range<Int>) {
    // A fresh store per run, so that its array starts empty; created before the loop.
    let store = Store(initialState: [Int]()) { (state: inout [Int], _: CounterAction) in
      state.append(state.count)
      return .none
    }
    for _ in iterations { store.send(.increment) }
    blackHole(store.state.count)
  }

  static func roundTrip(_ iterations: Range<Int>) async {
    for _ in iterations { await counterStore.send(.startTask).finish() }
  }
}
