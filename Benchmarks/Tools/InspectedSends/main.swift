// `Store.send` with inspectors attached, synchronously on the main thread, for callgrind (which
// counts instructions repeatably on a noisy VM):
//
//     swift build -c release --product InspectedSends
//     valgrind --tool=callgrind .build/release/InspectedSends counting 20000
//     valgrind --tool=callgrind .build/release/InspectedSends counting 0     # subtract this run
//
// Modes: plain (no inspector, the floor), counting (an inspector that only counts its records),
// journal (a journal in memory, which reads the store's step ring: the main thread's count is
// the ring's write; run with --separate-threads=yes to see it apart from the journal's queue).
import Statecraft
import StatecraftJournal
import Synchronization

struct Counter: Codable { var count = 0 }
enum CounterAction: Codable, Sendable { case increment }

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
  case "journal":
    store.attach(
      try! Journal(
        schema: SnapshotSchema<Counter>("counter"), action: CounterAction.self, to: .memory(keepingLastSteps: 1_000)))
  default: fatalError("unknown mode \(mode)")
  }
  for _ in 0..<n { store.send(.increment) }
  if store.state.count == -1 { print("") }
}
