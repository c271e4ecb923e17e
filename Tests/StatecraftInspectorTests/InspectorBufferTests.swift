#if LiveInspector
  import CounterFeature
  import Foundation
  import StatecraftJournal
  import Synchronization
  import Testing

  @testable import StatecraftEngine
  @testable import StatecraftInspector

  /// The two bounds that keep the app fast and its memory flat, whatever the page does.
  @Suite("Inspector buffers")
  struct InspectorBufferTests {
    @Test("The app's buffer keeps its newest records and counts the others")
    func feedIsBounded() async throws {
      let feed = InspectorFeed(limit: 10)
      let owner = OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      for sequence in 1...1_000 {
        let record = InspectionRecord(
          owner: owner, sequence: UInt64(sequence), time: .now, kind: .received(InspectedValue(sequence)))
        feed.append(.init(record: record, journal: nil))
      }
      #expect(feed.count == 10)
      #expect(feed.droppedInAll == 990)
      let batch = try #require(await feed.next())
      #expect(batch.dropped == 990)
      #expect(batch.entries.map(\.record.sequence) == Array(991...1_000))
      #expect(feed.count == 0)
    }

    @Test("Where the app's buffer dropped a journal's records, the journal says so, and replay stops there")
    @MainActor
    func journalDropsAreWritten() async throws {
      let journal = try Journal(schema: counterSchema, action: CounterAction.self)
      let tap = JournalTap(journal: journal)
      let feed = InspectorFeed(limit: 4)
      let owner = OwnerIdentity(
        type: Counter.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      var state = Counter()
      var sequence: UInt64 = 0
      func append(_ kind: InspectionRecord.Kind) {
        sequence += 1
        feed.append(
          .init(record: InspectionRecord(owner: owner, sequence: sequence, time: .now, kind: kind), journal: tap))
      }
      for _ in 0..<5 {
        let before = state
        state.count += 1
        state.history.append(state.count)
        append(.received(InspectedValue(CounterAction.increment)))
        append(.stateUpdated(before: InspectedValue(before), after: InspectedValue(state)))
      }
      let batch = try #require(await feed.next())
      #expect(batch.entries.count == 4)
      #expect(batch.journalDrops == [owner.id: 6])
      var formatter = InspectorFormatter(start: .now)
      _ = formatter.lines(for: batch, describingAtMost: 100, hub: InspectorHub(historyLimit: 10, pageBufferLimit: 10))
      let contents = String(decoding: journal.contents(), as: UTF8.self)
      #expect(contents.contains(#""type":"dropped""#))
      #expect(contents.contains(#""records":6"#))
      let recording = try JournalRecording(journal.contents(), schema: counterSchema, action: CounterAction.self)
      #expect(throws: JournalError.self) { try recording.replay(counterReducer) }
    }

    @Test("settle returns once the pump handled what was appended; finish ends the pump and settles")
    func settleAndFinish() async throws {
      let feed = InspectorFeed(limit: 10)
      let owner = OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      feed.append(
        .init(
          record: InspectionRecord(owner: owner, sequence: 1, time: .now, kind: .received(InspectedValue(1))),
          journal: nil))
      async let settled: Void = feed.settle()
      let batch = try #require(await feed.next())
      feed.markHandled(batch)
      await settled
      // Nothing appended since: it returns at once. After finish, the pump's next is nil.
      await feed.settle()
      feed.finish()
      #expect(await feed.next() == nil)
      feed.append(
        .init(
          record: InspectionRecord(owner: owner, sequence: 2, time: .now, kind: .received(InspectedValue(2))),
          journal: nil))
      #expect(feed.count == 0)
      await feed.settle()
    }

    @Test func theRingsWithoutAJournalKeepTheStepsThePumpWillDescribeAndThoseAdoptedLaterToo() throws {
      let feed = InspectorFeed(limit: 10)
      func ring() -> StepRing<Int, Int> {
        StepRing(
          owner: OwnerIdentity(
            type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)),
          sequence: InspectionSequence(), capacity: 10)
      }
      let (plain, journaled, later) = (ring(), ring(), ring())
      feed.adopt(plain, journal: nil)
      let journal = try Journal(schema: counterSchema, action: CounterAction.self)
      feed.adopt(journaled, journal: JournalTap(journal: journal))
      feed.keepNewestSteps(4)
      feed.adopt(later, journal: nil)
      #expect(plain.stepLimit.load(ordering: .relaxed) == 4)
      #expect(later.stepLimit.load(ordering: .relaxed) == 4)
      #expect(journaled.stepLimit.load(ordering: .relaxed) == .max, "a journal keeps every step")
    }

    @Test func aBurstAfterAFloodIsKeptWholeOnceThePumpLooksForItsNextBatch() async throws {
      let feed = InspectorFeed(limit: 10)
      let owner = OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      let ring = StepRing<Int, Int>(owner: owner, sequence: InspectionSequence(), capacity: 100)
      feed.adopt(ring, journal: nil)
      // The pump paused during a flood, out of budget.
      feed.keepNewestSteps(2)
      // Then it looks for its next batch, which may come after a quiet time of any length.
      feed.append(
        .init(
          record: InspectionRecord(owner: owner, sequence: 1, time: .now, kind: .received(InspectedValue(0))),
          journal: nil))
      _ = try #require(await feed.next(ringStepLimit: 50))
      for step in 1...30 {
        _ = ring.endStep(received: ring.beginStep(), message: step, before: nil, after: nil, callSite: nil)
      }
      let kept = ring.drain().records.compactMap { record -> Int? in
        guard case .received(let message) = record.kind else { return nil }
        return message.value as? Int
      }
      #expect(kept == Array(1...30), "the burst is whole, not the flood's last two steps")
    }

    @Test func aStoreSkipsStepsDuringAPauseOnlyIfItRunsFarMoreThanThePumpWillDescribe() {
      let pause = Duration.milliseconds(50)
      let window = { (rate: Double) in
        InspectorFeed.recordingWindow(stepsPerSecond: rate, pause: pause, keepingNewest: 25)
      }
      #expect(window(3_000) == nil, "150 steps in the pause: fewer than 8 times the 25 described")
      #expect(window(5_000) == .milliseconds(20), "the time 100 steps take")
      #expect(window(4_000) == .milliseconds(25), "at the least rate that skips, half the pause")
      #expect(window(10_000_000) == .milliseconds(2), "at least a 25th of the pause")
    }

    /// A time a test moves.
    final class TestTime: Sendable {
      let instant = Mutex(ContinuousClock.now)
      func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    @Test func aFloodingStoresSkippedStepsAreCountedAndTheStateTheyLedToIsShown() async throws {
      let time = TestTime()
      let feed = InspectorFeed(limit: 100) { time.instant.withLock { $0 } }
      let owner = OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      let ring = StepRing<Int, Int>(owner: owner, sequence: InspectionSequence(), capacity: 100) {
        .state(InspectedValue(42))
      }
      feed.adopt(ring, journal: nil)
      func write(_ message: Int) {
        if !ring.skipsStep() {
          _ = ring.endStep(received: ring.beginStep(), message: message, before: nil, after: nil, callSite: nil)
        }
      }
      write(0)
      _ = try #require(await feed.next())
      // 1,000 steps in a second: 50 in a pause of 50 ms, far more than the 2 the pump describes.
      for step in 1...1_000 { write(step) }
      time.advance(by: .seconds(1))
      _ = try #require(await feed.next())
      #expect(feed.skipSteps(during: .milliseconds(50), keepingNewest: 2) == .milliseconds(8))
      for step in 1_001...1_005 { write(step) }
      feed.recordSteps()
      write(1_006)
      time.advance(by: .milliseconds(50))
      let afterSkips = try #require(await feed.next()).entries.map(\.record)
      #expect(afterSkips.count == 2)
      #expect(afterSkips.first?.droppedBefore == 10, "the 5 steps skipped")
      // A step recorded before the pump had the store skip, then steps skipped: the state
      // after them comes after the step.
      write(1_007)
      ring.skipsSteps.store(true, ordering: .relaxed)
      for step in 1_008...1_009 { write(step) }
      let recordedThenSkipped = try #require(await feed.next()).entries.map(\.record)
      #expect(recordedThenSkipped.map(\.droppedBefore) == [0, 0, 4])
      let first = try #require(recordedThenSkipped.first).sequence
      #expect(recordedThenSkipped.map(\.sequence) == [first, first + 1, first + 2])
      // The flood goes on, then ends while the store skips: the next batch shows its state now.
      for step in 1_010...2_009 { write(step) }
      time.advance(by: .seconds(1))
      _ = try #require(await feed.next())
      #expect(feed.skipSteps(during: .milliseconds(50), keepingNewest: 2) != nil)
      for step in 2_010...2_012 { write(step) }
      let ended = try #require(await feed.next()).entries.map(\.record)
      #expect(ended.count == 1)
      #expect(ended.first?.droppedBefore == 6)
      guard case .stateUpdated(_, let after)? = ended.first?.kind else {
        Issue.record("not a state update: \(String(describing: ended.first?.kind))")
        return
      }
      #expect(after.value as? Int == 42)
      let skips = ring.skipsSteps.load(ordering: .relaxed)
      #expect(!skips, "the pump's next look records again")
    }

    @Test func theBudgetAfterAPauseHoldsWhatItRefillsMeanwhileUpToASecondsWorth() {
      let start = ContinuousClock.now
      var budget = DescribeBudget(perSecond: 1_000, now: start)
      #expect(budget.take(upTo: 1_000, now: start) == 1_000)
      #expect(budget.available(after: .milliseconds(50), now: start) == 50)
      #expect(budget.available(after: .seconds(5), now: start) == 1_000)
      #expect(budget.available(now: start) == 0, "looking ahead takes nothing")
    }

    @Test func aRecordNumberedDuringAStepItsRingDoesNotHoldYetWaitsForTheStep() async throws {
      let feed = InspectorFeed(limit: 10)
      let owner = OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      let sequence = InspectionSequence()
      let ring = StepRing<Int, Int>(owner: owner, sequence: sequence, capacity: 8)
      feed.adopt(ring, journal: nil)
      // A machine's step that suspends: numbered 1 and 2, written to the ring when it ends.
      ring.beginPendingStep(message: 1, before: 0, callSite: nil, clockTime: nil)
      // What the step emits meanwhile (a diagnostic) is numbered after its two records.
      let emitted = InspectionRecord(
        owner: owner, sequence: sequence.next(count: 1), time: .now, kind: .received(InspectedValue("emitted")))
      feed.append(.init(record: emitted, journal: nil))
      let (whileRunning, _) = try #require(feed.take())
      #expect(whileRunning.entries.isEmpty, "the record waits for its step")
      #expect(feed.count == 1)
      guard case .written = ring.endPendingStep(after: 1) else {
        Issue.record("the step was not written")
        return
      }
      let batch = try #require(await feed.next())
      #expect(batch.entries.map(\.record.sequence) == [1, 2, 3])
    }

    @Test func aRecordThatArrivesWhileTheRingsAreTakenGoesBeforeTheStepItPrecedes() async throws {
      let feed = InspectorFeed(limit: 10)
      let owner = OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      let other = OwnerIdentity(
        type: String.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      let sequence = InspectionSequence()
      let ring = StepRing<Int, Int>(owner: owner, sequence: sequence, capacity: 8)
      // An effect's end, numbered on its thread before the owner's next step, reaches the feed
      // only while the feed takes the rings; so do a record numbered after the step, and another
      // owner's.
      let effectEnded = InspectionRecord(
        owner: owner, sequence: sequence.next(count: 1), time: .now,
        kind: .effectFinished(InspectedEffect(number: 1, id: nil, callSite: nil)))
      let received = ring.beginStep()
      #expect(ring.endStep(received: received, message: 1, before: 0, after: 1, callSite: nil))
      let effectStarted = InspectionRecord(
        owner: owner, sequence: sequence.next(count: 1), time: .now,
        kind: .effectStarted(InspectedEffect(number: 2, id: nil, callSite: nil)))
      let othersRecord = InspectionRecord(
        owner: other, sequence: 1, time: .now, kind: .received(InspectedValue("other")))
      feed.adopt(
        WindowRing(ring, appending: [effectEnded, effectStarted, othersRecord], to: feed), journal: nil)
      let (batch, rings) = try #require(feed.take())
      #expect(batch.entries.map(\.record.sequence) == [1], "the effect's end goes with the step it precedes")
      #expect(rings.first?.take.lastSequence == 3)
      #expect(feed.count == 2, "the records after the step, and the other owner's, wait for the next batch")
    }

    @Test func aStepTheRingNamedInFlightButTookHoldsNoRecordBack() async throws {
      let feed = InspectorFeed(limit: 10)
      let owner = OwnerIdentity(
        type: Int.self, callSite: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      let sequence = InspectionSequence()
      let ring = StepRing<Int, Int>(owner: owner, sequence: sequence, capacity: 8)
      let received = ring.beginStep()
      #expect(ring.endStep(received: received, message: 1, before: 0, after: 1, callSite: nil))
      // An effect the step started.
      let effectStarted = InspectionRecord(
        owner: owner, sequence: sequence.next(count: 1), time: .now,
        kind: .effectStarted(InspectedEffect(number: 1, id: nil, callSite: nil)))
      feed.append(.init(record: effectStarted, journal: nil))
      // The ring read the step as in flight just before the step was written and taken.
      feed.adopt(WindowRing(ring, reportingInFlight: received, to: feed), journal: nil)
      let batch = try #require(await feed.next())
      #expect(batch.entries.map(\.record.sequence) == [1, 2, 3])
      #expect(feed.count == 0)
    }

    @Test("A page that does not read loses its oldest lines, and is told how many")
    func slowPageIsBounded() async throws {
      let hub = InspectorHub(historyLimit: 50, pageBufferLimit: 5)
      let (kept, stream) = hub.subscribe(after: 0)
      #expect(kept.isEmpty)
      for number in 1...100 {
        hub.publish([.init(number: UInt64(number), owner: 1, isOwner: false, text: "line \(number)")])
      }
      hub.finish()
      var received: [String] = []
      for await line in stream { received.append(line) }
      #expect(received.count == 5)
      #expect(received.last == #"{"number":0,"kind":"dropped","status":"page","count":95}"#)
      // What a page that connects now still sees: the owner's last 50 lines.
      #expect(hub.lines(after: 0).count == 50)
      #expect(hub.lines(after: 0).first == "line 51")
    }
  }

  /// A ring whose take makes what another thread could do meanwhile happen, deterministically:
  /// records reach the feed between its take of the records and its take of the rings, or the
  /// step in flight is read just before that step is written.
  private final class WindowRing: AnyStepRing, @unchecked Sendable {
    // Unchecked: `pending` is touched only by the one reader's takes.
    private let ring: AnyStepRing
    private let feed: InspectorFeed
    private var pending: [InspectionRecord]
    private let inFlight: UInt64?

    init(
      _ ring: AnyStepRing, appending records: [InspectionRecord] = [], reportingInFlight inFlight: UInt64? = nil,
      to feed: InspectorFeed
    ) {
      self.ring = ring
      self.feed = feed
      self.pending = records
      self.inFlight = inFlight
      super.init(owner: ring.owner, sequence: ring.sequence)
    }

    override func takeSteps() -> RingTake {
      for record in pending { feed.append(.init(record: record, journal: nil)) }
      pending = []
      let take = ring.takeSteps()
      return RingTake(
        steps: take.steps, wasClosed: take.wasClosed, stepInFlight: inFlight ?? take.stepInFlight,
        lastSequence: take.lastSequence)
    }

    override func wakeOnNextWrite(_ wake: @escaping @Sendable () -> Void) -> Bool {
      ring.wakeOnNextWrite(wake)
    }

    override func whenFull(_ makeRoom: (@Sendable () -> Void)?) { ring.whenFull(makeRoom) }
  }
#endif
