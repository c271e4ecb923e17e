import StatecraftEngine
import Testing

/// The mailbox's transitions, driven directly, without tasks: the way SwiftNIO tests its state
/// machines.
@Suite("MailboxStateMachine", .timeLimit(.minutes(1)))
struct MailboxStateMachineTests {
  @Test func theFirstSubmitterProcessesAndLaterOnesQueueInOrder() {
    var mailbox = MailboxStateMachine<String>()
    guard case .process("a", number: 1) = mailbox.submit("a") else {
      Issue.record("an idle mailbox did not hand the processing right to its first submitter")
      return
    }
    #expect(mailbox.isProcessing)
    #expect(mailbox.isProcessing(number: 1))
    guard case .enqueued = mailbox.submit("b"), case .enqueued = mailbox.submit("c") else {
      Issue.record("a busy mailbox did not queue")
      return
    }
    #expect(mailbox.queuedCount == 2)
    guard case .process("b", number: 2) = mailbox.next() else {
      Issue.record("the queue is not FIFO")
      return
    }
    #expect(!mailbox.isProcessing(number: 1))
    #expect(mailbox.isProcessing(number: 2))
    guard case .process("c", number: 3) = mailbox.next(), case .idle = mailbox.next() else {
      Issue.record("the queue is not FIFO, or did not end")
      return
    }
    #expect(!mailbox.isProcessing)
    #expect(!mailbox.isProcessing(number: 3))
    guard case .process("d", number: 4) = mailbox.submit("d") else {
      Issue.record("an idle mailbox did not hand out the right again")
      return
    }
  }

  /// A synchronous processor's re-entrant send (from an observer's willSet, before the processor
  /// claims) is appended without handing out the right, and processed after the claimer's own.
  @Test func anAppendedMessageWaitsForTheNextClaimerAndAClosedMailboxDropsIt() {
    var mailbox = MailboxStateMachine<String>()
    mailbox.append("re-entrant")
    #expect(!mailbox.isProcessing)
    #expect(mailbox.claim() == 1)
    guard case .process("re-entrant", number: 2) = mailbox.next(), case .idle = mailbox.next() else {
      Issue.record("the appended message was not processed after the claimer's own")
      return
    }
    _ = mailbox.close()
    mailbox.append("late")
    #expect(mailbox.queuedCount == 0)
  }

  @Test func claimingTakesTheRightOnlyWhenIdle() {
    var mailbox = MailboxStateMachine<Int>()
    #expect(mailbox.claim() == 1)
    #expect(mailbox.claim() == nil)
    guard case .enqueued = mailbox.submit(7) else {
      Issue.record("a claimed mailbox did not queue")
      return
    }
    guard case .process(7, number: 2) = mailbox.next(), case .idle = mailbox.next() else {
      Issue.record("the claimed mailbox did not go on to the queue")
      return
    }
    #expect(mailbox.claim() == 3)
  }

  @Test func closingHandsBackTheQueueAndRejectsEverythingAfter() {
    var mailbox = MailboxStateMachine<Int>()
    _ = mailbox.submit(1)
    _ = mailbox.submit(2)
    _ = mailbox.submit(3)
    #expect(mailbox.close() == [2, 3])
    // The holder of message 1 still runs, but no longer as the mailbox's processor.
    #expect(!mailbox.isProcessing(number: 1))
    #expect(!mailbox.isProcessing)
    guard case .idle = mailbox.next() else {
      Issue.record("the holder was handed a message after closing")
      return
    }
    guard case .rejected(4) = mailbox.submit(4) else {
      Issue.record("a closed mailbox accepted a message")
      return
    }
    #expect(mailbox.claim() == nil)
  }

  @Test func aLongChainIsIterationNotRecursion() {
    var mailbox = MailboxStateMachine<Int>()
    guard case .process(var message, _) = mailbox.submit(0) else { return }
    var processed = 0
    while true {
      processed += 1
      if message < 100_000 { _ = mailbox.submit(message + 1) }
      guard case .process(let next, _) = mailbox.next() else { break }
      message = next
    }
    #expect(processed == 100_001)
  }
}
