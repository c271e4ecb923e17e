import Benchmark
import Statecraft

/// Fan-out from one sender to N observers. An iteration is one `send`, so deliveries per second
/// are N times the throughput the table shows. Each measurement has a baseline in the same run:
/// one `AsyncStream` per observer, yielded to directly.
func streamingBenchmarks() {
  for observers in [1, 10, 100] {
    fanOutInOneTask(observers)
    fanOutToConsumerTasks(observers)
  }
}

/// Sends one element, then reads it from every observer, in the same task: the cost of a
/// delivery without thread wake-ups, which makes the ratio stable from run to run.
private func fanOutInOneTask(_ observers: Int) {
  Benchmark("Baseline: fan-out to \(observers) AsyncStreams, yielded to directly") { benchmark in
    let streams = (0..<observers).map { _ in AsyncStream<Int>.makeStream() }
    var iterators = streams.map { $0.stream.makeAsyncIterator() }
    for index in benchmark.scaledIterations {
      for stream in streams { stream.continuation.yield(index) }
      for observer in iterators.indices { blackHole(await iterators[observer].next()) }
    }
  }
  Benchmark("OpenAsyncBroadcast: fan-out to \(observers) observers") { benchmark in
    let broadcast = OpenAsyncBroadcast<Int>()
    var iterators = (0..<observers).map { _ in broadcast.observe().makeAsyncIterator() }
    for index in benchmark.scaledIterations {
      broadcast.send(index)
      for observer in iterators.indices { blackHole(await iterators[observer].next()) }
    }
  }
}

/// Each observer drains its stream in its own task, as real observers do. Thread wake-ups
/// dominate, so on a small VM these swing from run to run.
private func fanOutToConsumerTasks(_ observers: Int) {
  Benchmark("Baseline: fan-out to \(observers) AsyncStreams drained by their own tasks") {
    benchmark in
    let streams = (0..<observers).map { _ in AsyncStream<Int>.makeStream() }
    let consumers = streams.map { stream in Task { await drain(stream.stream) } }
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      for stream in streams { stream.continuation.yield(index) }
    }
    for stream in streams { stream.continuation.finish() }
    for consumer in consumers { blackHole(await consumer.value) }
    benchmark.stopMeasurement()
  }
  Benchmark("OpenAsyncBroadcast: fan-out to \(observers) observers drained by their own tasks") {
    benchmark in
    let broadcast = OpenAsyncBroadcast<Int>()
    let consumers = (0..<observers).map { _ in
      let stream = broadcast.observe()
      return Task { await drain(stream) }
    }
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      broadcast.send(index)
    }
    broadcast.finish()
    for consumer in consumers { blackHole(await consumer.value) }
    benchmark.stopMeasurement()
  }
}

/// Reads a stream to its end and returns how many elements it had.
private func drain(_ stream: AsyncStream<Int>) async -> Int {
  var count = 0
  for await _ in stream { count += 1 }
  return count
}
