#if Durable
  import SQLiteNIO
  import StatecraftDurable
  import Testing

  /// What SQLite's planner makes of the statements a step runs on the tables the storage creates.
  @Suite("SQLite schema")
  struct SQLiteSchemaTests {
    /// A step replaces its instance's active states: the statement finds them through an index on
    /// the instance, not by scanning every active state of the definition.
    @Test func aStepFindsItsInstancesActiveStatesThroughAnIndex() async throws {
      let database = SQLiteTestDatabase()
      _ = try await SQLiteDurableStorage(path: database.path)
      let connection = try await SQLiteConnection.open(storage: .file(path: database.path))
      let plan = try await connection.query(
        "EXPLAIN QUERY PLAN DELETE FROM statecraft_active_states WHERE definition = ? AND id = ?",
        [.text("orders"), .text("a")])
      try await connection.close()
      try await database.close()
      let details = plan.compactMap { $0.column("detail")?.string }
      #expect(details.contains { $0.contains("USING INDEX statecraft_active_states_instance") }, "\(details)")
    }

    /// A batch of steps reads and writes its rows with one statement a table, each finding its
    /// rows by key: no statement scans a table.
    @Test func aBatchsStatementsFindTheirRowsByKey() async throws {
      let database = SQLiteTestDatabase()
      _ = try await SQLiteDurableStorage(path: database.path)
      let connection = try await SQLiteConnection.open(storage: .file(path: database.path))
      let statements = [
        "SELECT definition, id, version FROM statecraft_instances WHERE (definition, id) IN (VALUES (?, ?), (?, ?))",
        """
        SELECT definition, id, event_id, result FROM statecraft_events
        WHERE (definition, id, event_id) IN (VALUES (?, ?, ?), (?, ?, ?))
        """,
        """
        UPDATE statecraft_instances SET version = planned.column3, snapshot = planned.column4
        FROM (VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)) AS planned
        WHERE statecraft_instances.definition = planned.column1 AND statecraft_instances.id = planned.column2
          AND statecraft_instances.version = planned.column5
        """,
        "DELETE FROM statecraft_active_states WHERE (definition, id) IN (VALUES (?, ?), (?, ?))",
        "DELETE FROM statecraft_timers WHERE (definition, id) IN (VALUES (?, ?), (?, ?))",
      ]
      var scans: [String] = []
      for statement in statements {
        let plan = try await connection.query("EXPLAIN QUERY PLAN " + statement)
        scans += plan.compactMap { $0.column("detail")?.string }.filter { $0.hasPrefix("SCAN statecraft_") }
      }
      try await connection.close()
      try await database.close()
      #expect(scans.isEmpty)
    }
  }
#endif
