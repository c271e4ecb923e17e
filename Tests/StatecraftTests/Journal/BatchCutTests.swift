import StatecraftJournal
import Testing

/// Where a batch of the journal's queue cuts its ring owner's records, for each way the owner's
/// steps and the batch's look and take can interleave. A step numbers its `received` record
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

  /// The look saw step 1 in flight; it ended, and step 4 ran, before the take, which holds both:
  /// record 3, numbered during step 1, goes between them.
  @Test func aStepInFlightAtTheLookThatEndedBeforeTheTakeHoldsBackNothing() {
    #expect(cut(1, 5) == [nil, 6])
    #expect(cut(1, 2) == [nil, 3])
  }

  /// Records that arrived during the take: before the last step taken they are written; after
  /// it they may belong to a step begun after the take, and wait.
  @Test func lateRecordsAfterTheLastStepTakenWait() {
    #expect(cut(nil, 5) == [nil, 6])
  }
}
