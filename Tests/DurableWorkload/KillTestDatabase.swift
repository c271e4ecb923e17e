#if Postgres
  import Foundation
  public import PostgresNIO
  import StatecraftPostgres

  /// A PostgreSQL schema of its own for one test, on the server `STATECRAFT_POSTGRES_URL` names:
  /// tests and their worker processes share it, and nothing else sees it.
  public enum KillTestDatabase {
    /// The server's URL, when the environment names one (`.ci/run` starts a server and sets it).
    public static var url: String? {
      ProcessInfo.processInfo.environment["STATECRAFT_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A client whose connections use `schema`, and name it as their application (so that a
    /// test can find them in `pg_stat_activity`). Run it (`client.run()`) before use.
    public static func client(url: String, schema: String) throws -> PostgresClient {
      var configuration = try PostgresDurableStorage.configuration(url: url)
      configuration.options.additionalStartupParameters = [("search_path", schema), ("application_name", schema)]
      configuration.options.maximumConnections = 8
      return PostgresClient(configuration: configuration)
    }
  }
#endif
