import Foundation
import Statecraft
import StatecraftEngine
import Synchronization
import Testing

/// The inspection queue keeps a bound: while a slow inspector holds up delivery, the records that
/// others emit wait in a queue of at most the inspectors' `bufferLimit`, the oldest are dropped,
/// and the next record delivered counts them.
// Serialized: its tests block threads on purpose (a slow inspector, threads emitting at once),
// and beside each other under ThreadSanitizer they starved the cooperative pool for a minute.
@Suite("Inspection: the bounded queue", .serialized, .timeLimit(.minutes(1)))
struct InspectionBufferTests {
  /// An inspector that blocks in its first `receive` until the test lets it go, and keeps what it
  /// receives.
  final class SlowInspector: Inspector, @unchecked Sendable {
    // Safe: `received` is only touched under `lock`; the semaphores are thread-safe.
    let lock = NSLock()
    var received: [InspectionRecord] = []
    let blocked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let bufferLimit: Int

    init(bufferLimit: Int) { self.bufferLimit = bufferLimit }

    func receive(_ record: InspectionRecord) {
      let isFirst = lock.withLock {
        received.append(record)
        return received.count == 1
      }
      guard isFirst else { return }
      blocked.signal()
      release.wait()
    }
  }

  static let owner = OwnerIdentity(
    type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))

  /// Keeps the sequence numbers it receives.
  final class SequenceRecorder: Inspector {
    let sequences = Mutex<[UInt64]>([])
    var bufferLimit: Int { 1_000_000 }
    func receive(_ record: InspectionRecord) { sequences.withLock { $0.append(record.sequence) } }
  }

  /// Keeps the records it receives.
  final class RecordKeeper: Inspector {
    let records = Mutex<[InspectionRecord]>([])
    func receive(_ record: InspectionRecord) { records.withLock { $0.append(record) } }
  }

  @Test func recordsThatThreadsEmitAtOnceAreEachDeliveredOnceInOrder() async {
    let recorder = SequenceRecorder()
    let inspection = Inspection(inspectors: [recorder])
    let threads = 4
    let perThread = 2_000
    // Threads of their own, not tasks: emitting blocks, and must not hold the cooperative pool.
    let remaining = Atomic(threads)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for thread in 0..<threads {
        Thread {
          for index in 0..<perThread {
            inspection.emit(
              .received(InspectedValue(thread * perThread + index)), owner: Self.owner, callSite: nil)
          }
          if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { done.resume() }
        }.start()
      }
    }
    #expect(recorder.sequences.withLock { $0 } == Array(1...UInt64(threads * perThread)))
    #expect(inspection.queuedCount == 0)
    #expect(inspection.droppedCount == 0)
  }

  /// A step holds its `received` record back until the step ends, to deliver it with the state
  /// update: a record emitted during the step (a diagnostic, an effect on another thread) must
  /// still reach inspectors after the `received` and before the update, in sequence order.
  @Test func aRecordEmittedDuringAStepArrivesBetweenItsReceivedAndItsUpdate() {
    let recorder = RecordKeeper()
    let inspection = Inspection(inspectors: [recorder])
    let received = InspectionRecord.Kind.received(InspectedValue("step"))
    let claim = inspection.claimStep(received, owner: Self.owner, callSite: nil)
    #expect(claim != nil)
    #expect(recorder.records.withLock { $0 }.isEmpty, "held back until the step ends")
    inspection.emit(.received(InspectedValue("during")), owner: Self.owner, callSite: nil)
    inspection.emitStateUpdated(
      received, callSite: nil,
      update: .stateUpdated(before: InspectedValue(0), after: InspectedValue(1)),
      owner: Self.owner, claim: claim!)
    #expect(recorder.records.withLock { $0 }.map(\.sequence) == [1, 2, 3])
    #expect(
      recorder.records.withLock { $0 }.map { "\($0.kind)" } == [
        "\(InspectionRecord.Kind.received(InspectedValue("step")))",
        "\(InspectionRecord.Kind.received(InspectedValue("during")))",
        "\(InspectionRecord.Kind.stateUpdated(before: InspectedValue(0), after: InspectedValue(1)))",
      ])
    #expect(inspection.queuedCount == 0)
    // The delivery was given up: the next record is delivered at once.
    inspection.emit(.received(InspectedValue("after")), owner: Self.owner, callSite: nil)
    #expect(recorder.records.withLock { $0 }.map(\.sequence) == [1, 2, 3, 4])
  }

  /// Without a record in between, a step's two records share one timestamp and follow each other.
  @Test func aStepDeliversItsReceivedAndItsUpdateTogether() {
    let times = RecordKeeper()
    let inspection = Inspection(inspectors: [times])
    let received = InspectionRecord.Kind.received(InspectedValue("step"))
    let claim = inspection.claimStep(received, owner: Self.owner, callSite: nil)!
    inspection.emitStateUpdated(
      received, callSite: nil,
      update: .stateUpdated(before: InspectedValue(0), after: InspectedValue(1)),
      owner: Self.owner, claim: claim)
    let records = times.records.withLock { $0 }
    #expect(records.map(\.sequence) == [1, 2])
    #expect(records[0].time == records[1].time)
  }

  @Test(arguments: [10, 1_000])
  func aSlowInspectorGetsTheNewestRecordsAndACountOfTheOthers(bufferLimit: Int) async {
    let inspector = SlowInspector(bufferLimit: bufferLimit)
    let inspection = Inspection(inspectors: [inspector])
    // Another thread takes the delivery and is held up in the inspector.
    let deliverer = Thread {
      inspection.emit(.received(InspectedValue("first")), owner: Self.owner, callSite: nil)
    }
    deliverer.start()
    inspector.blocked.wait()
    // Meanwhile the owner goes on: 10,000 records, which only queue.
    let emitted = 10_000
    var peak = 0
    for index in 0..<emitted {
      inspection.emit(.received(InspectedValue(index)), owner: Self.owner, callSite: nil)
      peak = max(peak, inspection.queuedCount)
    }
    #expect(peak == bufferLimit)
    #expect(inspection.droppedCount == UInt64(emitted - bufferLimit))
    inspector.release.signal()
    while inspection.queuedCount > 0 || inspector.lock.withLock({ inspector.received.count }) < bufferLimit + 1 {
      await Task.yield()
    }
    let received = inspector.lock.withLock { inspector.received }
    #expect(received.count == bufferLimit + 1)
    // The newest records, in order; the first after the gap says how many it follows.
    #expect(
      received.dropFirst().map { "\($0.kind)" }
        == (emitted - bufferLimit..<emitted).map { "\(InspectionRecord.Kind.received(InspectedValue($0)))" })
    #expect(received[1].droppedBefore == UInt64(emitted - bufferLimit))
    #expect(received[1].sequence == UInt64(2 + emitted - bufferLimit))
    #expect(received.dropFirst(2).allSatisfy { $0.droppedBefore == 0 })
  }

  @Test func theBoundIsTheLargestOfTheInspectorsLimits() async {
    struct Quiet: Inspector {
      let bufferLimit: Int
      func receive(_ record: InspectionRecord) {}
    }
    struct Default: Inspector {
      func receive(_ record: InspectionRecord) {}
    }
    #expect(Default().bufferLimit == Inspection.defaultBufferLimit)
    let slow = SlowInspector(bufferLimit: 5)
    let inspection = Inspection(inspectors: [slow])
    inspection.attach(Quiet(bufferLimit: 50))
    inspection.attach(Quiet(bufferLimit: 20))
    let deliverer = Thread {
      inspection.emit(.received(InspectedValue("first")), owner: Self.owner, callSite: nil)
    }
    deliverer.start()
    slow.blocked.wait()
    var peak = 0
    for index in 0..<100 {
      inspection.emit(.received(InspectedValue(index)), owner: Self.owner, callSite: nil)
      peak = max(peak, inspection.queuedCount)
    }
    #expect(peak == 50)
    #expect(inspection.droppedCount == 50)
    slow.release.signal()
    while inspection.queuedCount > 0 { await Task.yield() }
  }

  // MARK: Every front-end

  /// Holds delivery of `context`'s records in `inspector`, from another thread, while `drive` makes
  /// the front-end work; then checks the bound, lets delivery go, and checks what arrived.
  static func checkTheBound(
    of context: OwnerServices, inspector: SlowInspector, isolation: isolated (any Actor)? = #isolation,
    drive: () async -> Void
  ) async {
    let holder = Thread { context.emit(.received(InspectedValue("hold"))) }
    holder.start()
    inspector.blocked.wait()
    await drive()
    // The front-end went on; its records queued up to the bound, and the oldest were dropped.
    #expect(context.inspectionQueuedCount == inspector.bufferLimit)
    let dropped = context.inspectionDroppedCount
    #expect(dropped > 0)
    inspector.release.signal()
    while context.inspectionQueuedCount > 0
      || inspector.lock.withLock({ inspector.received.count }) < inspector.bufferLimit + 1
    {
      await Task.yield()
    }
    let received = inspector.lock.withLock { inspector.received }
    #expect(received.count == inspector.bufferLimit + 1)
    #expect(received.map(\.droppedBefore).reduce(0, +) == dropped)
  }

  enum Action: Sendable { case add }

  @MainActor
  @Test func aStoreKeepsTheBound() async {
    let inspector = SlowInspector(bufferLimit: 8)
    let store = Store(initialState: 0) { (count: inout Int, _: Action) in
      count += 1
      return .none
    }
    store.attach(inspector)
    await Self.checkTheBound(of: store.services, inspector: inspector) {
      for _ in 0..<50 { store.send(.add) }
    }
  }

  @DSLCompatible enum Count { case value(Int) }
  @DSLCompatible enum Add { case one }

  @Test func aDeclarativeMachineKeepsTheBound() async {
    let counter = StateMachine(initial: Count.value(0)) {
      When(state: Count.value) { _ in
        Execute.noOutput
      } transitions: { value in
        On(event: Add.one) { _ in Transition(to: Count.value(value + 1)) }
      }
    }
    let inspector = SlowInspector(bufferLimit: 8)
    let running = AsyncStateMachineSequence(stateMachine: counter, runtime: Runtime())
    running.attach(inspector)
    await Self.checkTheBound(of: running.services, inspector: inspector) {
      for _ in 0..<50 { await running.send(.one) }
    }
  }

  @Test func aChartWithAnInvocationKeepsTheBound() async {
    let chart = Statechart<String, String, EmptyChartContext>(initial: "on") {
      StateNode("on") {
        Invoke(
          "feed",
          run: { _ in
            await CancellationProbe().waitForCancellation(); return nil
          })
        OnEvent("ping")
      }
    }
    let inspector = SlowInspector(bufferLimit: 8)
    let running = AsyncStatechartSequence(chart, clock: ContinuousClock())
    running.attach(inspector)
    await Self.checkTheBound(of: running.services, inspector: inspector) {
      for _ in 0..<50 { await running.send("ping") }
    }
  }

  struct Idle: StateMachineState {}

  @MainActor
  @Test func aStateObjectMachineKeepsTheBound() async {
    let inspector = SlowInspector(bufferLimit: 8)
    let machine = ContextualStateMachine(initialState: Idle())
    machine.attach(inspector)
    await Self.checkTheBound(of: machine.services, inspector: inspector) {
      await machine.start()
      for _ in 0..<50 { await machine.transition(to: Idle()) }
    }
  }
}
