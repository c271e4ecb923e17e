#if Durable
  import DequeModule
  import StatecraftEngine

  /// Commits queued while the connection is busy, so that the next transaction takes them all: a
  /// database's cost per transaction (its `fsync`) is then paid once for the steps of many
  /// instances that arrive together. Nothing waits for a batch to fill: a commit that finds the
  /// connection free is a batch of one.
  ///
  /// A storage enqueues each commit, then, holding its connection, takes and applies batches
  /// until its own commit has an outcome: one that an earlier holder's batch took has one already,
  /// and its caller only reads it.
  package final class GroupCommit<Commit: Sendable, Outcome: Sendable>: Sendable {
    /// One commit, and what became of it once a batch applied it.
    package final class Ticket: Sendable {
      package let commit: Commit
      private let result = CriticalState<Result<Outcome, any Error>?>(nil)

      init(_ commit: Commit) { self.commit = commit }

      /// Whether a batch applied the commit.
      package var isDone: Bool { result.withLock { $0 != nil } }

      /// Records the commit's outcome, or the error that kept it from being applied.
      package func finish(_ outcome: Result<Outcome, any Error>) {
        result.withLock { $0 = outcome }
      }

      /// The outcome, or the error. Only after ``isDone``.
      package func outcome() throws -> Outcome {
        guard let result = result.withLock({ $0 }) else {
          preconditionFailure("A commit's outcome was read before a batch applied it.")
        }
        return try result.get()
      }
    }

    /// The most commits one transaction applies: a bound on how long it holds the database.
    package let limit: Int
    private let pending = CriticalState(Deque<Ticket>())

    package init(limit: Int) {
      precondition(limit > 0, "A batch holds at least one commit.")
      self.limit = limit
    }

    /// How many commits wait for a batch.
    package var queued: Int { pending.withLock { $0.count } }

    /// Queues `commit` for the next batch.
    package func enqueue(_ commit: Commit) -> Ticket {
      let ticket = Ticket(commit)
      pending.withLock { $0.append(ticket) }
      return ticket
    }

    /// The oldest queued commits, at most ``limit``, in the order they were queued.
    package func takeBatch() -> [Ticket] {
      pending.withLock { pending in
        let count = min(limit, pending.count)
        defer { pending.removeFirst(count) }
        return Array(pending.prefix(count))
      }
    }
  }
#endif
