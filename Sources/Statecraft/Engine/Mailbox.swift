import DequeModule

/// The FIFO queue in front of an owner that processes one message at a time, to completion.
///
/// A message posted while a drain runs (a synchronous follow-up, or a re-entrant `send`) waits
/// for the running drain instead of running nested inside it. That keeps processing
/// run-to-completion and turns long follow-up chains into iteration, not recursion.
struct Mailbox<Message> {
  private var pending = Deque<Message>()
  /// Whether a drain is in progress.
  private(set) var isDraining = false

  /// Starts a drain. The caller processes its message, then calls ``next()`` until it returns nil.
  mutating func beginDrain() {
    precondition(!isDraining, "Mailbox drains do not nest")
    isDraining = true
  }

  /// Queues a message for the running drain.
  mutating func post(_ message: Message) {
    pending.append(message)
  }

  /// The next queued message; `nil` ends the drain.
  mutating func next() -> Message? {
    if let message = pending.popFirst() { return message }
    isDraining = false
    return nil
  }
}
