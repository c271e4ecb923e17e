// Times Statecraft's hot paths in tight loops, outside package-benchmark's harness, and gives
// `perf record` a small binary to profile:
//
//     swift run -c release SendLoops store 3000000
//     perf record -g .build/release/SendLoops machine 1000000
//
// Modes: store, markedstore (an @ObservableState state), observable (the floor of store), machine, roundtrip, mainroundtrip, taskfloor, sideeffect, contextual,
// contextualmain, contextualnonsending, bare and baremain (their floor, bpisano's blog post's bare machine), chart,
// chartstep, storebursts and storejournalbursts (the harness's journal benchmarks), slowinspector (4 senders to a chart with a slow inspector: records delivered and dropped,
// peak resident size), idlestore, idlestorefunction, idlecontextual (heap bytes an idle instance keeps; trace them with
// `valgrind --trace-malloc=yes .build/release/SendLoops idlestore 2`).
//
// It prints the time per operation. The measurements that reports quote are in
// `Benchmarks/StatecraftBenchmarks`, with their baselines in the same run.
import Foundation
import HeapUsage
import NestedFeatures
import Observation
import StateObjectShapes
import Statecraft
import StatecraftJournal

enum A: Sendable { case inc }
struct C { var count = 0 }

@DSLCompatible enum T { case count(Int) }
@DSLCompatible enum TE { case add }

let tally = StateMachine(initial: T.count(0)) {
  When(state: T.count) { _ in
    Execute.noOutput
  } transitions: { count in
    On(event: TE.add) { _ in Transition(to: T.count(count &+ 1)) }
  }
}

/// A reducer written as a global function, as the benchmarks write theirs.
func countingReducer(_ state: inout C, _: A) -> Effect<A> {
  state.count &+= 1
  return .none
}

/// Reads the state first, as a view does.
@MainActor func storeLoop(_ n: Int) {
  let store = Store(initialState: C()) { (s: inout C, _: A) in
    s.count &+= 1; return .none
  }
  if store.state.count == 42 { print("") }
  for _ in 0..<n { store.send(.inc) }
  if store.state.count == 42 { print("") }
}

func machineLoop(_ n: Int) async {
  let seq = AsyncStateMachineSequence(stateMachine: tally, runtime: Runtime())
  for _ in 0..<n { await seq.send(.add) }
  if seq.currentState == .count(42) { print("") }
}

/// `C`, observed field by field.
@ObservableState struct MarkedC { var count = 0 }

/// Reads the state first, as a view does: its sends collect the fields they change.
@MainActor func markedStoreLoop(_ n: Int) {
  let store = Store(initialState: MarkedC()) { (s: inout MarkedC, _: A) in
    s.count &+= 1; return .none
  }
  if store.state.count == 42 { print("") }
  for _ in 0..<n { store.send(.inc) }
  if store.state.count == 42 { print("") }
}

/// The floor of `Store.send`: one property mutation of an `@Observable` model.
@Observable final class ObservableC { var count = 0 }
@MainActor func observableLoop(_ n: Int) {
  let model = ObservableC()
  for _ in 0..<n { model.count &+= 1 }
  if model.count == 42 { print("") }
}

enum RA: Sendable { case start, done }
@MainActor func roundTrips(_ n: Int) async {
  let store = Store(initialState: C()) { (s: inout C, a: RA) -> Effect<RA> in
    switch a {
    case .start:
      return .task {
        await nonisolatedOperation()
        return .done
      }
    case .done: s.count &+= 1; return .none
    }
  }
  for _ in 0..<n { await store.send(.start).finish() }
}

/// An effect that never leaves the main actor: the effect machinery's own cost.
@MainActor func mainActorRoundTrips(_ n: Int) async {
  let store = Store(initialState: C()) { (s: inout C, a: RA) -> Effect<RA> in
    switch a {
    case .start: return .run { @MainActor send in send(.done) }
    case .done: s.count &+= 1; return .none
    }
  }
  for _ in 0..<n { await store.send(.start).finish() }
}

