#if Postgres
  import Logging
  import PostgresNIO
  import StatecraftDurable

  // A batch of steps written in one transaction with two statements, whatever its size: one that
  // locks the batch's instances and reads what the plan needs, one that writes every table, each
  // value bound as an array.
  extension PostgresDurableStorage {
    /// An instance's row was not updated as planned: the batch is rolled back and its steps are
    /// committed one by one, where each finds out for itself.
    struct BatchMismatch: Error {}

    /// The connection failed while `COMMIT` was under way: whether the server committed the batch
    /// is unknown, as it is for a step alone whose `COMMIT` gets no answer.
    private struct CommitOutcomeUnknown: Error {
      let error: any Error
    }

    /// Applies `batch` in one transaction, and finishes each ticket: with its outcome once the
    /// transaction is committed, or with the error that kept it from being applied. If anything
    /// fails before `COMMIT` (the server refuses one step's row, a row was not updated as
    /// planned, the connection was lost), nothing was committed, and each step is committed again
    /// alone, so that only a step at fault fails; a step the batch did apply comes back as a
    /// duplicate. Runs in a task of its own: the caller that holds the gate applies others'
    /// steps too, and its cancellation must not fail theirs.
    func apply(_ batch: [GroupCommit<DurableCommit, DurableCommitOutcome>.Ticket]) async {
      await Task { await applyUncancelled(batch) }.value
    }

    private func applyUncancelled(_ batch: [GroupCommit<DurableCommit, DurableCommitOutcome>.Ticket]) async {
      guard batch.count > 1 else {
        for ticket in batch { ticket.finish(await outcomeAlone(ticket.commit)) }
        return
      }
      do {
        let outcomes = try await batchTransaction(batch.map(\.commit))
        for (ticket, outcome) in zip(batch, outcomes) { ticket.finish(.success(outcome)) }
      } catch let unknown as CommitOutcomeUnknown {
        for ticket in batch { ticket.finish(.failure(unknown.error)) }
      } catch {
        commits.countFallback()
        for ticket in batch { ticket.finish(await outcomeAlone(ticket.commit)) }
      }
    }

    /// Writes `commits` between `BEGIN` and `COMMIT`; a failure at `COMMIT` is thrown as
    /// ``CommitOutcomeUnknown``. On any failure the connection is closed, as ``transaction(_:)``
    /// does.
    private func batchTransaction(_ commits: [DurableCommit]) async throws -> [DurableCommitOutcome] {
      try await client.withConnection { connection in
        let outcomes: [DurableCommitOutcome]
        do {
          try await Self.rows(connection, "BEGIN", logger)
          outcomes = try await writeBatch(commits, connection)
        } catch {
          try? await connection.close().get()
          throw error
        }
        do {
          try await Self.rows(connection, "COMMIT", logger)
        } catch {
          try? await connection.close().get()
          throw CommitOutcomeUnknown(error: error)
        }
        return outcomes
      }
    }

    private func outcomeAlone(_ commit: DurableCommit) async -> Result<DurableCommitOutcome, any Error> {
      do {
        return .success(try await commitAlone(commit))
      } catch {
        return .failure(error)
      }
    }

    /// Locks the instances of `commits` in key order (so that two processes' batches never wait
    /// for each other in a cycle), reads their versions and the event ids already applied, decides
    /// each commit in queue order (``DurableBatchPlan``), and writes the winners.
    private func writeBatch(
      _ commits: [DurableCommit], _ connection: PostgresConnection
    ) async throws -> [DurableCommitOutcome] {
      let (instances, events) = DurableBatchPlan.reads(of: commits)
      var reads = PostgresBindings(capacity: 5)
      reads.append(instances.map(\.definition))
      reads.append(instances.map(\.id))
      reads.append(events.map(\.instance.definition))
      reads.append(events.map(\.instance.id))
      reads.append(events.map(\.eventID))
      var versions: [DurableBatchPlan.Instance: Int64] = [:]
      var applied: [DurableBatchPlan.AppliedEvent: String] = [:]
      for row in try await Self.rows(
        connection, PostgresQuery(unsafeSQL: Self.batchReadStatement, binds: reads), logger)
      {
        let (definition, id, version, eventID, result) = try row.decode((String, String, Int64?, String?, String?).self)
        let instance = DurableBatchPlan.Instance(definition: definition, id: id)
        if let version {
          versions[instance] = version
        } else if let eventID, let result {
          applied[DurableBatchPlan.AppliedEvent(instance: instance, eventID: eventID)] = result
        }
      }
      let plan = DurableBatchPlan(commits, applied: applied, versions: versions)
      guard !plan.winners.isEmpty else { return plan.outcomes }
      let rows = try await Self.rows(
        connection, PostgresQuery(unsafeSQL: Self.batchWriteStatement, binds: Self.writes(of: plan, commits)), logger)
      guard try rows.first?.decode(Int64.self) == Int64(plan.updates.count) else { throw BatchMismatch() }
      return plan.outcomes
    }

    /// The write statement's values: each instance's last winner, every winner's event, journal
    /// line and outputs in queue order, and the last winners' active states and timers.
    private static func writes(of plan: DurableBatchPlan, _ commits: [DurableCommit]) -> PostgresBindings {
      let lasts = plan.updates.map { commits[$0.last] }
      let winners = plan.winners.map { commits[$0] }
      let outputs = winners.flatMap { commit in commit.outputs.map { (commit.row, $0) } }
      let states = lasts.flatMap { commit in Set(commit.row.activeStates).map { (commit.row, $0) } }
      let timers = lasts.compactMap { commit in commit.nextTimer.map { (commit.row, $0) } }
      let cleared = lasts.filter { $0.nextTimer == nil }.map(\.row)
      var binds = PostgresBindings(capacity: 26)
      binds.append(lasts.map(\.row.definition))  // $1
      binds.append(lasts.map(\.row.id))  // $2
      binds.append(lasts.map(\.row.version))  // $3
      binds.append(lasts.map(\.row.snapshot))  // $4
      binds.append(plan.updates.map(\.storedVersion))  // $5
      binds.append(winners.map(\.row.definition))  // $6
      binds.append(winners.map(\.row.id))  // $7
      binds.append(winners.map(\.eventID))  // $8
      binds.append(winners.map(\.row.version))  // $9
      binds.append(winners.map(\.result))  // $10
      binds.append(winners.map(\.journalLine))  // $11
      binds.append(outputs.map(\.1.id))  // $12
      binds.append(outputs.map(\.0.definition))  // $13
      binds.append(outputs.map(\.0.id))  // $14
      binds.append(outputs.map(\.1.version))  // $15
      binds.append(outputs.map(\.1.name))  // $16
      // Arrays of optionals do not bind: `''` stands for none, which `NULLIF` stores as `NULL`.
      binds.append(outputs.map { $0.1.committedAt.map(String.init) ?? "" })  // $17
      binds.append(outputs.map { $0.1.storedTraceContext ?? "" })  // $18
      binds.append(states.map(\.0.definition))  // $19
      binds.append(states.map(\.0.id))  // $20
      binds.append(states.map(\.1))  // $21
      binds.append(timers.map(\.0.definition))  // $22
      binds.append(timers.map(\.0.id))  // $23
      binds.append(timers.map(\.1))  // $24
      binds.append(cleared.map(\.definition))  // $25
      binds.append(cleared.map(\.id))  // $26
      return binds
    }

    /// Locks the batch's instances in key order and reads their versions, then the event ids of
    /// the batch that were applied. Under READ COMMITTED the events are read as of the statement's
    /// start and the versions as of the lock: an event applied in between moved its instance's
    /// version past every version the batch's steps were computed from, so they conflict.
    /// Public for tools that measure a batch against raw postgres-nio.
    public static let batchReadStatement = """
      WITH locked AS MATERIALIZED (
        SELECT instance.definition, instance.id, instance.version
        FROM statecraft_instances AS instance
        JOIN unnest($1::text[], $2::text[]) AS wanted(definition, id)
          ON instance.definition = wanted.definition AND instance.id = wanted.id
        ORDER BY instance.definition, instance.id
        FOR UPDATE OF instance
      )
      SELECT definition, id, version, NULL::text, NULL::text FROM locked
      UNION ALL
      SELECT event.definition, event.id, NULL::bigint, event.event_id, event.result
      FROM statecraft_events AS event
      JOIN unnest($3::text[], $4::text[], $5::text[]) AS wanted(definition, id, event_id)
        ON event.definition = wanted.definition AND event.id = wanted.id AND event.event_id = wanted.event_id
      """

    /// Writes a batch's plan: each instance's row once, guarded by the version the plan read
    /// (the statement's count of updated rows must be the plan's, or the batch is rolled back),
    /// every winner's event, journal line and outputs, in queue order so that the outbox's
    /// `sequence` orders them as the steps made them, and each instance's last active states and
    /// timer. Public for tools that measure a batch against raw postgres-nio.
    public static let batchWriteStatement = """
      WITH updated AS (
        UPDATE statecraft_instances AS instance SET version = planned.version, snapshot = planned.snapshot
        FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[])
          AS planned(definition, id, version, snapshot, stored)
        WHERE instance.definition = planned.definition AND instance.id = planned.id
          AND instance.version = planned.stored
        RETURNING 1
      ), events AS (
        INSERT INTO statecraft_events (definition, id, event_id, version, result)
        SELECT * FROM unnest($6::text[], $7::text[], $8::text[], $9::bigint[], $10::text[])
      ), journal AS (
        INSERT INTO statecraft_journal (definition, id, version, line)
        SELECT * FROM unnest($6::text[], $7::text[], $9::bigint[], $11::text[])
      ), outputs AS (
        INSERT INTO statecraft_outbox (output_id, definition, id, version, name, committed_at, trace_context)
        SELECT output.output_id, output.definition, output.id, output.version, output.name,
          NULLIF(output.committed_at, '')::bigint, NULLIF(output.trace, '')
        FROM unnest($12::text[], $13::text[], $14::text[], $15::bigint[], $16::text[], $17::text[], $18::text[])
          WITH ORDINALITY AS output(output_id, definition, id, version, name, committed_at, trace, position)
        ORDER BY output.position
      ), left_states AS (
        DELETE FROM statecraft_active_states AS state
        USING unnest($1::text[], $2::text[]) AS planned(definition, id)
        WHERE state.definition = planned.definition AND state.id = planned.id
          AND (state.definition, state.id, state.state) NOT IN (
            SELECT * FROM unnest($19::text[], $20::text[], $21::text[]))
      ), entered_states AS (
        INSERT INTO statecraft_active_states (definition, id, state)
        SELECT * FROM unnest($19::text[], $20::text[], $21::text[])
        ON CONFLICT DO NOTHING
      ), timers_set AS (
        INSERT INTO statecraft_timers (definition, id, due_at)
        SELECT * FROM unnest($22::text[], $23::text[], $24::bigint[])
        ON CONFLICT (definition, id) DO UPDATE SET due_at = excluded.due_at, claimed_until = 0
      ), timers_cleared AS (
        DELETE FROM statecraft_timers AS timer
        USING unnest($25::text[], $26::text[]) AS planned(definition, id)
        WHERE timer.definition = planned.definition AND timer.id = planned.id
      )
      SELECT count(*) FROM updated
      """

    // MARK: For tests

    /// Runs `body` as a batch's transaction would: commits meanwhile queue.
    package func holdingConnection<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
      try await gate.run(body)
    }

    /// How many commits wait for the batch under way.
    package var queuedCommits: Int { commits.queued }
  }
#endif
