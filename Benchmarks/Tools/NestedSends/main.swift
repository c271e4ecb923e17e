// `send` through the nested features, synchronously on the main thread, for callgrind (which
// counts instructions repeatably on a noisy VM, and cannot read `SendLoops`' debug information):
//
//     swift build -c release --product NestedSends
//     valgrind --tool=callgrind .build/release/NestedSends deep10 20000
//     valgrind --tool=callgrind .build/release/NestedSends deep10 0     # subtract this run
//
// Modes: deeproot, deep1, deep10, and the same with `all` (every level's state observed); rows10
// and rows10000, one row's action at a time in a list of that many rows whose every row store
// was made and read; the same prefixed with `m` over the `@ObservableState` twins of those
// features; `marked` and `plain`, a root store whose state was read, marked or not.
import NestedFeatures
import Statecraft

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "deep10"
let n = arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000

@ObservableState struct MarkedC { var count = 0 }
struct PlainC { var count = 0 }
enum Inc: Sendable { case inc }

MainActor.assumeIsolated {
  if mode == "marked" || mode == "plain" {
    if mode == "marked" {
      let store = Store(initialState: MarkedC()) { (s: inout MarkedC, _: Inc) in
        s.count &+= 1; return .none
      }
      if store.state.count == 42 { print("") }
      for _ in 0..<n { store.send(.inc) }
    } else {
      let store = Store(initialState: PlainC()) { (s: inout PlainC, _: Inc) in
        s.count &+= 1; return .none
      }
      if store.state.count == 42 { print("") }
      for _ in 0..<n { store.send(.inc) }
    }
    return
  }
  if mode.hasPrefix("mrows") {
    let rows = Int(mode.dropFirst(5)) ?? 10
    let (list, rowStores) = MarkedRowFeatures.makeListWithEveryRowRead(rows)
    for index in 0..<n { list.send(.rows(.element(id: index % rows, action: .increment))) }
    if rowStores[0].state.count == -1 { print("") }
    return
  }
  if mode.hasPrefix("mdeep") {
    let (root, level1, level10) = MarkedNestedFeatures.make(everyLevelObserved: mode.hasSuffix("all"))
    switch mode {
    case "mdeeproot", "mdeeprootall": for _ in 0..<n { root.send(.increment) }
    case "mdeep1", "mdeep1all": for _ in 0..<n { level1.send(.increment) }
    case "mdeep10", "mdeep10all": for _ in 0..<n { level10.send(.increment) }
    default: fatalError("unknown mode \(mode)")
    }
    if level10.state.value == -1 { print("") }
    return
  }
  if mode.hasPrefix("rows") {
    let rows = Int(mode.dropFirst(4)) ?? 10
    let (list, rowStores) = RowFeatures.makeListWithEveryRowRead(rows)
    for index in 0..<n { list.send(.rows(.element(id: index % rows, action: .increment))) }
    if rowStores[0].state.count == -1 { print("") }
    return
  }
  let (root, level1, level10) = NestedFeatures.make(everyLevelObserved: mode.hasSuffix("all"))
  switch mode {
  case "deeproot", "deeprootall": for _ in 0..<n { root.send(.increment) }
  case "deep1", "deep1all": for _ in 0..<n { level1.send(.increment) }
  case "deep10", "deep10all": for _ in 0..<n { level10.send(.increment) }
  default: fatalError("unknown mode \(mode)")
  }
  if level10.state.value == -1 { print("") }
}