struct PlainS: StateMachineState {}

/// The floor of an effect round trip: a main-actor task that awaits a nonisolated operation.
/// Not empty: the optimizer removes the executor hops around an empty operation, which would make
/// the floor a round trip that never leaves the main actor.
@concurrent @inline(never) func nonisolatedOperation() async { opaque(0) }
@inline(never) func opaque(_ value: Int) { if value == 42 { print("") } }
@MainActor func taskFloor(_ n: Int) async {
  for _ in 0..<n {
    await Task { @MainActor in
      await nonisolatedOperation()
      opaque(1)
    }.value
  }
}
@MainActor func transitions(_ n: Int) async {
  let machine = ContextualStateMachine(initialState: PlainS())
  await machine.start()
  for _ in 0..<n { await machine.transition(to: PlainS()) }
}
@MainActor func mainActorTransitions(_ n: Int) async {
  let machine = ContextualStateMachine(initialState: MainActorState())
  await machine.start()
  for _ in 0..<n { await machine.transition(to: MainActorState()) }
}
@MainActor func nonsendingTransitions(_ n: Int) async {
  let machine = ContextualStateMachine(initialState: NonsendingState())
  await machine.start()
  for _ in 0..<n { await machine.transition(to: NonsendingState()) }
}
/// The floor: bpisano's blog post's bare machine, with the same state shapes.
@MainActor func bareTransitions(_ n: Int, main: Bool) async {
  let machine = BareMachine(initialState: main ? MainActorBareState() : TrivialBareState())
  await machine.start()
  if main {
    for _ in 0..<n { await machine.transition(to: MainActorBareState()) }
  } else {
    for _ in 0..<n { await machine.transition(to: TrivialBareState()) }
  }
}

@DSLCompatible enum G { case open, closing, closed }
@DSLCompatible enum GE { case close, locked, reopen }
@DSLCompatible enum GO { case lock }
let gate = StateMachine(initial: G.open) {
  When(state: G.open) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: GE.close) { _ in Transition(to: G.closing) }
  }
  When(state: G.closing) { _ in
    Execute(output: GO.lock)
  } transitions: { _ in
    On(event: GE.locked) { _ in Transition(to: G.closed) }
  }
  When(state: G.closed) { _ in
    Execute.noOutput
  } transitions: { _ in
    On(event: GE.reopen) { _ in Transition(to: G.open) }
  }
}
func sideEffects(_ n: Int) async {
  let seq = AsyncStateMachineSequence(stateMachine: gate, runtime: Runtime().map(output: GO.lock, to: { GE.locked }))
  for _ in 0..<n {
    await seq.send(.close, resumeWhen: .closed)
    await seq.send(.reopen)
  }
}

@DSLCompatible enum Cy { case first, second, third }
@DSLCompatible enum CyE { case next }
extension Cy: Codable {}
extension CyE: Codable {}
let flatChart = Statechart<Cy, CyE, EmptyChartContext>(initial: .first) {
  StateNode(.first) { OnEvent(.next, target: .second) }
  StateNode(.second) { OnEvent(.next, target: .third) }
  StateNode(.third) { OnEvent(.next, target: .first) }
}
func chartSteps(_ n: Int) {
  var snapshot = flatChart.initialTransition().snapshot
  for _ in 0..<n { snapshot = flatChart.transition(from: snapshot, on: .next).snapshot }
  if snapshot.isIn(.first) { print("") }
}
/// The flat chart's journal, in rolling files, as the harness's chart journal benchmark writes it.
func chartJournal() -> Journal<ChartSnapshot<Cy, CyE, EmptyChartContext>, CyE> {
  try! Journal(
    schema: SnapshotSchema<ChartSnapshot<Cy, CyE, EmptyChartContext>>("cycle"),
    action: CyE.self,
    to: .rollingFiles(
      FileManager.default.temporaryDirectory.appending(path: "sendloops-chart.jsonl").path(),
      maxBytes: 50_000_000, keep: 1))
}

