#if Postgres
  import DurableWorkload
  import Logging
  import PostgresNIO
  import StatecraftDurable
  import Testing

  /// What PostgreSQL's planner makes of the statements a step runs on the tables the storage
  /// creates.
  @Suite(.enabled(if: KillTestDatabase.url != nil, "Needs STATECRAFT_POSTGRES_URL (.ci/postgres start)"))
  struct PostgresSchemaTests {
    /// A step replaces its instance's active states, and a batch deletes them by instance: the
    /// statement finds them through an index on the instance, created once however many processes
    /// prepare the tables.
    @Test func aStepFindsItsInstancesActiveStatesThroughAnIndex() async throws {
      let database = try await PostgresTestDatabase()
      _ = try await database.storage()
      _ = try await database.storage()
      let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
      let plan = try await database.client.withConnection { connection in
        // On tables this small the planner would scan them whatever their indexes.
        _ = try await connection.query("SET enable_seqscan = off", logger: logger)
        return try await connection.query(
          "EXPLAIN DELETE FROM statecraft_active_states WHERE definition = 'orders' AND id = 'a'", logger: logger
        ).collect().map { try $0.decode(String.self) }
      }
      let indexes = try await database.client.query(
        "SELECT count(*) FROM pg_indexes WHERE tablename = 'statecraft_active_states' AND schemaname = \(database.schema)"
      ).collect().map { try $0.decode(Int64.self) }
      try await database.close()
      #expect(plan.contains { $0.contains("statecraft_active_states_instance") }, "\(plan)")
      #expect(indexes == [2])
    }
  }
#endif
