#if Durable
  import DequeModule
  import Metrics
  import StatecraftEngine

  /// Commits queued while the connection is busy, so that the next transaction takes them all: a
  /// database's cost per transaction (its `fsync`) is then paid once for the steps of many
  /// instances that arrive together. Nothing waits for a batch to fill: a commit that finds the
  /// connection free is a batch of one.
  ///
  /// A storage's ``commit(_:holding:applying:)`` enqueues each commit, then, holding the storage's
  /// gate, takes and applies batches until its own commit has an outcome: one that an earlier
  /// holder's batch took has one already, and its caller only reads it. The storage says how a
  /// batch is written; the queue, the loop and the two metrics are the same for every storage.
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
    /// How many commits each batch held (`statecraft_durable_commit_batch_size`).
    private let batchSizes: Recorder
    /// How many batches failed as a whole and had their commits applied one by one
    /// (`statecraft_durable_commit_fallbacks_total`).
    private let fallbacks: Counter

    /// A queue whose batches hold at most `limit` commits, whose metrics carry the dimension
    /// `storage` (`"sqlite"`, `"postgres"`).
    package init(limit: Int, storage: String) {
      precondition(limit > 0, "A batch holds at least one commit.")
      self.limit = limit
      batchSizes = Recorder(label: "statecraft_durable_commit_batch_size", dimensions: [("storage", storage)])
      fallbacks = Counter(label: "statecraft_durable_commit_fallbacks_total", dimensions: [("storage", storage)])
    }

    /// How many commits wait for a batch.
    package var queued: Int { pending.withLock { $0.count } }

    /// Queues `commit`, then, holding `gate`, has `apply` write batches until one has applied
    /// it, and returns its outcome. `apply` finishes every ticket of the batch it is given.
    package func commit(
      _ commit: Commit, holding gate: TransactionGate, applying apply: ([Ticket]) async -> Void
    ) async throws -> Outcome {
      let ticket = enqueue(commit)
      try await gate.run {
        while !ticket.isDone {
          let batch = takeBatch()
          batchSizes.record(batch.count)
          await apply(batch)
        }
      }
      return try ticket.outcome()
    }

    /// Counts a batch that failed as a whole, whose commits the storage applies one by one.
    package func countFallback() { fallbacks.increment() }

    /// Queues `commit` for the next batch.
    private func enqueue(_ commit: Commit) -> Ticket {
      let ticket = Ticket(commit)
      pending.withLock { $0.append(ticket) }
      return ticket
    }

    /// The oldest queued commits, at most ``limit``, in the order they were queued.
    private func takeBatch() -> [Ticket] {
      pending.withLock { pending in
        let count = min(limit, pending.count)
        defer { pending.removeFirst(count) }
        return Array(pending.prefix(count))
      }
    }
  }
#endif
