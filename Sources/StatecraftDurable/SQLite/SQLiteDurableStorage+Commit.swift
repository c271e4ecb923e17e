#if Durable
  import SQLiteNIO

  // How a step is committed: alone when the connection is free, else with the steps that queued
  // behind the transaction under way (group commit).
  extension SQLiteDurableStorage {
    /// Writes the step in a `BEGIN IMMEDIATE` transaction, which writes nothing of it unless every
    /// part is written: ``DurableCommitOutcome/duplicate(result:)`` if the event id was applied,
    /// ``DurableCommitOutcome/conflict`` if the stored version is no longer the expected one.
    ///
    /// Steps committed while the connection is busy are committed together, up to 64 in the next
    /// transaction, with one statement a table for all of them and one `fsync`. Each keeps its own
    /// guarantees: an event id applied twice is applied once, a step whose instance moved on
    /// conflicts, and two steps of one instance both commit when the second was computed from the
    /// first. If a statement fails (the database refuses one step's row), the batch is written
    /// again step by step, each in a savepoint of its own, so that the step that fails leaves the
    /// others applied. A step that finds the connection free is committed alone, at once: nothing
    /// waits for a batch to fill.
    public func commit(_ commit: DurableCommit) async throws -> DurableCommitOutcome {
      try await commits.commit(commit, holding: gate, applying: apply)
    }

    /// Applies `batch` in one transaction, and finishes each ticket: with its outcome once the
    /// transaction is committed, with the error that kept it from it.
    private func apply(_ batch: [GroupCommit<DurableCommit, DurableCommitOutcome>.Ticket]) async {
      guard await begin(failing: batch) else { return }
      var outcomes: [Result<DurableCommitOutcome, any Error>]
      if batch.count > 1, let together = try? await writeBatch(batch.map(\.commit)) {
        outcomes = together.map { .success($0) }
      } else {
        if batch.count > 1 {
          // Undone, and written again step by step: each step finds out whether it is the one
          // the database refuses.
          _ = try? await connection.query("ROLLBACK")
          commits.countFallback()
          guard await begin(failing: batch) else { return }
        }
        guard let eachStep = await writeEachStep(batch) else { return }
        outcomes = eachStep
      }
      do {
        _ = try await connection.query("COMMIT")
      } catch {
        _ = try? await connection.query("ROLLBACK")
        for ticket in batch { ticket.finish(.failure(error)) }
        return
      }
      for (ticket, outcome) in zip(batch, outcomes) { ticket.finish(outcome) }
    }

    /// Begins a `BEGIN IMMEDIATE` transaction; fails every ticket of `batch` if it cannot.
    private func begin(failing batch: [GroupCommit<DurableCommit, DurableCommitOutcome>.Ticket]) async -> Bool {
      do {
        _ = try await connection.query("BEGIN IMMEDIATE")
        return true
      } catch {
        for ticket in batch { ticket.finish(.failure(error)) }
        return false
      }
    }

    /// Writes each step of `batch` in the transaction under way, each in a savepoint when there are
    /// several: a step that fails is undone alone. `nil`, every ticket failed and the transaction
    /// rolled back, if the connection failed.
    private func writeEachStep(
      _ batch: [GroupCommit<DurableCommit, DurableCommitOutcome>.Ticket]
    ) async -> [Result<DurableCommitOutcome, any Error>]? {
      var outcomes: [Result<DurableCommitOutcome, any Error>] = []
      // A step alone needs no savepoint: the transaction is its own.
      let savesEachStep = batch.count > 1
      for ticket in batch {
        do {
          if savesEachStep { _ = try await connection.query("SAVEPOINT step") }
          do {
            outcomes.append(.success(try await write(ticket.commit)))
          } catch let error where savesEachStep {
            // The other steps of the batch stay: only this one's writes are undone.
            _ = try await connection.query("ROLLBACK TO step")
            outcomes.append(.failure(error))
          }
          if savesEachStep { _ = try await connection.query("RELEASE step") }
        } catch {
          // The connection failed: the transaction is lost, and with it every step.
          _ = try? await connection.query("ROLLBACK")
          for ticket in batch { ticket.finish(.failure(error)) }
          return nil
        }
      }
      return outcomes
    }

    /// Writes one step in the transaction under way, if its event id is new and its instance's
    /// version still the expected one; writes nothing otherwise.
    private func write(_ commit: DurableCommit) async throws -> DurableCommitOutcome {
      let row = commit.row
      if let result = try await appliedResultInTransaction(
        definition: row.definition, id: row.id, eventID: commit.eventID)
      {
        return .duplicate(result: result)
      }
      _ = try await connection.query(
        "UPDATE statecraft_instances SET version = ?, snapshot = ? WHERE definition = ? AND id = ? AND version = ?",
        [
          .integer(Int(row.version)), .text(row.snapshot), .text(row.definition), .text(row.id),
          .integer(Int(commit.expectedVersion)),
        ])
      let changed = try await connection.query("SELECT changes() AS changed")
      guard changed.first?.column("changed")?.integer == 1 else { return .conflict }
      _ = try await connection.query(
        "INSERT INTO statecraft_events (definition, id, event_id, version, result) VALUES (?, ?, ?, ?, ?)",
        [
          .text(row.definition), .text(row.id), .text(commit.eventID), .integer(Int(row.version)),
          .text(commit.result),
        ])
      _ = try await connection.query(
        "INSERT INTO statecraft_journal (definition, id, version, line) VALUES (?, ?, ?, ?)",
        [.text(row.definition), .text(row.id), .integer(Int(row.version)), .text(commit.journalLine)])
      try await writeOutputs(commit.outputs, definition: row.definition, id: row.id)
      try await writeActiveStates(row)
      try await writeTimer(definition: row.definition, id: row.id, dueAt: commit.nextTimer)
      return .committed
    }

    // MARK: For tests

    /// Runs `body` holding the connection, as a long transaction would: commits meanwhile queue.
    package func holdingConnection<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
      try await gate.run(body)
    }

    /// How many commits wait for the connection.
    package var queuedCommits: Int { commits.queued }
  }
#endif
