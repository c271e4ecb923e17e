import Benchmark

/// Every benchmark runs its iterations inside one hop to the main actor, so baselines and
/// Statecraft pay the same harness cost, spread over 1,000 iterations.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 100_000
  )
  harnessBenchmarks()
  storeBenchmarks()
  stateObjectBenchmarks()
  machineBenchmarks()
  chartBenchmarks()
  timerBenchmarks()
  compositionBenchmarks()
  journalBenchmarks()
  streamingBenchmarks()
  memoryBenchmarks()
}

/// What each harness costs by itself, per iteration, to subtract from every figure measured with
/// it: `Scripts/ratios.py` reports ratios net of it, so that no ratio is flattered by overhead that
/// both sides share.
func harnessBenchmarks() {
  onMainActor("Baseline: empty iteration on the main actor") { iterations in
    for index in iterations { blackHole(index) }
  }
  Benchmark("Baseline: empty iteration in a task") { benchmark in
    for index in benchmark.scaledIterations { blackHole(index) }
  }
  asyncRoundTrip("Baseline: empty round trip", emptyMainActorLoop)
}

/// Registers a benchmark that runs its iterations inside one hop to the main actor.
func onMainActor(_ name: String, _ body: @escaping @MainActor @Sendable (Range<Int>) -> Void) {
  Benchmark(name) { benchmark in
    let iterations = benchmark.scaledIterations
    await MainActor.run { body(iterations) }
  }
}

/// Registers a benchmark whose every iteration is a whole asynchronous operation, such as a round
/// trip through a task. `body` loops over the iterations, 1,000 per sample, so that the hop into
/// it (to the main actor, for most) is spread over them like the synchronous harness's.
func asyncRoundTrip(_ name: String, _ body: @escaping @Sendable (Range<Int>) async -> Void) {
  Benchmark(name) { benchmark in
    await body(benchmark.scaledIterations)
  }
}

/// The empty benchmark of the asynchronous harness: a hop to the main actor and an empty loop.
@MainActor
func emptyMainActorLoop(_ iterations: Range<Int>) async {
  for index in iterations { blackHole(index) }
}
