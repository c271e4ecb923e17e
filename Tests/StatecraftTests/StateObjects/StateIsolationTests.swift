import Dispatch
import Statecraft
import Synchronization
import Testing

// Declared at file scope, nonisolated, as users declare their states.

/// Whether each call ran on the main actor's executor, in order. The main actor runs its jobs on
/// the main dispatch queue, marked here with a key: under the test runner they need not run on
/// the main thread, so `Thread.isMainThread` would not tell.
final class StateThreads: Sendable {
  static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  let onMain = Mutex<[Bool]>([])

  init() { _ = StateThreads.mainQueueKey }

  nonisolated func record() {
    let onMainQueue = DispatchQueue.getSpecific(key: StateThreads.mainQueueKey) == true
    onMain.withLock { $0.append(onMainQueue) }
  }

  var all: [Bool] { onMain.withLock { $0 } }
}

struct PlainState: StateMachineState {
  let threads: StateThreads
  func enter() async { threads.record() }
  func exit() async { threads.record() }
}

struct NonsendingState: StateMachineState {
  let threads: StateThreads
  nonisolated(nonsending) func enter() async { threads.record() }
  nonisolated(nonsending) func exit() async { threads.record() }
}

struct ConcurrentState: StateMachineState {
  let threads: StateThreads
  @concurrent func enter() async { threads.record() }
  @concurrent func exit() async { threads.record() }
}

/// Where a state's `enter()` and `exit()` run, by how they are declared, on this toolchain in
/// Swift 6 language mode without the `NonisolatedNonsendingByDefault` upcoming feature (the
/// package's settings). The README's "Where `enter()` and `exit()` run" says the same.
///
/// The machine calls them through `StateMachineState`'s `nonisolated(nonsending)` requirements.
/// A plain `func enter() async` that satisfies a requirement runs on the caller's actor when
/// called through it, as `nonisolated(nonsending)` does; only an explicit `@concurrent` leaves the
/// main actor. A toolchain that changes either rule fails here.
@MainActor
@Suite("Where a state's enter() and exit() run")
struct StateIsolationTests {
  /// Starts a machine in `state`, then stops it: one `enter()` and one `exit()`.
  func enterAndExit(_ state: some StateMachineState) async {
    let machine = ContextualStateMachine(initialState: state)
    await machine.start()
    await machine.stop()
  }

  @Test func aPlainEnterRunsOnTheMachinesActor() async {
    let threads = StateThreads()
    await enterAndExit(PlainState(threads: threads))
    #expect(threads.all == [true, true])
  }

  @Test func aNonsendingEnterRunsOnTheMachinesActor() async {
    let threads = StateThreads()
    await enterAndExit(NonsendingState(threads: threads))
    #expect(threads.all == [true, true])
  }

  @Test func aConcurrentEnterLeavesTheMainActor() async {
    let threads = StateThreads()
    await enterAndExit(ConcurrentState(threads: threads))
    #expect(threads.all == [false, false])
  }
}
