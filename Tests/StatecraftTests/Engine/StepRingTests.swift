import Statecraft
import StatecraftEngine
import Synchronization
import Testing

/// A store whose only inspector reads steps (the live inspector) writes each step to a typed ring
/// instead of making records; the reader drains it, and gets the other records as usual.
@MainActor
@Suite("Inspection: step rings")
struct StepRingTests {
  struct Counter { var count = 0 }
  enum Action: Sendable, Equatable { case increment, startEffect }

  static func reducer(_ state: inout Counter, _ action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .startEffect:
      return .run { _ in }
    }
  }

  /// Keeps the ring it is given, and the records it receives.
  final class Reader: StepReader {
    let ring = Mutex<AnyStepRing?>(nil)
    let received = Mutex<[InspectionRecord]>([])
    let bufferLimit: Int

    init(bufferLimit: Int = 1_000) { self.bufferLimit = bufferLimit }

    func read(_ ring: AnyStepRing) { self.ring.withLock { $0 = ring } }
    func receive(_ record: InspectionRecord) { received.withLock { $0.append(record) } }

    func drain() -> (records: [InspectionRecord], dropped: UInt64) {
      ring.withLock { $0 }?.drain() ?? ([], 0)
    }
  }

  /// Keeps what it receives.
  final class Recorder: Inspector {
    let received = Mutex<[InspectionRecord]>([])
    func receive(_ record: InspectionRecord) { received.withLock { $0.append(record) } }
  }

  static func describe(_ records: [InspectionRecord]) -> [String] {
    records.map { record in
      switch record.kind {
      case .received(let action): "\(record.sequence) received \(action)"
      case .stateUpdated(let before, let after):
        "\(record.sequence) \((before.value as! Counter).count) → \((after.value as! Counter).count)"
      case .effectStarted: "\(record.sequence) effect started"
      case .effectFinished: "\(record.sequence) effect finished"
      default: "\(record.sequence) \(record.kind)"
      }
    }
  }

  @Test func aStoreWritesItsStepsToTheRingAndTheOtherRecordsAsRecords() async {
    let reader = Reader()
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(reader)
    store.send(.increment)
    await store.send(.startEffect).finish()
    store.send(.increment)
    let (steps, dropped) = reader.drain()
    #expect(dropped == 0)
    #expect(Self.describe(steps) == [
      "1 received increment", "2 0 → 1", "3 received startEffect", "4 1 → 1",
      "7 received increment", "8 1 → 2",
    ])
    // The effect's records, numbered between the steps that surround them.
    #expect(Self.describe(reader.received.withLock { $0 }) == ["5 effect started", "6 effect finished"])
    #expect(steps[0].callSite?.line != nil)
    #expect(reader.drain().records.isEmpty, "a drain takes what was written")
  }

  @Test func aFullRingOverwritesItsOldestStepsAndCountsThem() {
    let reader = Reader(bufferLimit: 3)
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(reader)
    for _ in 0..<5 { store.send(.increment) }
    let (steps, dropped) = reader.drain()
    #expect(dropped == 2)
    #expect(Self.describe(steps) == [
      "5 received increment", "6 2 → 3", "7 received increment", "8 3 → 4", "9 received increment",
      "10 4 → 5",
    ])
    #expect(steps[0].droppedBefore == 4, "the first record after the gap counts the records lost")
  }

  @Test func anotherInspectorTurnsTheRingOffAndEveryoneGetsRecords() {
    let reader = Reader()
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(reader)
    store.send(.increment)
    let recorder = Recorder()
    store.attach(recorder)
    store.send(.increment)
    let ring = reader.ring.withLock { $0 }
    #expect(ring?.isClosed == true)
    #expect(Self.describe(reader.drain().records) == ["1 received increment", "2 0 → 1"])
    #expect(Self.describe(reader.received.withLock { $0 }) == ["3 received increment", "4 1 → 2"])
    #expect(Self.describe(recorder.received.withLock { $0 }) == ["3 received increment", "4 1 → 2"])
  }

  @Test func aStoreMadeUnderAReaderUsesTheRingAndClosesItWhenReleased() {
    let reader = Reader()
    var store: Store<Counter, Action, Void>? = withInspector(reader) {
      Store(initialState: Counter(), reducer: Self.reducer)
    }
    store?.send(.increment)
    let ring = reader.ring.withLock { $0 }
    #expect(ring != nil && ring?.isClosed == false)
    store = nil
    #expect(ring?.isClosed == true, "a released store writes no more")
    #expect(Self.describe(reader.drain().records) == ["1 received increment", "2 0 → 1"])
  }

  @Test func aWaitingReaderIsWokenByTheNextWriteOnce() {
    let reader = Reader()
    let store = Store(initialState: Counter(), reducer: Self.reducer)
    store.attach(reader)
    let wakes = Mutex(0)
    let ring = reader.ring.withLock { $0 }!
    #expect(ring.wakeOnNextWrite { wakes.withLock { $0 += 1 } })
    store.send(.increment)
    store.send(.increment)
    #expect(wakes.withLock { $0 } == 1)
    #expect(!ring.wakeOnNextWrite {}, "it holds steps: no need to wait")
  }
}
