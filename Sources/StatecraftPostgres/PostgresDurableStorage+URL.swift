#if Postgres
  import Foundation
  public import PostgresNIO

  extension PostgresDurableStorage {
    /// Why a PostgreSQL URL was refused.
    ///
    /// ```swift
    /// do {
    ///   _ = try PostgresDurableStorage.configuration(url: "mysql://app:secret@localhost/orders")
    /// } catch let error as PostgresDurableStorage.InvalidURL {
    ///   print(error.reason)   // the scheme must be postgres or postgresql
    ///   print(error.url)      // the URL, its password hidden
    /// }
    /// ```
    public struct InvalidURL: Error, Equatable, CustomStringConvertible {
      /// The URL as given, with its password hidden.
      public let url: String
      /// What is wrong with it, such as `it names no host`.
      public let reason: String
      /// `Not a PostgreSQL URL (reason): url`, with the password hidden.
      public var description: String { "Not a PostgreSQL URL (\(reason)): \(url)" }
    }

    /// A client configuration from a URL such as
    /// `postgres://user:password@localhost:5432/orders?sslmode=disable`, the form `psql` takes.
    /// `sslmode` may be `disable`, `prefer` (the default) or `require`.
    ///
    /// ```swift
    /// import PostgresNIO
    ///
    /// let client = PostgresClient(configuration: try PostgresDurableStorage.configuration(
    ///   url: ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "postgres://localhost/orders"))
    /// let running = Task { await client.run() }   // its connection pool, while the app runs
    /// let storage = try await PostgresDurableStorage(client: client)
    /// print(storage.client === client)   // true
    /// running.cancel()   // when the app stops: the pool closes its connections
    /// ```
    public static func configuration(url: String) throws -> PostgresClient.Configuration {
      guard let components = URLComponents(string: url) else {
        throw InvalidURL(url: url, reason: "it does not parse")
      }
      var shown = components
      if shown.password != nil { shown.password = "…" }
      let refuse = { (reason: String) in InvalidURL(url: shown.string ?? "", reason: reason) }
      guard components.scheme == "postgres" || components.scheme == "postgresql" else {
        throw refuse("the scheme must be postgres or postgresql")
      }
      guard let host = components.host, !host.isEmpty else { throw refuse("it names no host") }
      let options = Dictionary(
        (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
      let tls: PostgresClient.Configuration.TLS
      switch options["sslmode"] ?? "prefer" {
      case "disable": tls = .disable
      case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
      case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
      case let mode: throw refuse("unknown sslmode '\(mode)'")
      }
      let database = components.path.split(separator: "/").first.map(String.init)
      return PostgresClient.Configuration(
        host: host, port: components.port ?? 5432,
        username: components.user ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres",
        password: components.password, database: database, tls: tls)
    }
  }
#endif
