#if Durable
  import SQLiteNIO

  /// Edits a database behind the runtime's back, as a bad migration or a disk error would.
  enum SQLiteEditor {
    static func edit(
      _ path: String, _ body: (_ sql: (String) async throws -> Void) async throws -> Void
    ) async throws {
      let connection = try await SQLiteConnection.open(storage: .file(path: path))
      do {
        try await body { query in _ = try await connection.query(query) }
      } catch {
        try await connection.close()
        throw error
      }
      try await connection.close()
    }
  }
#endif
