import Benchmark
import HeapUsage
import Observation
import StateObjectShapes
import Statecraft

/// What an idle owner keeps on the heap, against the smallest model a user could write instead.
///
/// Each benchmark creates 10,000 instances on the main thread, keeps them, and reports the growth
/// of the allocator's bytes in use divided by the count: every allocation an instance keeps, with
/// the allocator's own per-allocation overhead, which is what a user's process pays. In this
/// harness each `malloc` also carries the 16-byte header of package-benchmark's malloc interposer
/// (aligned allocations, such as a weak reference's side table, do not): the figures include it,
/// for the floor as for Statecraft. `SendLoops idlestore` and `idlecontextual` measure the same
/// without the interposer.
func memoryBenchmarks() {
  heapBytes("Memory: idle @Observable model (floor)") { ObservableCounter() }
  heapBytes("Memory: idle Store") { Store(initialState: Counter(), reducer: counterReducer) }
  heapBytes("Memory: idle started ContextualStateMachine") {
    let machine = ContextualStateMachine(initialState: TrivialState())
    await machine.start()
    return machine
  }
}

/// The custom metric that the memory benchmarks report.
let heapBytesPerInstance = BenchmarkMetric.custom(
  "Heap bytes per instance", polarity: .prefersSmaller, useScalingFactor: false)

/// Registers a benchmark that reports the heap bytes one instance from `make` keeps.
func heapBytes<Instance>(_ name: String, make: @escaping @MainActor @Sendable () async -> Instance) {
  Benchmark(
    name,
    configuration: .init(
      metrics: [heapBytesPerInstance], scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 5)
  ) { benchmark in
    benchmark.measurement(heapBytesPerInstance, await keptBytes(count: 10_000, make: make))
  }
}

/// The heap bytes that each of `count` instances keeps.
@MainActor
func keptBytes<Instance>(count: Int, make: @MainActor () async -> Instance) async -> Int {
  var kept: [Instance] = []
  kept.reserveCapacity(count + 1)
  kept.append(await make())  // The first instance pays for metadata and caches: not counted.
  let before = heap_bytes_in_use()
  for _ in 1...count { kept.append(await make()) }
  let after = heap_bytes_in_use()
  blackHole(kept)
  return (Int(after) - Int(before)) / count
}