func chartSends(_ n: Int, journaled: Bool = false) async {
  let chart = AsyncStatechartSequence(flatChart)
  let journal = chartJournal()
  if journaled { chart.attach(journal) }
  for _ in 0..<n { await chart.send(.next) }
  journal.flush()
  if chart.isIn(.first) { print("") }
}

/// Sends in bursts of 1,000, each followed by a flush outside the time measured, as the harness's
/// journal benchmarks measure a journal that keeps up. Returns the time of the sends alone.
func chartBursts(_ n: Int, journaled: Bool) async -> Duration {
  let chart = AsyncStatechartSequence(flatChart)
  let journal = chartJournal()
  if journaled { chart.attach(journal) }
  var total = Duration.zero
  let clock = ContinuousClock()
  for _ in 0..<(n / 1_000) {
    let start = clock.now
    for _ in 0..<1_000 { await chart.send(.next) }
    total += start.duration(to: clock.now)
    journal.flush()
  }
  return total
}

/// An allocation of 12,345 bytes, which brackets the instances' own in `valgrind --trace-malloc`.
@inline(never) func traceMarker() {
  UnsafeMutableRawPointer.allocate(byteCount: 12_345, alignment: 16).deallocate()
}

/// The heap bytes each of `n` instances keeps, after a first one that pays for metadata.
@MainActor func keptBytes<Instance>(_ n: Int, make: @MainActor () async -> Instance) async -> Int {
  var kept = [await make()]
  kept.reserveCapacity(n + 1)
  let before = heap_bytes_in_use()
  traceMarker()
  for _ in 0..<n { kept.append(await make()) }
  traceMarker()
  let after = heap_bytes_in_use()
  withExtendedLifetime(kept) {}
  return (Int(after) - Int(before)) / max(n, 1)
}

/// An inspector slower than the owner it inspects: each record takes it about 20 µs. It counts
/// the records it receives, and those dropped (the gaps in their sequence numbers).
final class SlowInspector: Inspector, @unchecked Sendable {
  // Safe: `counts` is touched only under `lock`; records of one owner arrive one at a time.
  private let lock = NSLock()
  private var counts = (received: 0, dropped: 0, last: UInt64(0))

  func receive(_ record: InspectionRecord) {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < .microseconds(20) {}
    lock.lock()
    counts.received += 1
    counts.dropped += Int(record.sequence - counts.last - 1)
    counts.last = record.sequence
    lock.unlock()
  }

  var totals: (received: Int, dropped: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (counts.received, counts.dropped)
  }
}

/// The peak resident size of this process so far, from the kernel.
func peakResidentMegabytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return -1 }
  return kilobytes / 1024
}

/// 4 senders, `n` events each, to a chart whose state has an invocation that sends it events too,
/// with a slow inspector attached: the load under which inspection's queue once grew without
/// bound.
func slowInspectorLoad(_ n: Int) async {
  let chart = Statechart<String, String, EmptyChartContext>(initial: "on") {
    StateNode("on") {
      // Sends the chart events of its own, as fast as it can: its task takes its turn at
      // delivering records, while the senders' records queue behind them.
      Invoke("feed", events: { _ in AsyncStream(unfolding: { "ping" }) })
      OnEvent("ping")
    }
  }
  let inspector = SlowInspector()
  let running = AsyncStatechartSequence(chart)
  running.attach(inspector)
  let start = ContinuousClock.now
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<4 {
      group.addTask { for _ in 0..<n { await running.send("ping") } }
    }
  }
  let sent = ContinuousClock.now - start
  let totals = inspector.totals
  print(
    "slow inspector: \(4 * n) sends in \(sent), \(totals.received) records delivered, \(totals.dropped) dropped, peak RSS \(peakResidentMegabytes()) MB"
  )
}

