import StatecraftJournal
import Testing

/// Where a batch of the journal's queue cuts its ring owner's records, for each way the owner's
/// steps and the batch's take can interleave (a step the take read as in flight and then took is
/// the ring's to leave out: `StepRingTests`). A step numbers its `received` record
/// `n` and its `stateUpdated` record `n + 1`.
@Suite struct BatchCutTests {
  /// The cut's two numbers, first and late.
  func cut(_ stepInFlight: UInt64?, _ lastTaken: UInt64?) -> [UInt64?] {
    let cut = BatchCut(stepInFlight: stepInFlight, lastTaken: lastTaken)
    return [cut.firstWaiting, cut.firstWaitingOfLate]
  }

  @Test func withNoStepInFlightAndNoneTakenEveryRecordIsWrittenAndNoneIsTakenLate() {
    #expect(cut(nil, nil) == [nil, nil])
  }

  @Test func theRecordsOfAStepInFlightThatTheTakeDidNotFindWaitForIt() {
    // Step 1 (records 1 and 2) written, step 4 in flight: records from 4 on wait.
    #expect(cut(4, 2) == [4, 3])
    #expect(cut(4, nil) == [4, nil])
  }

  /// Records that arrived during the take: before the last step taken they are written; after
  /// it they may belong to a step begun after the take, and wait.
  @Test func lateRecordsAfterTheLastStepTakenWait() {
    #expect(cut(nil, 5) == [nil, 6])
  }
}
