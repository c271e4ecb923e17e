// The live inspector under load: an app sends 100,000 actions to a store, with no inspector and
// then with the live inspector attached and a page connected that never reads its WebSocket (the
// slowest page there is: the server's writes to it stall, and its lines are dropped). It prints
// the throughput of both, their ratio, what was dropped, and the heap in use, which must stay
// bounded by the inspector's buffers whatever the number of actions.
//
//     swift run -c release InspectorLoad [actions] [rounds]
//
// LOAD_BUFFER sets the inspector's buffer (10,000), LOAD_DESCRIBE how many records a second the
// server describes (1,000), LOAD_COUNTING=1 attaches a counting inspector instead. LOAD_ONLY=plain
// or LOAD_ONLY=inspected times one of the two stores, so that a profile shows that one alone.
import Foundation
import HeapUsage
import StalledPage
import Statecraft
import StatecraftInspector
import Synchronization

struct Counter { var count = 0 }
enum CounterAction: Sendable { case increment }

func counter(_ state: inout Counter, _: CounterAction) -> Effect<CounterAction> {
  state.count &+= 1
  return .none
}

/// Sends `n` actions, letting other main-actor work in every 1,000 sends, as an app's main actor
/// would between events.
@MainActor func time(_ store: Store<Counter, CounterAction, Void>, _ n: Int) async -> Duration {
  let clock = ContinuousClock()
  return await clock.measure {
    var sent = 0
    while sent < n {
      let chunk = min(1_000, n - sent)
      for _ in 0..<chunk { store.send(.increment) }
      sent += chunk
      await Task.yield()
    }
  }
}

/// The cheapest inspector: what the engine's records cost without the live inspector.
final class CountingInspector: Inspector {
  let count = Mutex(0)
  func receive(_ record: InspectionRecord) { count.withLock { $0 += 1 } }
}

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

func nanoseconds(_ duration: Duration, per n: Int) -> Double {
  let (seconds, attoseconds) = duration.components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(n)
}

@MainActor func measure(n: Int, rounds: Int) async throws {
  let environment = ProcessInfo.processInfo.environment
  let server = try await InspectorServer.start(
    bufferLimit: Int(environment["LOAD_BUFFER"] ?? "") ?? 10_000,
    describeLimit: Int(environment["LOAD_DESCRIBE"] ?? "") ?? 1_000)
  let page = connectStalledPage(port: server.port, token: server.token)
  let plain = Store(initialState: Counter()) { (state: inout Counter, action: CounterAction) in
    counter(&state, action)
  }
  let inspected = Store(initialState: Counter()) { (state: inout Counter, action: CounterAction) in
    counter(&state, action)
  }
  if ProcessInfo.processInfo.environment["LOAD_COUNTING"] != nil {
    inspected.attach(CountingInspector())
  } else {
    inspected.attach(server.inspector)
  }
  let heapBefore = heap_bytes_in_use()
  var plainTimes: [Duration] = []
  var inspectedTimes: [Duration] = []
  var heapAfterRounds: [Int] = []
  let only = environment["LOAD_ONLY"]
  for _ in 0..<rounds {
    if only != "inspected" { plainTimes.append(await time(plain, n)) }
    if only != "plain" { inspectedTimes.append(await time(inspected, n)) }
    heapAfterRounds.append(heap_bytes_in_use())
  }
  await server.settle()
  print("actions per round: \(n), rounds: \(rounds), a page connected that never reads")
  let plainNs = plainTimes.isEmpty ? nil : nanoseconds(median(plainTimes), per: n)
  let inspectedNs = inspectedTimes.isEmpty ? nil : nanoseconds(median(inspectedTimes), per: n)
  if let plainNs {
    print(String(format: "no inspector:   %.0f ns per send (%.2f M actions/s)", plainNs, 1e3 / plainNs))
  }
  if let inspectedNs {
    print(String(format: "live inspector: %.0f ns per send (%.2f M actions/s)", inspectedNs, 1e3 / inspectedNs))
  }
  if let plainNs, let inspectedNs {
    print(String(format: "throughput with the inspector / without: %.2fx", plainNs / inspectedNs))
    // The fastest rounds: what each costs when nothing else on the machine gets in the way.
    let fastestPlain = nanoseconds(plainTimes.min()!, per: n)
    let fastestInspected = nanoseconds(inspectedTimes.min()!, per: n)
    print(
      String(
        format: "fastest rounds: %.0f / %.0f ns per send, %.2fx", fastestPlain, fastestInspected,
        fastestPlain / fastestInspected))
  }
  print("records dropped by the app's buffer: \(server.droppedRecords) of \(2 * n * inspectedTimes.count)")
  print(
    "heap in use after each round (MB): "
      + heapAfterRounds.map { String(format: "%.1f", Double($0) / 1e6) }.joined(separator: ", ")
      + String(format: " (before: %.1f)", Double(heapBefore) / 1e6))
  close(page)
  await server.stop()
}

let arguments = CommandLine.arguments.dropFirst()
try await measure(
  n: arguments.first.flatMap(Int.init) ?? 100_000,
  rounds: arguments.dropFirst().first.flatMap(Int.init) ?? 5)
