#if Durable
  import Foundation
  import SQLiteNIO
  import StatecraftDurable
  #if Postgres
    import DurableWorkload
    import PostgresNIO
    import StatecraftPostgres
  #endif

  /// A database the durable tests run on: an SQLite file, or a PostgreSQL schema of its own on
  /// the server `STATECRAFT_POSTGRES_URL` names. Each test opens a fresh one.
  enum TestBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite, postgres

    var description: String { rawValue }

    /// SQLite always; PostgreSQL when a server is named (`.ci/run` starts one).
    static var available: [TestBackend] {
      #if Postgres
        KillTestDatabase.url == nil ? [.sqlite] : [.sqlite, .postgres]
      #else
        [.sqlite]
      #endif
    }

    func open() async throws -> any TestDatabase {
      switch self {
      case .sqlite: return SQLiteTestDatabase()
      case .postgres:
        #if Postgres
          return try await PostgresTestDatabase()
        #else
          fatalError("Built without the Postgres trait")
        #endif
      }
    }
  }

  protocol TestDatabase: Sendable {
    /// A new storage on this database, as another runtime or process would open it.
    func storage() async throws -> any DurableStorage
    /// Runs `sql` behind the runtime's back, as a bad migration or a disk error would.
    func execute(_ sql: String) async throws
    /// Drops what the test made.
    func close() async throws
  }

  struct SQLiteTestDatabase: TestDatabase {
    let path = FileManager.default.temporaryDirectory
      .appending(path: "statecraft-durable-\(UUID().uuidString).sqlite").path()

    func storage() async throws -> any DurableStorage {
      try await SQLiteDurableStorage(path: path)
    }

    func execute(_ sql: String) async throws {
      let connection = try await SQLiteConnection.open(storage: .file(path: path))
      do {
        _ = try await connection.query(sql)
      } catch {
        try await connection.close()
        throw error
      }
      try await connection.close()
    }

    func close() async throws {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  #if Postgres
    final class PostgresTestDatabase: TestDatabase {
      let schema = "test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "_").lowercased())"
      let url: String
      let client: PostgresClient
      private let running: Task<Void, Never>

      init() async throws {
        url = KillTestDatabase.url!
        let admin = try KillTestDatabase.client(url: url, schema: "public")
        let adminRunning = Task { await admin.run() }
        try await admin.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"))
        adminRunning.cancel()
        client = try KillTestDatabase.client(url: url, schema: schema)
        running = Task { [client] in await client.run() }
      }

      func storage() async throws -> any DurableStorage {
        try await PostgresDurableStorage(client: client)
      }

      func execute(_ sql: String) async throws {
        try await client.query(PostgresQuery(unsafeSQL: sql))
      }

      func close() async throws {
        try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"))
        running.cancel()
      }
    }
  #endif
#endif
