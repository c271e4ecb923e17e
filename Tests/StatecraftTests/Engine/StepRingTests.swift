import Statecraft
import StatecraftEngine
import StatecraftTesting
import Synchronization
import Testing

/// A store whose only inspector reads steps (the live inspector) writes each step to a typed ring
/// instead of making records; the reader drains it, and gets the other records as usual.
@MainActor
@Suite("Inspection: step rings")
struct StepRingTests {
  struct Counter { var count = 0 }
  enum Action: Sendable, Equatable { case increment, startEffect, sendFromReducer }

  /// Keeps the ring it is given, and the records it receives.
  final class Reader: StepReader {
    let ring = Mutex<AnyStepRing?>(nil)
    let received = Mutex<[InspectionRecord]>([])
    let bufferLimit: Int

    init(bufferLimit: Int = 1_000) { self.bufferLimit = bufferLimit }

    func read(_ ring: AnyStepRing) { self.ring.withLock { $0 = ring } }
    func receive(_ record: InspectionRecord) { received.withLock { $0.append(record) } }

    func drain(keepingNewest limit: Int = .max) async -> DrainedSteps {
      ring.withLock { $0 }?.drain(keepingNewest: limit) ?? DrainedSteps(records: [], dropped: 0)
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
      case .diagnostic: "\(record.sequence) diagnostic"
      default: "\(record.sequence) \(record.kind)"
      }
    }
  }

  func makeStore() -> Store<Counter, Action, Void> {
    // The store sends to itself from its reducer, for the test of a record emitted during a step.
    final class Box: @unchecked Sendable { weak var store: Store<Counter, Action, Void>? }
    let box = Box()
    let store = Store(initialState: Counter()) { (state: inout Counter, action: Action) -> Effect<Action> in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startEffect:
        return .run { _ in }
      case .sendFromReducer:
        box.store?.send(.increment)
        return .none
      }
    }
    box.store = store
    return store
  }

  @Test func aStoreWritesItsStepsToTheRingAndTheOtherRecordsAsRecords() async {
    let reader = Reader()
    let store = makeStore()
    store.attach(reader)
    store.send(.increment)
    await store.send(.startEffect).finish()
    store.send(.increment)
    let drained = await reader.drain()
    #expect(drained.dropped == 0)
    #expect(
      Self.describe(drained.records) == [
        "1 received increment", "2 0 → 1", "3 received startEffect", "4 1 → 1",
        "7 received increment", "8 1 → 2",
      ])
    // The effect's records, numbered between the steps that surround them.
    #expect(Self.describe(reader.received.withLock { $0 }) == ["5 effect started", "6 effect finished"])
    #expect(drained.records[0].callSite?.line != nil)
    #expect(drained.records[0].time <= drained.records[4].time, "steps are stamped in order")
    #expect(await reader.drain().records.isEmpty, "a drain takes what was written")
  }

  @Test func aRecordEmittedDuringAStepComesAfterTheStepsTwoRecords() async {
    let reader = Reader()
    let store = DiagnosticHandler.$current.withValue(DiagnosticRecorder().handler) { makeStore() }
    store.attach(reader)
    store.send(.sendFromReducer)
    let drained = await reader.drain()
    // The diagnostic (a send from the reducer) took its number while the step ran.
    #expect(Self.describe(reader.received.withLock { $0 }) == ["3 diagnostic"])
    #expect(
      Self.describe(drained.records) == [
        "1 received sendFromReducer", "2 0 → 0", "4 received increment", "5 0 → 1",
      ])
  }

  @Test func aFullRingOverwritesItsOldestStepsAndCountsThem() async {
    let reader = Reader(bufferLimit: 3)
    let store = makeStore()
    store.attach(reader)
    for _ in 0..<5 { store.send(.increment) }
    let drained = await reader.drain()
    #expect(drained.dropped == 2)
    #expect(
      Self.describe(drained.records) == [
        "5 received increment", "6 2 → 3", "7 received increment", "8 3 → 4", "9 received increment",
        "10 4 → 5",
      ])
    #expect(drained.records[0].droppedBefore == 4, "the first record after the gap counts the records lost")
  }

  @Test func stepsTheRingSkipsAreCountedBeforeTheStepItHoldsAfterThemAndTakeNoNumbers() async throws {
    let reader = Reader()
    let store = makeStore()
    store.attach(reader)
    let ring = try #require(reader.ring.withLock { $0 })
    for (skipping, steps) in [(true, 2), (false, 1), (true, 3), (false, 1)] {
      ring.skipsSteps.store(skipping, ordering: .relaxed)
      for _ in 0..<steps { store.send(.increment) }
    }
    let drained = await reader.drain()
    #expect(drained.dropped == 5)
    #expect(
      Self.describe(drained.records) == ["1 received increment", "2 2 → 3", "3 received increment", "4 6 → 7"])
    #expect(drained.records.map(\.droppedBefore) == [4, 0, 6, 0])
    #expect(reader.received.withLock { $0 }.isEmpty, "a skipped step makes no records")
    #expect(ring.reportSkippedSteps(until: ring.takeSteps().skippedSteps) == nil, "none after the last")
  }

  @Test func stepsSkippedAfterTheLastStepTakenAreShownByTheOwnersStateNowOnce() async throws {
    let reader = Reader()
    let store = makeStore()
    store.attach(reader)
    let ring = try #require(reader.ring.withLock { $0 })
    store.send(.increment)
    ring.skipsSteps.store(true, ordering: .relaxed)
    for _ in 0..<3 { store.send(.increment) }
    let take = ring.takeSteps()
    #expect(take.skippedSteps == 3)
    let drained = try #require(take.steps).records()
    #expect(Self.describe(drained.records) == ["1 received increment", "2 0 → 1"])
    #expect(drained.dropped == 0)
    let record = try #require(ring.stateAfterSkippedSteps(until: take.skippedSteps))
    #expect(record.sequence == 3)
    #expect(record.droppedBefore == 6)
    guard case .stateUpdated(let before, let after) = record.kind else {
      Issue.record("not a state update: \(record.kind)")
      return
    }
    #expect(!before.isKept)
    #expect((after.value as? Counter)?.count == 4)
    #expect(!ring.holdsUnreportedSkips)
    #expect(ring.reportSkippedSteps(until: ring.takeSteps().skippedSteps) == nil, "reported once")
  }

  /// Runs what a test puts in it from the reducer. Unchecked: a store's reducer runs on the main
  /// actor, where the test sets it too.
  final class ReducerProbe: @unchecked Sendable {
    var run: (() -> Void)?
  }

  @Test func skippedStepsWhoseStateAStepHoldsAreReportedAgainAtTheNextTake() async throws {
    let reader = Reader()
    let probe = ReducerProbe()
    let store = Store(initialState: Counter()) { (state: inout Counter, _: Action) -> Effect<Action> in
      state.count += 1
      probe.run?()
      return .none
    }
    store.attach(reader)
    let ring = try #require(reader.ring.withLock { $0 })
    ring.skipsSteps.store(true, ordering: .relaxed)
    store.send(.increment)
    var duringStep: InspectionRecord?
    probe.run = {
      // The step has taken the state out of the owner's cell.
      duringStep = ring.stateAfterSkippedSteps(until: ring.takeSteps().skippedSteps)
    }
    store.send(.increment)
    probe.run = nil
    #expect(duringStep == nil)
    #expect(ring.holdsUnreportedSkips)
    let take = ring.takeSteps()
    #expect(take.skippedSteps == 2)
    let record = try #require(ring.stateAfterSkippedSteps(until: take.skippedSteps))
    #expect(record.droppedBefore == 4)
    guard case .stateUpdated(_, let after) = record.kind else {
      Issue.record("not a state update: \(record.kind)")
      return
    }
    #expect((after.value as? Counter)?.count == 2)
  }

  @Test func aMachinesSkippedStepsShowNoStateWhileAStepRunsThenTheStateAfterIt() async throws {
    let reader = Reader()
    // Runs in the machine's step, between its start and its commit.
    let duringStep = Mutex<(@Sendable () -> Void)?>(nil)
    let reportsDuringStep = Mutex<[Bool]>([])
    let runtime = Runtime<Count, CountEvent, Never>()
      .register(middleware: { (_: CountEvent) in duringStep.withLock { $0 }?() })
    let machine = withInspector(reader) {
      AsyncStateMachineSequence(stateMachine: countingMachine, runtime: runtime)
    }
    await machine.send(.increment)
    let ring = try #require(reader.ring.withLock { $0 })
    _ = ring.drain()
    ring.skipsSteps.store(true, ordering: .relaxed)
    await machine.send(.increment)
    duringStep.withLock {
      $0 = {
        let report = ring.reportSkippedSteps(until: ring.takeSteps().skippedSteps)
        reportsDuringStep.withLock { $0.append(report != nil) }
      }
    }
    await machine.send(.increment)
    duringStep.withLock { $0 = nil }
    // The machine's cell still held the state before the step: not where the steps led.
    #expect(reportsDuringStep.withLock { $0 } == [false])
    #expect(ring.holdsUnreportedSkips)
    let record = try #require(ring.stateAfterSkippedSteps(until: ring.takeSteps().skippedSteps))
    #expect(record.droppedBefore == 4)
    guard case .stateUpdated(_, let after) = record.kind, case .value(let count)? = after.value as? Count else {
      Issue.record("not the machine's state: \(record.kind)")
      return
    }
    #expect(count == 3)
  }

  @Test func aRingGrowsToItsCapacityInOrderThenOverwrites() async {
    let reader = Reader(bufferLimit: 30)
    let store = makeStore()
    store.attach(reader)
    // Past the first room (16) and past the capacity (30).
    for _ in 0..<40 { store.send(.increment) }
    let drained = await reader.drain()
    #expect(drained.dropped == 10)
    let counts = drained.records.compactMap { record -> Int? in
      guard case .stateUpdated(_, let after) = record.kind else { return nil }
      return (after.value as! Counter).count
    }
    #expect(counts == Array(11...40))
    #expect(drained.records.map(\.sequence) == Array(21...80).map(UInt64.init))
    // The next steps go to the emptied room.
    store.send(.increment)
    #expect(Self.describe(await reader.drain().records) == ["81 received increment", "82 40 → 41"])
  }

  @Test func aDrainCanKeepOnlyTheNewestSteps() async {
    let reader = Reader()
    let store = makeStore()
    store.attach(reader)
    for _ in 0..<5 { store.send(.increment) }
    let drained = await reader.drain(keepingNewest: 2)
    #expect(drained.dropped == 3)
    #expect(
      Self.describe(drained.records) == [
        "7 received increment", "8 3 → 4", "9 received increment", "10 4 → 5",
      ])
    #expect(drained.records[0].droppedBefore == 6)
  }

  @Test func anotherInspectorTurnsTheRingOffAndEveryoneGetsRecords() async {
    let reader = Reader()
    let store = makeStore()
    store.attach(reader)
    store.send(.increment)
    let recorder = Recorder()
    store.attach(recorder)
    store.send(.increment)
    let ring = reader.ring.withLock { $0 }
    #expect(ring?.isClosed == true)
    #expect(Self.describe(await reader.drain().records) == ["1 received increment", "2 0 → 1"])
    #expect(Self.describe(reader.received.withLock { $0 }) == ["3 received increment", "4 1 → 2"])
    #expect(Self.describe(recorder.received.withLock { $0 }) == ["3 received increment", "4 1 → 2"])
  }

  @Test func aStoreMadeUnderAReaderUsesTheRingAndClosesItWhenReleased() async {
    let reader = Reader()
    var store: Store<Counter, Action, Void>? = withInspector(reader) { makeStore() }
    store?.send(.increment)
    let ring = reader.ring.withLock { $0 }
    #expect(ring != nil && ring?.isClosed == false)
    store = nil
    #expect(ring?.isClosed == true, "a released store writes no more")
    #expect(Self.describe(await reader.drain().records) == ["1 received increment", "2 0 → 1"])
  }

  @Test func aWaitingReaderIsWokenByTheNextWriteOnce() async {
    let reader = Reader()
    let store = makeStore()
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

/// The ticks a step is stamped with, and their conversion to time.
@Suite("Inspection: step ticks")
struct StepTicksTests {
  @Test func ticksConvertToTheTimeTheyWereReadAt() {
    StepTicks.start()
    let before = InspectionRecord.sinceEpoch
    let ticks = StepTicks.now
    let after = InspectionRecord.sinceEpoch
    let converted = StepTicks.Converter().sinceEpoch(ticks)
    // Within the two clock reads around it, give or take the rate's error: a linear conversion
    // from an origin read together, far below the margin, which only absorbs a thread preempted between two reads.
    #expect(converted >= before - .milliseconds(50))
    #expect(converted <= after + .milliseconds(50))
  }

  @Test func laterTicksAreLaterTimes() {
    StepTicks.start()
    let first = StepTicks.now
    let second = StepTicks.now
    let converter = StepTicks.Converter()
    #expect(second >= first)
    #expect(converter.sinceEpoch(second) >= converter.sinceEpoch(first))
  }
}

/// A step ring by itself: written from any thread, taken from any other.
@Suite("Inspection: a step ring's writes and takes")
struct StepRingWritesTests {
  static func makeRing(capacity: Int) -> StepRing<Int, Int> {
    StepRing(
      owner: OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)),
      sequence: InspectionSequence(), capacity: capacity)
  }

  static func write(_ step: Int, to ring: StepRing<Int, Int>, keepingStates keeps: Bool = true) {
    let written = ring.endStep(
      received: ring.beginStep(), message: step, before: keeps ? step - 1 : nil, after: keeps ? step : nil,
      callSite: nil)
    #expect(written)
  }

  static func messages(_ drained: DrainedSteps) -> [Int] {
    drained.records.compactMap { record in
      guard case .received(let message) = record.kind else { return nil }
      return message.value as? Int
    }
  }

  @Test func stepsWrittenOnOneThreadWhileAnotherTakesArriveEveryOneInOrder() async {
    let ring = Self.makeRing(capacity: 100_000)
    let steps = 20_000
    let writer = Task.detached {
      for step in 1...steps { Self.write(step, to: ring) }
    }
    var taken: [Int] = []
    var sequences: [UInt64] = []
    while taken.count < steps {
      let drained = ring.drain()
      #expect(drained.dropped == 0)
      taken += Self.messages(drained)
      sequences += drained.records.map(\.sequence)
      await Task.yield()
    }
    await writer.value
    #expect(taken == Array(1...steps))
    #expect(sequences == (1...UInt64(2 * steps)).map { $0 })
  }

  @Test func aStepEndingAsTheRingClosesIsEitherTakenOrHandedBackNeverLost() async {
    for _ in 0..<20 {
      let ring = Self.makeRing(capacity: 100_000)
      let steps = 2_000
      let writer = Task.detached {
        var refused = 0
        for step in 1...steps {
          let written = ring.endStep(
            received: ring.beginStep(), message: step, before: nil, after: nil, callSite: nil)
          if !written { refused += 1 }
        }
        return refused
      }
      // Takes until a take finds the ring closed and empty, as a reader that then forgets it:
      // on a thread of its own, taking as fast as it can. Once it has taken some, the ring
      // closes under the writer, as when another inspector is attached.
      let reader = Task.detached {
        var taken = 0
        while true {
          if taken >= steps / 4, !ring.isClosed { ring.closeForOwner() }
          let take = ring.takeSteps()
          taken += Self.messages(take.steps?.records() ?? DrainedSteps(records: [], dropped: 0)).count
          if take.wasClosed && take.steps == nil { return taken }
        }
      }
      let taken = await reader.value
      let refused = await writer.value
      #expect(taken + refused == steps, "every step is taken, or handed back for records")
      #expect(ring.takeSteps().steps == nil, "nothing lands after a take found the ring closed and empty")
    }
  }

  @Test(.timeLimit(.minutes(1))) func aReaderThatWaitsForTheNextWriteIsAlwaysWoken() async {
    let ring = Self.makeRing(capacity: 100_000)
    let steps = 20_000
    let writer = Task.detached {
      for step in 1...steps {
        Self.write(step, to: ring, keepingStates: false)
        if step % 7 == 0 { await Task.yield() }
      }
    }
    var taken: [Int] = []
    while taken.count < steps {
      let drained = Self.messages(ring.drain())
      taken += drained
      guard drained.isEmpty else { continue }
      // A wake that never comes hangs the test: a write that did not see the wait.
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let once = Mutex<CheckedContinuation<Void, Never>?>(continuation)
        let resume: @Sendable () -> Void = { once.withLock { $0.take() }?.resume() }
        if !ring.wakeOnNextWrite(resume) { resume() }
      }
    }
    await writer.value
    #expect(taken == Array(1...steps))
  }

  @Test func aStepWhoseStatesWereNotKeptIsBoxedWithoutThem() {
    let ring = Self.makeRing(capacity: 8)
    Self.write(1, to: ring, keepingStates: false)
    Self.write(2, to: ring)
    let updates = ring.drain().records.compactMap { record -> (Bool, Bool)? in
      guard case .stateUpdated(let before, let after) = record.kind else { return nil }
      return (before.isKept, after.isKept)
    }
    #expect(updates.map(\.0) == [false, true])
    #expect(updates.map(\.1) == [false, true])
  }

  @Test func aFullRingWhoseReaderMakesRoomLosesNoStep() {
    let ring = Self.makeRing(capacity: 3)
    let taken = Mutex<[Int]>([])
    ring.whenFull { taken.withLock { $0 += Self.messages(ring.drain()) } }
    for step in 1...10 { Self.write(step, to: ring) }
    let rest = Self.messages(ring.drain())
    #expect(taken.withLock { $0 } == Array(1...9))
    #expect(rest == [10])
  }

  /// A state that counts the live instances of its test, to see that the ring destroys each state
  /// it holds once, whichever way the state leaves it.
  final class Tracked: Sendable {
    final class Count: Sendable {
      let live = Atomic<Int>(0)
    }
    let value: Int
    let count: Count
    init(_ value: Int, _ count: Count) {
      self.value = value
      self.count = count
      count.live.add(1, ordering: .relaxed)
    }
    deinit { count.live.subtract(1, ordering: .relaxed) }
  }

  static func trackedRing(capacity: Int) -> StepRing<Tracked, Int> {
    StepRing(
      owner: OwnerIdentity(
        type: Tracked.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)),
      sequence: InspectionSequence(), capacity: capacity)
  }

  @Test func statesOfStepsThatHoldThemSurviveGrowthAndAreDestroyedOnceHoweverTheyLeave() {
    let count = Tracked.Count()
    func tracked(_ value: Int) -> Tracked { Tracked(value, count) }
    do {
      let ring = Self.trackedRing(capacity: 20)
      // Every third step holds no states. The ring grows from its first room to 20 steps, then
      // overwrites its oldest; a drain boxes only the newest 5; once at most 4 steps may hold
      // states, each step that holds them drops the oldest until fewer do.
      for step in 1...100 {
        let keeps = step % 3 != 0
        _ = ring.endStep(
          received: ring.beginStep(), message: step, before: keeps ? tracked(step - 1) : nil,
          after: keeps ? tracked(step) : nil, callSite: nil)
        if step == 50 { _ = ring.drain(keepingNewest: 5) }
        if step == 80 { ring.statesLimit.store(4, ordering: .relaxed) }
      }
      let updates = ring.drain().records.compactMap { record -> (Int?, Int?)? in
        guard case .stateUpdated(let before, let after) = record.kind else { return nil }
        return (before.value(as: Tracked.self)?.value, after.value(as: Tracked.self)?.value)
      }
      #expect(!updates.isEmpty)
      for (offset, update) in updates.enumerated() where update.0 != nil {
        #expect(update.1 == update.0.map { $0 + 1 }, "step \(offset): its own states, in order")
      }
      #expect(updates.filter { $0.0 != nil }.count <= 4)
      // Left in the ring, to be destroyed with it.
      for step in 101...110 {
        _ = ring.endStep(
          received: ring.beginStep(), message: step, before: tracked(step - 1), after: tracked(step), callSite: nil)
      }
    }
    #expect(count.live.load(ordering: .relaxed) == 0, "every state held was destroyed once")
  }

  @Test func aPendingStepsStatesAreDestroyedOnceWhetherWrittenOrHandedBack() {
    let count = Tracked.Count()
    do {
      let ring = Self.trackedRing(capacity: 4)
      ring.beginPendingStep(message: 1, before: Tracked(0, count), callSite: nil, clockTime: nil)
      _ = ring.endPendingStep(after: Tracked(1, count))
      ring.beginPendingStep(message: 2, before: Tracked(1, count), callSite: nil, clockTime: nil)
      _ = ring.endPendingStep()
      let afters = ring.drain().records.compactMap { record -> Int? in
        guard case .stateUpdated(_, let after) = record.kind else { return nil }
        return after.value(as: Tracked.self)?.value
      }
      #expect(afters == [1, 1], "an unchanged step's state after is its state before")
      ring.beginPendingStep(message: 3, before: Tracked(2, count), callSite: nil, clockTime: nil)
      ring.closeForOwner()
      guard case .closed(let step) = ring.endPendingStep(after: Tracked(3, count)) else {
        Issue.record("a closed ring took the step")
        return
      }
      #expect((step.states?.before.value, step.states?.after.value) == (2, 3))
    }
    #expect(count.live.load(ordering: .relaxed) == 0, "every state held was destroyed once")
  }

  @Test func aRingKeepsAtMostItsStatesLimitOfStepsThatHoldStates() {
    let ring = Self.makeRing(capacity: 100)
    ring.statesLimit.store(2, ordering: .relaxed)
    Self.write(1, to: ring)
    Self.write(2, to: ring, keepingStates: false)
    Self.write(3, to: ring)
    Self.write(4, to: ring)  // a third that holds states: the oldest goes
    let drained = ring.drain()
    #expect(drained.dropped == 1)
    #expect(Self.messages(drained) == [2, 3, 4])
  }

  @Test func aRingKeepsAtMostItsStepLimitFromTheRoomItsNextTakeGivesBackAndGrowsAgainWhenRaised() {
    let ring = Self.makeRing(capacity: 100)
    for step in 1...40 { Self.write(step, to: ring) }
    ring.stepLimit.store(3, ordering: .relaxed)
    // The room in use is larger: this take gets every step.
    #expect(Self.messages(ring.drain()) == Array(1...40))
    // The next room is no larger than the limit: the oldest go, and are counted.
    for step in 41...50 { Self.write(step, to: ring) }
    let limited = ring.drain()
    #expect(Self.messages(limited) == [48, 49, 50])
    #expect(limited.dropped == 7)
    ring.stepLimit.store(.max, ordering: .relaxed)
    for step in 51...90 { Self.write(step, to: ring) }
    #expect(Self.messages(ring.drain()) == Array(51...90), "the room grew back to the capacity")
  }

  @Test func aPendingStepIsWrittenWhenItEndsWithTheStateBeforeIfUnchanged() {
    let ring = Self.makeRing(capacity: 8)
    ring.beginPendingStep(message: 1, before: 0, callSite: nil, clockTime: nil)
    #expect(ring.takeSteps().stepInFlight == 1, "a take during the step says it is under way")
    guard case .written = ring.endPendingStep() else {
      Issue.record("the step was not written")
      return
    }
    let take = ring.takeSteps()
    #expect(take.stepInFlight == nil)
    let updates = take.steps?.records().records.compactMap { record -> String? in
      guard case .stateUpdated(let before, let after) = record.kind else { return nil }
      return "\(before) → \(after)"
    }
    #expect(updates == ["0 → 0"])
    guard case .notBegun = ring.endPendingStep(after: 2) else {
      Issue.record("a step ended twice")
      return
    }
  }

  /// A take reads the step in flight before it takes the steps: the step may end, and another
  /// begin and end, in between. A step `n` numbers its records `n` and `n + 1`.
  @Test func aTakeDoesNotReportAsInFlightAStepItTook() {
    func inFlight(_ readBefore: UInt64?, lastTaken: UInt64?) -> UInt64? {
      RingTake(steps: nil, wasClosed: false, stepInFlight: readBefore, lastSequence: lastTaken).stepInFlight
    }
    #expect(inFlight(4, lastTaken: 2) == 4, "step 4 was not taken")
    #expect(inFlight(4, lastTaken: nil) == 4)
    #expect(inFlight(1, lastTaken: 2) == nil, "step 1 ended before the take")
    #expect(inFlight(1, lastTaken: 5) == nil, "step 1 and a later step 4 ended before the take")
    #expect(inFlight(nil, lastTaken: 5) == nil)
  }

  @Test func aStepWhoseStatesAreNotKeptStillCarriesItsClockTime() {
    let ring = Self.makeRing(capacity: 8)
    ring.beginPendingStep(message: 1, callSite: nil, clockTime: .seconds(2))
    _ = ring.endPendingStep(after: 1)
    ring.beginPendingStep(message: 2, callSite: nil, clockTime: nil)
    _ = ring.endPendingStep()
    let afters = ring.drain().records.compactMap { record -> InspectedValue? in
      guard case .stateUpdated(_, let after) = record.kind else { return nil }
      return after
    }
    #expect(afters.map(\.isKept) == [false, false])
    #expect(afters.map(\.clockTime) == [.seconds(2), nil])
  }

  @Test func aStepEndingInAClosedRingIsNotWrittenButHandedBackForRecords() {
    let ring = Self.makeRing(capacity: 8)
    ring.beginPendingStep(message: 7, before: 0, callSite: nil, clockTime: nil)
    ring.closeForOwner()
    guard case .closed(let step) = ring.endPendingStep(after: 1) else {
      Issue.record("a closed ring took the step")
      return
    }
    #expect((step.message, step.states?.before, step.states?.after) == (7, 0, 1))
    let take = ring.takeSteps()
    #expect(take.steps == nil && take.wasClosed && take.stepInFlight == nil)
  }

  @Test func takenStepsThatAreNeverBoxedAreFreedAndTheRingGoesOn() {
    let ring = Self.makeRing(capacity: 8)
    Self.write(1, to: ring)
    _ = ring.take()
    Self.write(2, to: ring)
    #expect(Self.messages(ring.drain()) == [2])
  }
}

