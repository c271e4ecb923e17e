public import DequeModule

/// The FIFO queue in front of an owner that processes one message at a time, to completion.
///
/// A value-type state machine in the style of swift-async-algorithms' `ChannelStateMachine`: each
/// transition returns the action its caller takes, and the caller holds it in a lock (see
/// ``OwnerCore``). It never runs code of its own.
///
/// Whoever submits a message while the mailbox is idle receives the *processing right*: it
/// processes that message, then asks ``next()`` for the following one until the mailbox is idle
/// again. A message submitted meanwhile waits its turn, so processing is run-to-completion, and a
/// long chain of follow-ups is iteration, not recursion. Each message that starts processing gets a
/// number, so that code running on its behalf can be recognised when it submits again
/// (``isProcessing(number:)``).
///
/// <!-- sample: skip -->
/// ```swift
/// var mailbox = MailboxStateMachine<String>()
/// mailbox.submit("a")   // .process("a", number: 1): the caller processes it
/// mailbox.submit("b")   // .enqueued
/// mailbox.next()        // .process("b", number: 2)
/// mailbox.next()        // .idle
/// ```
@usableFromInline
package struct MailboxStateMachine<Message> {
  @usableFromInline
  enum Phase: UInt8 {
    case idle
    /// A holder of the processing right is processing message number `lastNumber`.
    case processing
    /// The owner is gone: nothing more is accepted.
    case closed
  }

  // The number being processed is always the last one given out, so the phase needs no payload
  // of its own and fits, last, in the padding after the number: 17 bytes instead of 32 in every
  // owner.
  @usableFromInline var queue = Deque<Message>()
  /// The number of the message that started processing last.
  @usableFromInline var lastNumber: UInt64 = 0
  @usableFromInline var phase = Phase.idle

  @inlinable
  package init() {}

  /// What the submitter of a message does.
  @usableFromInline
  package enum SubmitAction {
    /// The mailbox was idle: the submitter now holds the processing right and processes the
    /// message.
    case process(Message, number: UInt64)
    /// Another holder is processing: the message waits in the queue.
    case enqueued
    /// The mailbox is closed: the message is handed back, unprocessed.
    case rejected(Message)
  }

  /// Submits a message.
  @inlinable
  package mutating func submit(_ message: Message) -> SubmitAction {
    switch phase {
    case .idle:
      return .process(message, number: startNext())
    case .processing:
      queue.append(message)
      return .enqueued
    case .closed:
      return .rejected(message)
    }
  }

  /// Takes the processing right without queuing, if the mailbox is idle: the caller then processes
  /// a message it holds itself, with no trip through the queue. The holder calls ``next()`` as
  /// after any message.
  /// Queues a message behind the one being processed, or about to be: a synchronous processor
  /// that is running (see ``OwnerCore``) takes it from the queue before it gives the right up.
  /// A closed mailbox drops it.
  @inlinable
  package mutating func append(_ message: Message) {
    if case .closed = phase { return }
    queue.append(message)
  }

  @inlinable
  package mutating func claim() -> UInt64? {
    guard case .idle = phase else { return nil }
    return startNext()
  }

  /// What the holder of the processing right does after a message.
  @usableFromInline
  package enum NextAction {
    /// Process this message too; the holder keeps the right.
    case process(Message, number: UInt64)
    /// Nothing is queued: the mailbox is idle and the right is given up.
    case idle
  }

  /// Called by the holder of the processing right when it has finished a message.
  @inlinable
  package mutating func next() -> NextAction {
    switch phase {
    case .processing:
      guard let message = queue.popFirst() else {
        phase = .idle
        return .idle
      }
      return .process(message, number: startNext())
    case .idle, .closed:
      return .idle
    }
  }

  /// Drops the oldest message waiting, for a queue that keeps a bound: returns it, or `nil` if
  /// none waits.
  package mutating func dropOldest() -> Message? {
    queue.popFirst()
  }

  /// Whether the message with this number is the one being processed.
  @inlinable
  package func isProcessing(number: UInt64) -> Bool {
    phase == .processing && lastNumber == number
  }

  /// Whether a holder is processing a message.
  @inlinable
  package var isProcessing: Bool { phase == .processing }

  /// The number of the message being processed, if one is.
  @inlinable
  package var processingNumber: UInt64? { phase == .processing ? lastNumber : nil }

  /// Whether the mailbox is closed.
  @inlinable
  package var isClosed: Bool { phase == .closed }

  /// How many messages wait behind the one being processed.
  @inlinable
  package var queuedCount: Int { queue.count }

  /// Closes the mailbox and hands back the messages that were waiting, for the caller to settle
  /// (for example, to resume their senders). A holder that is processing finishes its message;
  /// its ``next()`` then returns ``NextAction/idle``.
  package mutating func close() -> [Message] {
    phase = .closed
    defer { queue = [] }
    return queue.elementsInArray
  }

  @inlinable
  mutating func startNext() -> UInt64 {
    lastNumber &+= 1
    phase = .processing
    return lastNumber
  }
}
