// `Store.send` with inspectors attached, synchronously on the main thread, for callgrind (which
// counts instructions repeatably on a noisy VM):
//
//     swift build -c release --product InspectedSends
//     valgrind --tool=callgrind .build/release/InspectedSends counting 20000
//     valgrind --tool=callgrind .build/release/InspectedSends counting 0     # subtract this run
//
// Modes: plain (no inspector, the floor), counting (an inspector that only counts its records).
import Statecraft
import Synchronization

struct Counter { var count = 0 }
enum CounterAction: Sendable { case increment }

/// The cheapest inspector: what the engine's records cost.
final class CountingInspector: Inspector {
  let count = Mutex(0)
  func receive(_ record: InspectionRecord) { count.withLock { $0 += 1 } }
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "counting"
let n = arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000

MainActor.assumeIsolated {
  let store = Store(initialState: Counter()) { (state: inout Counter, _: CounterAction) in
    state.count &+= 1
    return .none
  }
  switch mode {
  case "plain": break
  case "counting": store.attach(CountingInspector())
  default: fatalError("unknown mode \(mode)")
  }
  for _ in 0..<n { store.send(.increment) }
  if store.state.count == -1 { print("") }
}
