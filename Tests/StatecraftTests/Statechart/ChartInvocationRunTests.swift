import Statecraft
import Synchronization
import Testing

@testable import StatecraftCharts

/// The one way every chart runner runs an invocation: its events stop with the invocation's own
/// cancellation or its end, whichever task sends them, not with the sending task's cancellation.
@Suite("Running an invocation")
struct ChartInvocationRunTests {
  /// An invocation whose work hands its `send` to a task it spawns, which sends once `gate` opens
  /// and opens `attempted` once its send returned; the work itself returns once `finish` opens.
  static func spawning(
    _ gate: Gate, attempted: Gate, keepsRunningUntil finish: Gate?
  ) -> ChartInvocationRun<String, String, Int> {
    let invocation = ChartInvocation<String, String, Int>(
      name: "spawner",
      run: { _, send in
        Task {
          await gate.wait()
          await send("late")
          attempted.open()
        }
        await finish?.wait()
        return nil
      },
      onError: nil, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    return ChartInvocationRun(
      id: ChartInvocationID(state: "fetching", index: 0, name: "spawner"), invocation: invocation, context: 0,
      chart: "chart")
  }

  @Test func anEventFromASpawnedTaskAfterTheInvocationWasCancelledIsDropped() async {
    let gate = Gate()
    let attempted = Gate()
    let finish = Gate()
    let isCancelled = Atomic(false)
    let delivered = Mutex<[String]>([])
    let run = Self.spawning(gate, attempted: attempted, keepsRunningUntil: finish)
    async let report = run.run(isCancelled: { isCancelled.load(ordering: .relaxed) }) { event in
      delivered.withLock { $0.append(event) }
    }
    isCancelled.store(true, ordering: .relaxed)
    gate.open()
    // The spawned task sends while the work still runs, but the invocation was cancelled.
    await attempted.wait()
    finish.open()
    #expect(await report == nil)
    #expect(delivered.withLock { $0 }.isEmpty)
  }

  @Test func anEventFromASpawnedTaskAfterTheInvocationEndedIsDropped() async {
    let gate = Gate()
    let attempted = Gate()
    let delivered = Mutex<[String]>([])
    let ended = Self.spawning(gate, attempted: attempted, keepsRunningUntil: nil)
    #expect(await ended.run(isCancelled: { false }) { event in delivered.withLock { $0.append(event) } } == nil)
    gate.open()
    await attempted.wait()
    #expect(delivered.withLock { $0 }.isEmpty)
  }

  @Test func anEventFromASpawnedTaskWhileTheInvocationRunsIsDelivered() async {
    let gate = Gate()
    let attempted = Gate()
    let delivered = Mutex<[String]>([])
    let running = Self.spawning(gate, attempted: attempted, keepsRunningUntil: attempted)
    gate.open()
    _ = await running.run(isCancelled: { false }) { event in delivered.withLock { $0.append(event) } }
    #expect(delivered.withLock { $0 } == ["late"])
  }
}
