#if Durable
  import SQLiteNIO

  // A batch of steps written with one statement a table, whatever its size: a statement costs a
  // hop to the connection's thread and a parse, a row a few microseconds.
  extension SQLiteDurableStorage {
    /// The most values one statement binds: SQLite's default limit (sqlite-nio's is higher).
    package static var bindLimit: Int { 32_766 }

    /// An instance's row was not updated as planned (a trigger skipped it): the batch is written
    /// again step by step, where each step finds out for itself.
    struct BatchMismatch: Error {}

    /// Writes `commits` in the transaction under way: reads the event ids they carry and their
    /// instances' versions, decides each commit in queue order (``DurableBatchPlan``), then
    /// writes the winners with one statement a table. Throws if a statement fails, or if an
    /// instance's row was not updated as planned: the caller then rolls back and writes the steps
    /// one by one.
    func writeBatch(_ commits: [DurableCommit]) async throws -> [DurableCommitOutcome] {
      let (instances, events) = DurableBatchPlan.reads(of: commits)
      var versions: [DurableBatchPlan.Instance: Int64] = [:]
      for chunk in Self.chunks(of: instances, bindsPerRow: 2) {
        let rows = try await connection.query(
          """
          SELECT definition, id, version FROM statecraft_instances
          WHERE (definition, id) IN (VALUES \(Self.placeholders(rows: chunk.count, columns: 2)))
          """,
          chunk.flatMap { [.text($0.definition), .text($0.id)] })
        for row in rows {
          guard let definition = row.column("definition")?.string, let id = row.column("id")?.string,
            let version = row.column("version")?.integer
          else { throw BatchMismatch() }
          versions[DurableBatchPlan.Instance(definition: definition, id: id)] = Int64(version)
        }
      }
      var applied: [DurableBatchPlan.AppliedEvent: String] = [:]
      for chunk in Self.chunks(of: events, bindsPerRow: 3) {
        let rows = try await connection.query(
          """
          SELECT definition, id, event_id, result FROM statecraft_events
          WHERE (definition, id, event_id) IN (VALUES \(Self.placeholders(rows: chunk.count, columns: 3)))
          """,
          chunk.flatMap { [.text($0.instance.definition), .text($0.instance.id), .text($0.eventID)] })
        for row in rows {
          guard let definition = row.column("definition")?.string, let id = row.column("id")?.string,
            let eventID = row.column("event_id")?.string, let result = row.column("result")?.string
          else { throw BatchMismatch() }
          let instance = DurableBatchPlan.Instance(definition: definition, id: id)
          applied[DurableBatchPlan.AppliedEvent(instance: instance, eventID: eventID)] = result
        }
      }
      let plan = DurableBatchPlan(commits, applied: applied, versions: versions)
      guard !plan.winners.isEmpty else { return plan.outcomes }
      try await updateInstances(plan.updates, commits)
      let winners = plan.winners.map { commits[$0] }
      try await insert(
        winners, into: "statecraft_events (definition, id, event_id, version, result)", columns: 5
      ) { commit in
        [
          .text(commit.row.definition), .text(commit.row.id), .text(commit.eventID),
          .integer(Int(commit.row.version)), .text(commit.result),
        ]
      }
      try await insert(winners, into: "statecraft_journal (definition, id, version, line)", columns: 4) { commit in
        [
          .text(commit.row.definition), .text(commit.row.id), .integer(Int(commit.row.version)),
          .text(commit.journalLine),
        ]
      }
      // In queue order, as the steps made them: dispatch claims outputs by row order.
      let outputs = winners.flatMap { commit in commit.outputs.map { (commit.row, $0) } }
      try await insert(
        outputs, into: "statecraft_outbox (output_id, definition, id, version, name, committed_at, trace_context)",
        columns: 7
      ) { row, output in
        [
          .text(output.id), .text(row.definition), .text(row.id), .integer(Int(output.version)),
          .text(output.name), output.committedAt.map { .integer(Int($0)) } ?? .null,
          output.storedTraceContext.map { .text($0) } ?? .null,
        ]
      }
      // Each instance ends with its last winner's active states and timer.
      let lasts = plan.updates.map { commits[$0.last] }
      try await delete(from: "statecraft_active_states", rowsOf: lasts)
      let states = lasts.flatMap { commit in Set(commit.row.activeStates).map { (commit.row, $0) } }
      try await insert(states, into: "statecraft_active_states (definition, id, state)", columns: 3) { row, state in
        [.text(row.definition), .text(row.id), .text(state)]
      }
      let timers = lasts.compactMap { commit in commit.nextTimer.map { (commit.row, $0) } }
      try await insert(
        timers, into: "statecraft_timers (definition, id, due_at)", columns: 3,
        then: "ON CONFLICT (definition, id) DO UPDATE SET due_at = excluded.due_at, claimed_until = 0"
      ) { row, dueAt in
        [.text(row.definition), .text(row.id), .integer(Int(dueAt))]
      }
      try await delete(from: "statecraft_timers", rowsOf: lasts.filter { $0.nextTimer == nil })
      return plan.outcomes
    }

    /// Deletes the rows of `table` that belong to the instances of `commits`.
    private func delete(from table: String, rowsOf commits: [DurableCommit]) async throws {
      for chunk in Self.chunks(of: commits, bindsPerRow: 2) {
        _ = try await connection.query(
          """
          DELETE FROM \(table)
          WHERE (definition, id) IN (VALUES \(Self.placeholders(rows: chunk.count, columns: 2)))
          """,
          chunk.flatMap { [.text($0.row.definition), .text($0.row.id)] })
      }
    }

    /// Moves each instance of `updates` to its last winner's version and snapshot, if it still
    /// has the version the plan read; throws ``BatchMismatch`` if one was not updated.
    private func updateInstances(_ updates: [DurableBatchPlan.Update], _ commits: [DurableCommit]) async throws {
      var updated = 0
      for chunk in Self.chunks(of: updates, bindsPerRow: 5) {
        let returned = try await connection.query(
          """
          UPDATE statecraft_instances SET version = planned.column3, snapshot = planned.column4
          FROM (VALUES \(Self.placeholders(rows: chunk.count, columns: 5))) AS planned
          WHERE statecraft_instances.definition = planned.column1 AND statecraft_instances.id = planned.column2
            AND statecraft_instances.version = planned.column5
          RETURNING definition, id
          """,
          chunk.flatMap { update -> [SQLiteData] in
            let last = commits[update.last].row
            return [
              .text(update.instance.definition), .text(update.instance.id), .integer(Int(last.version)),
              .text(last.snapshot), .integer(Int(update.storedVersion)),
            ]
          })
        updated += returned.count
      }
      guard updated == updates.count else { throw BatchMismatch() }
    }

    /// Inserts `rows` into `table` (its name and columns), `columns` values a row, with as few
    /// statements as the bind limit allows.
    private func insert<Row>(
      _ rows: [Row], into table: String, columns: Int, then clause: String = "",
      values: (Row) -> [SQLiteData]
    ) async throws {
      for chunk in Self.chunks(of: rows, bindsPerRow: columns) {
        _ = try await connection.query(
          "INSERT INTO \(table) VALUES \(Self.placeholders(rows: chunk.count, columns: columns)) \(clause)",
          chunk.flatMap(values))
      }
    }

    /// `rows` in slices that each bind at most ``bindLimit`` values.
    package static func chunks<Row>(of rows: [Row], bindsPerRow: Int) -> [ArraySlice<Row>] {
      let size = max(1, bindLimit / bindsPerRow)
      return stride(from: 0, to: rows.count, by: size).map { rows[$0..<min($0 + size, rows.count)] }
    }

    /// `(?, ?), (?, ?)` for 2 rows of 2 columns.
    static func placeholders(rows: Int, columns: Int) -> String {
      let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
      return Array(repeating: row, count: rows).joined(separator: ", ")
    }
  }
#endif
