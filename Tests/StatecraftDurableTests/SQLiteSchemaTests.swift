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
  }
#endif