let mode = CommandLine.arguments.dropFirst().first ?? "store"
let n = Int(CommandLine.arguments.dropFirst(2).first ?? "1000000")!
let clock = ContinuousClock()
if mode == "slowinspector" {
  await slowInspectorLoad(n)
} else if mode == "idlestore" {
  let bytes = await keptBytes(n) {
    Store(initialState: C()) { (s: inout C, _: A) in
      s.count &+= 1; return .none
    }
  }
  print("idle store", bytes, "B")
} else if mode == "idlestorefunction" {
  let bytes = await keptBytes(n) { Store(initialState: C(), reducer: countingReducer) }
  print("idle store, reducer a global function", bytes, "B")
} else if mode == "idlecontextual" {
  let bytes = await keptBytes(n) {
    let machine = ContextualStateMachine(initialState: PlainS())
    await machine.start()
    return machine
  }
  print("idle started contextual machine", bytes, "B")
} else if mode == "markedstore" {
  let d = await clock.measure { await MainActor.run { markedStoreLoop(n) } }
  print("Store.send, an @ObservableState state read", d / n)
} else if mode == "observable" {
  let d = await clock.measure { await MainActor.run { observableLoop(n) } }
  print("@Observable mutation (floor)", d / n)
} else if mode == "mainroundtrip" {
  let d = await clock.measure { await mainActorRoundTrips(n) }
  print("effect round trip on the main actor", d / n)
} else if mode == "taskfloor" {
  let d = await clock.measure { await taskFloor(n) }
  print("main-actor task round trip (floor)", d / n)
} else if mode == "contextual" {
  let d = await clock.measure { await transitions(n) }
  print("contextual transition", d / n)
} else if mode == "contextualmain" {
  let d = await clock.measure { await mainActorTransitions(n) }
  print("contextual transition, @MainActor states", d / n)
} else if mode == "contextualnonsending" {
  let d = await clock.measure { await nonsendingTransitions(n) }
  print("contextual transition, nonisolated(nonsending) states", d / n)
} else if mode == "bare" || mode == "baremain" {
  let d = await clock.measure { await bareTransitions(n, main: mode == "baremain") }
  print("bare machine transition (floor)", d / n)
} else if mode == "sideeffect" {
  let d = await clock.measure { await sideEffects(n) }
  print("side-effect round trip", d / n)
} else if mode == "roundtrip" {
  let d = await clock.measure { await roundTrips(n) }
  print("effect round trip", d / n)
} else if mode == "nested" || mode == "nested10" || mode == "nestedroot" {
  let d = await clock.measure { await MainActor.run { nestedLoop(n, mode: mode) } }
  print(mode, d / n)
} else if mode == "journal" {
  let d = await clock.measure { await MainActor.run { journalLoop(n) } }
  print(mode, d / n)
} else if mode.hasPrefix("deep") {
  let d = await clock.measure { await MainActor.run { deepLoop(n, mode: mode) } }
  print(mode, d / n)
} else if mode == "chartstep" {
  let d = clock.measure { chartSteps(n) }
  print("chart step", d / n)
} else if mode == "storebursts" || mode == "storejournalbursts" {
  let d = await MainActor.run { storeBursts(n, journaled: mode == "storejournalbursts") }
  print(mode, d / n)
} else if mode == "chartbursts" || mode == "chartjournalbursts" {
  let d = await Task.detached { await chartBursts(n, journaled: mode == "chartjournalbursts") }.value
  print(mode, d / n)
} else if mode == "chart" || mode == "chartjournal" {
  let d = await clock.measure { await Task.detached { await chartSends(n, journaled: mode == "chartjournal") }.value }
  print(mode == "chart" ? "chart send" : "chart send with a journal", d / n)
} else if mode == "store" {
  let d = await clock.measure { await MainActor.run { storeLoop(n) } }
  print("store send", d / n)
} else {
  let d = await clock.measure { await Task.detached { await machineLoop(n) }.value }
  print("machine send", d / n)
}

/// A feature holding an optional copy of itself, 10 levels deep, as the composition benchmarks.
struct Level: Equatable {
  var value = 0
  private var boxed: [Level] = []
  var child: Level? {
    get { boxed.first }
    _modify {
      var child = boxed.popLast()
      defer { boxed = child.map { [$0] } ?? [] }
      yield &child
    }
  }
}

