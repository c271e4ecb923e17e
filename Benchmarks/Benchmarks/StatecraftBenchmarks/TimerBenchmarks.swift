import Benchmark
import Foundation
import Statecraft

/// A chart's timers with many pending: setting one delayed send, firing one, and firing many due
/// at the same instant, through the pure step function and through a running chart. What a step
/// that touches one timer costs must not grow with the timers pending (beyond O(log n)).
func timerBenchmarks() {
  for pending in [10_000, 100_000] {
    Benchmark("Statechart timers: set one delayed send, \(pending) pending (step function)") { benchmark in
      var snapshot = TimerFixtures.pending(pending, dueFrom: .seconds(1_000_000))
      for _ in benchmark.scaledIterations {
        snapshot = TimerFixtures.chart.transition(from: snapshot, on: "set").snapshot
      }
      blackHole(snapshot)
    }
    Benchmark("Statechart timers: fire one timer, \(pending) pending (step function)") { benchmark in
      var snapshot = TimerFixtures.pending(pending + 1_000, dueFrom: .seconds(1))
      for _ in benchmark.scaledIterations {
        snapshot = TimerFixtures.chart.advance(snapshot, by: .seconds(1)).snapshot
      }
      blackHole(snapshot)
    }
    Benchmark("Statechart timers: send an event that sets a delayed send, \(pending) pending (running chart)") {
      benchmark in
      let running = AsyncStatechartSequence(
        TimerFixtures.chart, restoring: TimerFixtures.pending(pending, dueFrom: .seconds(1_000_000)),
        clock: ContinuousClock())
      await running.start()
      // Restoring and starting (which checks the snapshot) are not what is measured.
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        await running.send("set")
      }
      blackHole(running)
    }
  }
  // Every timer due at once: one iteration fires them all; divide by the count for each one's cost.
  for count in [10_000, 40_000] {
    Benchmark(
      "Statechart timers: fire \(count) timers due at the same instant (step function)",
      configuration: .init(scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 5)
    ) { benchmark in
      let snapshot = TimerFixtures.pending(count, dueFrom: .seconds(1), spacing: .zero)
      benchmark.startMeasurement()
      blackHole(TimerFixtures.chart.advance(snapshot, by: .seconds(1)).snapshot)
    }
  }
}

enum TimerFixtures {
  /// One state: "set" sets a delayed send of "tick" far in the future; "tick" does nothing.
  static let chart = Statechart<String, String, EmptyChartContext>(initial: "on") {
    StateNode("on") {
      OnEvent("set", actions: [.send("tick", delay: .seconds(2_000_000))])
      OnEvent("tick")
    }
  }

  /// A snapshot with `count` delayed sends of "tick" pending, due from `first` on, `spacing`
  /// apart. Made by decoding, as a restored chart is: setting them one per step would take the
  /// quadratic time the benchmarks measure.
  static func pending(
    _ count: Int, dueFrom first: Duration, spacing: Duration = .seconds(1)
  ) -> ChartSnapshot<String, String, EmptyChartContext> {
    cache.withLock { cache in
      let key = "\(count) \(first) \(spacing)"
      if let made = cache[key] { return made }
      let made = make(count, dueFrom: first, spacing: spacing)
      cache[key] = made
      return made
    }
  }

  private static let cache = NSLockedCache()

  private static func make(
    _ count: Int, dueFrom first: Duration, spacing: Duration
  ) -> ChartSnapshot<String, String, EmptyChartContext> {
    let initial = chart.initialTransition().snapshot
    var json = try! JSONSerialization.jsonObject(with: JSONEncoder().encode(initial)) as! [String: Any]
    let encoder = JSONEncoder()
    func encoded(_ duration: Duration) -> Any {
      try! JSONSerialization.jsonObject(with: encoder.encode(duration))
    }
    let tick = try! JSONSerialization.jsonObject(
      with: encoder.encode(ChartTimerKindSample.send), options: .fragmentsAllowed)
    json["timers"] = (0..<count).map { index -> [String: Any] in
      ["kind": tick, "due": encoded(first + spacing * index), "sequence": index]
    }
    json["nextTimerSequence"] = count
    return try! JSONDecoder().decode(
      ChartSnapshot<String, String, EmptyChartContext>.self,
      from: JSONSerialization.data(withJSONObject: json))
  }
}

/// The kind of a delayed send of "tick", as a snapshot encodes it.
enum ChartTimerKindSample: Encodable {
  case send

  func encode(to encoder: any Encoder) throws {
    // The synthesised coding of `ChartTimer.Kind.send(_:id:)`.
    var container = encoder.container(keyedBy: Keys.self)
    var send = container.nestedContainer(keyedBy: SendKeys.self, forKey: .send)
    try send.encode("tick", forKey: ._0)
    try send.encodeNil(forKey: .id)
  }

  enum Keys: String, CodingKey { case send }
  enum SendKeys: String, CodingKey { case _0, id }
}

/// The snapshots the benchmarks start from, made once.
final class NSLockedCache: @unchecked Sendable {
  // Safe: `values` is only touched under `lock`.
  private let lock = NSLock()
  private var values: [String: ChartSnapshot<String, String, EmptyChartContext>] = [:]

  func withLock<T>(_ body: (inout [String: ChartSnapshot<String, String, EmptyChartContext>]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&values)
  }
}
