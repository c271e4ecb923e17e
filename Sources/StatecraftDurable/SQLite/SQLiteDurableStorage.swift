#if Durable
  import Foundation
  import Logging
  import NIOCore
  import NIOPosix
  import SQLiteNIO
  import Synchronization

  /// Durable instances in an SQLite file: the embedded default, for one process or an app on a
  /// device. No server; SQLite itself is compiled in (sqlite-nio bundles it).
  ///
  /// ```swift
  /// enum Order: String, Codable, Hashable, Sendable {
  ///   case awaitingPayment, awaitingShipment, shipped, cancelled
  /// }
  /// enum OrderEvent: Codable, Equatable, Sendable { case paid, shipped, cancel }
  /// struct OrderContext: Codable, Equatable, Sendable { var reminders = 0 }
  ///
  /// enum Orders {
  ///   static let chart = Statechart<Order, OrderEvent, OrderContext>(
  ///     "order", initial: .awaitingPayment, context: OrderContext()
  ///   ) {
  ///     StateNode(.awaitingPayment) {
  ///       Entry(.output("emailInvoice"))
  ///       After(.seconds(3_600), target: .cancelled, actions: [.output("emailCancelled")])
  ///       OnEvent(.paid, target: .awaitingShipment)
  ///       OnEvent(.cancel, target: .cancelled)
  ///     }
  ///     StateNode(.awaitingShipment) {
  ///       Entry(.output("emailReceipt"))
  ///       OnEvent(.shipped, target: .shipped)
  ///     }
  ///     StateNode(final: .shipped)
  ///     StateNode(final: .cancelled)
  ///   }
  ///   static let schema = SnapshotSchema<ChartSnapshot<Order, OrderEvent, OrderContext>>("order", version: 1)
  /// }
  ///
  /// /// Sends the orders' emails; a real one calls a mail service.
  /// struct Mailer: Sendable {
  ///   func send(_ name: String, idempotencyKey: String) async throws {}
  /// }
  /// ```
  ///
  /// ```swift
  /// let storage = try await SQLiteDurableStorage(path: "/var/lib/orders.sqlite")
  /// let orders = DurableCharts(Orders.chart, schema: Orders.schema, storage: storage)
  /// try await orders.create("order-42")
  /// ```
  ///
  /// Each step is one `BEGIN IMMEDIATE` transaction. The tables (see ``tables``) are created on
  /// first use.
  public final class SQLiteDurableStorage: DurableStorage {
    let connection: SQLiteConnection
    /// The connection's own thread. SQLite waits for another connection's lock (`busy_timeout`)
    /// by blocking its thread: on sqlite-nio's shared pool, connections waiting so could hold
    /// every thread while the one holding the lock waited for a thread to commit on, until the
    /// timeout failed them with "database is locked".
    private let thread: NIOThreadPool
    let gate = TransactionGate()
    /// Steps waiting for the connection, committed together by the next transaction.
    /// At most 64 a transaction: each of them waits for the whole batch.
    /// A batch falls back when a statement of its fails: it is written again step by step.
    let commits = GroupCommit<DurableCommit, DurableCommitOutcome>(limit: 64, storage: "sqlite")
    private let isClosed = Atomic(false)

    /// Opens (or creates) the database at `path`, and its tables.
    public init(path: String) async throws {
      let thread = NIOThreadPool(numberOfThreads: 1)
      thread.start()
      do {
        connection = try await SQLiteConnection.open(
          storage: .file(path: path), threadPool: thread,
          // Library code never prints: sqlite-nio logs nowhere.
          logger: Logger(label: "statecraft.durable.sqlite", factory: { _ in SwiftLogNoOpLogHandler() }),
          on: MultiThreadedEventLoopGroup.singleton.any())
      } catch {
        try? await thread.shutdownGracefully()
        throw error
      }
      self.thread = thread
      try await prepare()
    }

    /// Closes the connection. A storage released without it closes it in the background. Calling
    /// it again does nothing.
    public func close() async throws {
      guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
      defer { thread.shutdownGracefully { _ in } }
      try await connection.close()
    }

    deinit {
      // The close keeps the connection alive until it is done. sqlite-nio's close must run once:
      // a second one dereferences the closed handle. The thread goes once the close is done.
      if !isClosed.exchange(true, ordering: .acquiringAndReleasing) {
        let thread = self.thread
        (connection.close() as EventLoopFuture<Void>).whenComplete { _ in
          thread.shutdownGracefully { _ in }
        }
      }
    }

    /// The tables, as SQL. `statecraft_instances` holds each instance's snapshot and version;
    /// `statecraft_active_states` indexes its active states; `statecraft_events` the event ids
    /// applied, with their results; `statecraft_journal` one line per step; `statecraft_outbox`
    /// the outputs to deliver; `statecraft_timers` each instance's next timer. `claimed_until`
    /// (milliseconds since 1970) is when a worker's claim on a timer or an output lapses.
    public static let tables = [
      """
      CREATE TABLE IF NOT EXISTS statecraft_instances (
        definition TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL,
        snapshot TEXT NOT NULL, created_at INTEGER NOT NULL,
        PRIMARY KEY (definition, id))
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_active_states (
        definition TEXT NOT NULL, id TEXT NOT NULL, state TEXT NOT NULL,
        PRIMARY KEY (definition, state, id))
      """,
      // A step replaces its instance's active states: found by instance, not by state.
      "CREATE INDEX IF NOT EXISTS statecraft_active_states_instance ON statecraft_active_states (definition, id)",
      """
      CREATE TABLE IF NOT EXISTS statecraft_events (
        definition TEXT NOT NULL, id TEXT NOT NULL, event_id TEXT NOT NULL,
        version INTEGER NOT NULL, result TEXT NOT NULL,
        PRIMARY KEY (definition, id, event_id))
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_journal (
        definition TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL, line TEXT NOT NULL,
        PRIMARY KEY (definition, id, version))
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_outbox (
        output_id TEXT PRIMARY KEY, definition TEXT NOT NULL, id TEXT NOT NULL,
        version INTEGER NOT NULL, name TEXT NOT NULL, delivered INTEGER NOT NULL DEFAULT 0,
        claimed_until INTEGER NOT NULL DEFAULT 0, committed_at INTEGER, trace_context TEXT)
      """,
      "CREATE INDEX IF NOT EXISTS statecraft_outbox_pending ON statecraft_outbox (definition, delivered)",
      """
      CREATE TABLE IF NOT EXISTS statecraft_timers (
        definition TEXT NOT NULL, id TEXT NOT NULL, due_at INTEGER NOT NULL,
        claimed_until INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (definition, id))
      """,
      "CREATE INDEX IF NOT EXISTS statecraft_timers_due ON statecraft_timers (definition, due_at)",
    ]

    /// Sets a five-second wait for other connections' locks and write-ahead logging, creates the
    /// ``tables`` that are missing, and adds the columns that older files lack (`claimed_until`,
    /// `committed_at`, `trace_context`), in a transaction.
    public func prepare() async throws {
      try await gate.run {
        // Another process's transaction makes this one wait, not fail.
        _ = try await connection.query("PRAGMA busy_timeout = 5000")
        _ = try await connection.query("PRAGMA journal_mode = WAL")
        for table in Self.tables { _ = try await connection.query(table) }
        // Tables from before claims or traces: add the columns, in a transaction, so that two
        // processes opening an old file at once do not both add them.
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
          let added = [
            ("statecraft_outbox", "claimed_until", "INTEGER NOT NULL DEFAULT 0"),
            ("statecraft_timers", "claimed_until", "INTEGER NOT NULL DEFAULT 0"),
            ("statecraft_outbox", "committed_at", "INTEGER"),
            ("statecraft_outbox", "trace_context", "TEXT"),
          ]
          for (table, column, type) in added {
            let columns = try await connection.query("PRAGMA table_info(\(table))")
              .compactMap { $0.column("name")?.string }
            if !columns.contains(column) {
              _ = try await connection.query("ALTER TABLE \(table) ADD COLUMN \(column) \(type)")
            }
          }
          _ = try await connection.query("COMMIT")
        } catch {
          _ = try? await connection.query("ROLLBACK")
          throw error
        }
      }
    }

    /// Reads the instance's row and its active states, or returns `nil` if there is none.
    public func load(definition: String, id: String) async throws -> DurableRow? {
      try await gate.run {
        try await loadRow(definition: definition, id: id)
      }
    }

    /// Writes the instance, its outputs, its active states and its timer in one `BEGIN IMMEDIATE`
    /// transaction. Returns `false`, writing nothing, if the instance exists.
    public func insert(_ row: DurableRow, nextTimer: Int64?, outputs: [DurableOutput]) async throws -> Bool {
      try await transaction {
        let existing = try await connection.query(
          "SELECT 1 FROM statecraft_instances WHERE definition = ? AND id = ?",
          [.text(row.definition), .text(row.id)])
        guard existing.isEmpty else { return false }
        _ = try await connection.query(
          "INSERT INTO statecraft_instances (definition, id, version, snapshot, created_at) VALUES (?, ?, ?, ?, ?)",
          [
            .text(row.definition), .text(row.id), .integer(Int(row.version)), .text(row.snapshot),
            .integer(Int(row.createdAt)),
          ])
        try await writeOutputs(outputs, definition: row.definition, id: row.id)
        try await writeActiveStates(row)
        try await writeTimer(definition: row.definition, id: row.id, dueAt: nextTimer)
        return true
      }
    }

    /// Reads the result recorded for `eventID`, or returns `nil` if the event was not applied.
    public func appliedResult(definition: String, id: String, eventID: String) async throws -> String? {
      try await gate.run {
        try await appliedResultInTransaction(definition: definition, id: id, eventID: eventID)
      }
    }

    /// Reads the ids of the instances indexed under `state`, in id order, at most `limit`.
    public func instances(definition: String, inState state: String, limit: Int) async throws -> [String] {
      try await gate.run {
        try await connection.query(
          "SELECT id FROM statecraft_active_states WHERE definition = ? AND state = ? ORDER BY id LIMIT ?",
          [.text(definition), .text(state), .integer(limit)]
        ).compactMap { $0.column("id")?.string }
      }
    }

    /// Takes the instances whose timers are due and unclaimed, earliest first, and sets their claim
    /// to `until`, in one `BEGIN IMMEDIATE` transaction, so that another process's claim waits for
    /// it.
    public func claimDueInstances(
      definition: String, at now: Int64, limit: Int, until: Int64
    ) async throws -> [String] {
      try await transaction {
        let due = try await connection.query(
          """
          SELECT id FROM statecraft_timers WHERE definition = ? AND due_at <= ? AND claimed_until <= ?
          ORDER BY due_at, id LIMIT ?
          """,
          [.text(definition), .integer(Int(now)), .integer(Int(now)), .integer(limit)]
        ).compactMap { $0.column("id")?.string }
        for id in due {
          _ = try await connection.query(
            "UPDATE statecraft_timers SET claimed_until = ? WHERE definition = ? AND id = ?",
            [.integer(Int(until)), .text(definition), .text(id)])
        }
        return due
      }
    }

    /// Takes the undelivered, unclaimed outputs in the order they were written, and sets their
    /// claim to `until`, in one `BEGIN IMMEDIATE` transaction.
    public func claimPendingOutputs(
      definition: String, at now: Int64, limit: Int, until: Int64
    ) async throws -> [DurableOutput] {
      try await transaction {
        let pending = try await connection.query(
          """
          SELECT output_id, id, version, name, committed_at, trace_context FROM statecraft_outbox
          WHERE definition = ? AND delivered = 0 AND claimed_until <= ? ORDER BY rowid LIMIT ?
          """,
          [.text(definition), .integer(Int(now)), .integer(limit)]
        ).compactMap { row -> DurableOutput? in
          guard let id = row.column("output_id")?.string, let instance = row.column("id")?.string,
            let version = row.column("version")?.integer, let name = row.column("name")?.string
          else { return nil }
          return DurableOutput(
            id: id, instance: instance, name: name, version: Int64(version),
            committedAt: row.column("committed_at")?.integer.map(Int64.init),
            traceContext: DurableOutput.traceContext(stored: row.column("trace_context")?.string))
        }
        for output in pending {
          _ = try await connection.query(
            "UPDATE statecraft_outbox SET claimed_until = ? WHERE output_id = ?",
            [.integer(Int(until)), .text(output.id)])
        }
        return pending
      }
    }

    /// Marks the outputs delivered, all in one transaction.
    public func markDelivered(_ ids: [String]) async throws {
      _ = try await transaction {
        for id in ids {
          _ = try await connection.query(
            "UPDATE statecraft_outbox SET delivered = 1 WHERE output_id = ?", [.text(id)])
        }
        return true
      }
    }

    /// Counts the undelivered outputs, on the outbox's `(definition, delivered)` index.
    public func pendingOutputCount(definition: String) async throws -> Int? {
      try await gate.run {
        try await connection.query(
          "SELECT count(*) AS pending FROM statecraft_outbox WHERE definition = ? AND delivered = 0",
          [.text(definition)]
        ).first?.column("pending")?.integer ?? 0
      }
    }

    /// Reads the instance's journal lines in version order: one per step.
    public func journal(definition: String, id: String) async throws -> [String] {
      try await gate.run {
        try await connection.query(
          "SELECT line FROM statecraft_journal WHERE definition = ? AND id = ? ORDER BY version",
          [.text(definition), .text(id)]
        ).compactMap { $0.column("line")?.string }
      }
    }

    // MARK: Within a transaction

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction, alone on the connection: committed if it
    /// returns, rolled back if it throws.
    private func transaction<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
      try await gate.run {
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
          let result = try await body()
          _ = try await connection.query("COMMIT")
          return result
        } catch {
          _ = try? await connection.query("ROLLBACK")
          throw error
        }
      }
    }

    private func loadRow(definition: String, id: String) async throws -> DurableRow? {
      guard
        let row = try await connection.query(
          "SELECT version, snapshot, created_at FROM statecraft_instances WHERE definition = ? AND id = ?",
          [.text(definition), .text(id)]
        ).first,
        let version = row.column("version")?.integer, let snapshot = row.column("snapshot")?.string,
        let createdAt = row.column("created_at")?.integer
      else { return nil }
      let states = try await connection.query(
        "SELECT state FROM statecraft_active_states WHERE definition = ? AND id = ?",
        [.text(definition), .text(id)]
      ).compactMap { $0.column("state")?.string }
      return DurableRow(
        definition: definition, id: id, version: Int64(version), snapshot: snapshot,
        activeStates: states, createdAt: Int64(createdAt))
    }

    func appliedResultInTransaction(
      definition: String, id: String, eventID: String
    ) async throws -> String? {
      try await connection.query(
        "SELECT result FROM statecraft_events WHERE definition = ? AND id = ? AND event_id = ?",
        [.text(definition), .text(id), .text(eventID)]
      ).first?.column("result")?.string
    }

    func writeOutputs(_ outputs: [DurableOutput], definition: String, id: String) async throws {
      for output in outputs {
        _ = try await connection.query(
          """
          INSERT INTO statecraft_outbox (
            output_id, definition, id, version, name, committed_at, trace_context)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .text(output.id), .text(definition), .text(id), .integer(Int(output.version)),
            .text(output.name), output.committedAt.map { .integer(Int($0)) } ?? .null,
            output.storedTraceContext.map { .text($0) } ?? .null,
          ])
      }
    }

    func writeActiveStates(_ row: DurableRow) async throws {
      _ = try await connection.query(
        "DELETE FROM statecraft_active_states WHERE definition = ? AND id = ?",
        [.text(row.definition), .text(row.id)])
      for state in Set(row.activeStates) {
        _ = try await connection.query(
          "INSERT INTO statecraft_active_states (definition, id, state) VALUES (?, ?, ?)",
          [.text(row.definition), .text(row.id), .text(state)])
      }
    }

    func writeTimer(definition: String, id: String, dueAt: Int64?) async throws {
      if let dueAt {
        _ = try await connection.query(
          """
          INSERT INTO statecraft_timers (definition, id, due_at) VALUES (?, ?, ?)
          ON CONFLICT (definition, id) DO UPDATE SET due_at = excluded.due_at, claimed_until = 0
          """,
          [.text(definition), .text(id), .integer(Int(dueAt))])
      } else {
        _ = try await connection.query(
          "DELETE FROM statecraft_timers WHERE definition = ? AND id = ?",
          [.text(definition), .text(id)])
      }
    }
  }
#endif