@CaseRoutable
indirect enum LevelAction: Sendable {
  case increment
  case child(LevelAction)
}

@MainActor
func levelReducer() -> Reduce<Level, LevelAction> {
  Reduce<Level, LevelAction> { state, action in
    if case .increment = action { state.value &+= 1 }
    return .none
  }
  .ifLet(\.child, action: \.child) { levelReducer() }
}

@MainActor
func nestedLoop(_ n: Int, mode: String) {
  var root = Level()
  for _ in 0..<10 {
    var parent = Level()
    parent.child = root
    root = parent
  }
  let store = Store(initialState: root, reducer: levelReducer())
  var stores = [store.scope(state: { $0 }, action: { (action: LevelAction) in action })]
  for _ in 1...10 {
    stores.append(stores.last!.scope(state: { $0.child ?? Level() }, action: LevelAction.child))
  }
  for scoped in stores { _ = scoped.state }
  switch mode {
  case "nestedroot": for _ in 0..<n { store.send(.increment) }
  case "nested": for _ in 0..<n { stores[1].send(.increment) }
  default: for _ in 0..<n { stores[10].send(.increment) }
  }
}

@MainActor
func deepLoop(_ n: Int, mode: String) {
  let (root, level1, level10) = NestedFeatures.make(everyLevelObserved: mode.hasSuffix("all"))
  switch mode {
  case "deeproot", "deeprootall": for _ in 0..<n { root.send(.increment) }
  case "deep1", "deep1all": for _ in 0..<n { level1.send(.increment) }
  default: for _ in 0..<n { level10.send(.increment) }
  }
}

struct JournaledCount: Codable, Equatable {
  var count = 0
  var label = "counter"
  var recent: [Int] = [1, 2, 3, 4, 5]
}

enum JournaledIncrement: Codable, Sendable { case increment }

/// Sends in bursts of 1,000 to a new store each time, journaled in rolling files or not, each
/// followed by a flush outside the time measured: the harness's `Journal: send with ...`
/// benchmarks. Prints what the first send of a burst takes, which wakes the journal's queue if
/// anything does. Returns the time of the sends alone.
@MainActor
func storeBursts(_ n: Int, journaled: Bool) -> Duration {
  let journal = try! Journal(
    schema: SnapshotSchema<JournaledCount>("counter"), action: JournaledIncrement.self,
    to: .rollingFiles(
      FileManager.default.temporaryDirectory.appending(path: "sendloops-store.jsonl").path(),
      maxBytes: 50_000_000, keep: 1))
  var total = Duration.zero
  var firstSends = Duration.zero
  let clock = ContinuousClock()
  let bursts = n / 1_000
  for _ in 0..<bursts {
    let store = Store(
      initialState: JournaledCount(),
      reducer: Reduce<JournaledCount, JournaledIncrement> { state, _ in
        state.count &+= 1
        return .none
      })
    if journaled { store.attach(journal) }
    let start = clock.now
    store.send(.increment)
    let afterFirst = clock.now
    for _ in 1..<1_000 { store.send(.increment) }
    total += start.duration(to: clock.now)
    firstSends += start.duration(to: afterFirst)
    journal.flush()
  }
  print("the first send of a burst:", firstSends / bursts, "the others:", (total - firstSends) / (n - bursts))
  return total
}

@MainActor
func journalLoop(_ n: Int) {
  let journal = try! Journal(
    schema: SnapshotSchema<JournaledCount>("counter"), action: JournaledIncrement.self,
    to: .memory(keepingLastSteps: 1_000))
  let store = Store(
    initialState: JournaledCount(),
    reducer: Reduce<JournaledCount, JournaledIncrement> { state, _ in
      state.count &+= 1
      return .none
    })
  store.attach(journal)
  for _ in 0..<n { store.send(.increment) }
}