/// A machine, whose processing suspends, writes its steps to the ring as a store does.
@Suite("Inspection: a machine's step ring")
struct MachineStepRingTests {
  enum Light: DSLCompatible { case off, on }
  enum Switch: DSLCompatible { case toggle, stay }
  enum Output: DSLCompatible { case none }

  static let light = StateMachine(initial: Light.off) {
    When(state: Light.off) { _ in
      Execute<Output>.noOutput
    } transitions: { _ in
      On(event: Switch.toggle) { _ in Transition(to: Light.on) }
    }
    When(state: Light.on) { _ in
      Execute<Output>.noOutput
    } transitions: { _ in
      On(event: Switch.toggle) { _ in Transition(to: Light.off) }
    }
  }

  static func describe(_ records: [InspectionRecord]) -> [String] {
    records.map { record in
      switch record.kind {
      case .received(let event): "\(record.sequence) received \(event)"
      case .stateUpdated(let before, let after): "\(record.sequence) \(before) → \(after)"
      case .diagnostic: "\(record.sequence) diagnostic"
      default: "\(record.sequence) \(record.kind)"
      }
    }
  }

  @Test func aMachineWritesEachStepToTheRingWithTheStateItLeftUnchangedToo() async {
    let reader = StepRingTests.Reader()
    let machine = DiagnosticHandler.$current.withValue(DiagnosticRecorder().handler) {
      AsyncStateMachineSequence(stateMachine: Self.light, runtime: Runtime())
    }
    machine.attach(reader)
    #expect(reader.ring.withLock { $0 } != nil)
    await machine.send(.toggle)
    // Unhandled: a diagnostic, numbered during the step, and the state after is the state before.
    await machine.send(.stay)
    await machine.send(.toggle)
    #expect(
      Self.describe(await reader.drain().records) == [
        "1 received toggle", "2 off → on", "3 received stay", "4 on → on", "6 received toggle", "7 on → off",
      ])
    #expect(Self.describe(reader.received.withLock { $0 }) == ["5 diagnostic"])
  }

  @Test func aMachineThatAnotherInspectorJoinsMakesRecordsOfItsLaterSteps() async {
    let reader = StepRingTests.Reader()
    let machine = AsyncStateMachineSequence(stateMachine: Self.light, runtime: Runtime())
    machine.attach(reader)
    #expect(reader.ring.withLock { $0 } != nil)
    await machine.send(.toggle)
    machine.attach(StepRingTests.Recorder())
    await machine.send(.toggle)
    #expect(Self.describe(await reader.drain().records) == ["1 received toggle", "2 off → on"])
    #expect(Self.describe(reader.received.withLock { $0 }) == ["3 received toggle", "4 on → off"])
  }
}
