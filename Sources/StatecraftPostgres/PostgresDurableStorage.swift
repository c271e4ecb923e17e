#if Postgres
  import Logging
  public import PostgresNIO
  public import StatecraftDurable

  /// Durable instances in PostgreSQL, for several processes on several machines. Every process
  /// runs its own ``DurableCharts`` on the same database: steps are guarded by the instance's
  /// version, and due timers and pending outputs are claimed with `FOR UPDATE SKIP LOCKED`, so
  /// that workers share them without waiting on each other.
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
  /// import PostgresNIO
  /// import StatecraftDurable
  ///
  /// let idempotencyKey = "9b1d…"   // the request's Idempotency-Key header
  /// let client = PostgresClient(
  ///   configuration: try PostgresDurableStorage.configuration(url: "postgres://app@localhost/orders"))
  /// // The client's connection pool runs as long as this task; a Hummingbird or Vapor app puts
  /// // the client in its service group instead.
  /// let running = Task { await client.run() }
  /// let storage = try await PostgresDurableStorage(client: client)
  /// let orders = DurableCharts(Orders.chart, schema: Orders.schema, storage: storage)
  /// try await orders.send(.paid, to: "order-42", eventID: idempotencyKey)
  /// running.cancel()   // closes the pool
  /// ```
  ///
  /// The tables (see ``tables``) are created on first use, by one process at a time (an advisory
  /// lock), and have the same columns as ``SQLiteDurableStorage``'s.
  public final class PostgresDurableStorage: DurableStorage {
    /// The client it runs its transactions on. Its `run()` must be running.
    public let client: PostgresClient
    // Library code never prints: postgres-nio logs nowhere unless the user's client does.
    let logger = Logger(label: "statecraft.durable.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    /// One batch's transaction at a time: steps that arrive meanwhile queue for the next one.
    let gate = TransactionGate()
    /// Steps waiting for the batch under way, committed together by the next transaction.
    /// At most 64 a transaction: each of them waits for the whole batch.
    /// A batch falls back when it fails before `COMMIT` (the server refused a row, or the
    /// connection was lost): its steps are then committed one by one.
    let commits = GroupCommit<DurableCommit, DurableCommitOutcome>(limit: 64, storage: "postgres")

    /// A storage on `client`'s database; creates its tables if needed.
    public init(client: PostgresClient) async throws {
      self.client = client
      try await prepare()
    }

    /// The tables, as SQL: the same tables and columns as ``SQLiteDurableStorage/tables``, with
    /// PostgreSQL's types. `statecraft_outbox.sequence` orders the outbox.
    public static let tables = [
      """
      CREATE TABLE IF NOT EXISTS statecraft_instances (
        definition TEXT NOT NULL, id TEXT NOT NULL, version BIGINT NOT NULL,
        snapshot TEXT NOT NULL, created_at BIGINT NOT NULL,
        PRIMARY KEY (definition, id))
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_active_states (
        definition TEXT NOT NULL, id TEXT NOT NULL, state TEXT NOT NULL,
        PRIMARY KEY (definition, state, id))
      """,
      // A step replaces its instance's active states, and a batch deletes them by instance: found
      // through this index, not by scanning the definition's states. Created only if missing:
      // `CREATE INDEX` locks the table against writes even when the index exists.
      """
      DO $$ BEGIN
        IF to_regclass(format('%I.statecraft_active_states_instance', current_schema())) IS NULL THEN
          CREATE INDEX statecraft_active_states_instance ON statecraft_active_states (definition, id);
        END IF;
      END $$
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_events (
        definition TEXT NOT NULL, id TEXT NOT NULL, event_id TEXT NOT NULL,
        version BIGINT NOT NULL, result TEXT NOT NULL,
        PRIMARY KEY (definition, id, event_id))
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_journal (
        definition TEXT NOT NULL, id TEXT NOT NULL, version BIGINT NOT NULL, line TEXT NOT NULL,
        PRIMARY KEY (definition, id, version))
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_outbox (
        output_id TEXT PRIMARY KEY, definition TEXT NOT NULL, id TEXT NOT NULL,
        version BIGINT NOT NULL, name TEXT NOT NULL, delivered BOOLEAN NOT NULL DEFAULT false,
        claimed_until BIGINT NOT NULL DEFAULT 0, sequence BIGSERIAL, committed_at BIGINT,
        trace_context TEXT)
      """,
      // Tables from before the outbox's lag and traces.
      "ALTER TABLE statecraft_outbox ADD COLUMN IF NOT EXISTS committed_at BIGINT",
      "ALTER TABLE statecraft_outbox ADD COLUMN IF NOT EXISTS trace_context TEXT",
      """
      CREATE INDEX IF NOT EXISTS statecraft_outbox_pending ON statecraft_outbox (definition, sequence)
      WHERE NOT delivered
      """,
      """
      CREATE TABLE IF NOT EXISTS statecraft_timers (
        definition TEXT NOT NULL, id TEXT NOT NULL, due_at BIGINT NOT NULL,
        claimed_until BIGINT NOT NULL DEFAULT 0, PRIMARY KEY (definition, id))
      """,
      "CREATE INDEX IF NOT EXISTS statecraft_timers_due ON statecraft_timers (definition, due_at)",
    ]

    /// Any number that no other code of the database's users takes as an advisory lock.
    private static let prepareLock: Int64 = 0x5374_6174_6563_7261  // "Statecra"

    /// Creates the ``tables`` that are missing, in one transaction under an advisory lock, so that
    /// processes that start at once do not collide.
    public func prepare() async throws {
      try await client.withTransaction(logger: logger) { connection in
        // `CREATE TABLE IF NOT EXISTS` from two processes at once can still collide.
        try await Self.rows(connection, "SELECT pg_advisory_xact_lock(\(Self.prepareLock))", logger)
        for table in Self.tables {
          try await Self.rows(connection, PostgresQuery(unsafeSQL: table), logger)
        }
      }
    }

    /// Reads the instance's row and its active states in one query, or returns `nil` if there is none.
    public func load(definition: String, id: String) async throws -> DurableRow? {
      try await client.withConnection { connection in
        try await Self.loadRow(connection, definition: definition, id: id, logger)
      }
    }

    /// Writes the instance, its outputs, its active states and its timer in one statement, each
    /// part only if the instance's row was inserted. Returns `false`, writing nothing, if the
    /// instance exists.
    public func insert(_ row: DurableRow, nextTimer: Int64?, outputs: [DurableOutput]) async throws -> Bool {
      // One statement: every part is written only if the instance row is.
      let states = Array(Set(row.activeStates))
      let rows = try await transaction { connection in
        try await Self.rows(
          connection,
          """
          WITH created AS (
            INSERT INTO statecraft_instances (definition, id, version, snapshot, created_at)
            VALUES (\(row.definition), \(row.id), \(row.version), \(row.snapshot), \(row.createdAt))
            ON CONFLICT DO NOTHING RETURNING 1
          ), outputs AS (
            INSERT INTO statecraft_outbox (output_id, definition, id, version, name, committed_at, trace_context)
            SELECT output.id, \(row.definition), \(row.id), \(row.version), output.name,
              \(outputs.first?.committedAt), NULLIF(output.trace, '')
            FROM created, unnest(
              \(outputs.map(\.id))::text[], \(outputs.map(\.name))::text[], \(Self.traceContexts(outputs))::text[]
            ) AS output(id, name, trace)
          ), states AS (
            INSERT INTO statecraft_active_states (definition, id, state)
            SELECT \(row.definition), \(row.id), state FROM created, unnest(\(states)::text[]) AS state
          ), timer AS (
            INSERT INTO statecraft_timers (definition, id, due_at)
            SELECT \(row.definition), \(row.id), \(nextTimer)::bigint FROM created WHERE \(nextTimer)::bigint IS NOT NULL
          )
          SELECT count(*) FROM created
          """, logger)
      }
      return try rows.first?.decode(Int64.self) == 1
    }

    /// Commits the step: ``/StatecraftDurable/DurableCommitOutcome/committed`` if it updated the
    /// row, ``/StatecraftDurable/DurableCommitOutcome/duplicate(result:)`` with the recorded result
    /// if the event id was applied, ``/StatecraftDurable/DurableCommitOutcome/conflict`` otherwise.
    ///
    /// A step that finds no other transaction of this storage under way is committed alone, with
    /// ``commitStatement``. Steps that arrive while one is under way queue, and the next
    /// transaction commits them together, up to 64, with two statements whatever their number:
    /// one locks their instances in key order and reads their versions and applied event ids,
    /// one writes every table. Each keeps its guarantees: an event id applied twice is applied
    /// once, a step whose instance moved on conflicts, and two steps of one instance both commit
    /// when the second was computed from the first. If the batch fails before `COMMIT` (the server
    /// refuses a row, the connection is lost), each of its steps is committed again alone, so that
    /// only a step at fault fails.
    public func commit(_ commit: DurableCommit) async throws -> DurableCommitOutcome {
      try await commits.commit(commit, holding: gate, applying: apply)
    }

    /// Runs ``commitStatement`` for one step between `BEGIN` and `COMMIT`.
    func commitAlone(_ commit: DurableCommit) async throws -> DurableCommitOutcome {
      let row = commit.row
      var binds = PostgresBindings(capacity: 14)
      binds.append(row.definition)  // $1
      binds.append(row.id)  // $2
      binds.append(row.version)  // $3
      binds.append(row.snapshot)  // $4
      binds.append(commit.expectedVersion)  // $5
      binds.append(commit.eventID)  // $6
      binds.append(commit.result)  // $7
      binds.append(commit.journalLine)  // $8
      binds.append(commit.outputs.map(\.id))  // $9
      binds.append(commit.outputs.map(\.name))  // $10
      binds.append(Array(Set(row.activeStates)))  // $11
      binds.append(commit.nextTimer)  // $12
      binds.append(Self.traceContexts(commit.outputs))  // $13
      binds.append(commit.outputs.first?.committedAt)  // $14
      let rows = try await transaction { connection in
        try await Self.rows(connection, PostgresQuery(unsafeSQL: Self.commitStatement, binds: binds), logger)
      }
      guard let (updated, recorded) = try rows.first?.decode((Int64, String?).self) else { return .conflict }
      if updated == 1 { return .committed }
      if let recorded { return .duplicate(result: recorded) }
      return .conflict
    }

    /// A step's commit: one statement, between `BEGIN` and `COMMIT`. (A statement alone would be a
    /// transaction of its own, but postgres-nio hands back its rows before the server has
    /// committed it: a connection cut in between would report committed a step that was rolled
    /// back. `COMMIT`'s answer is the server's word that it is.) The update is
    /// the guard: it writes only if the version is still the expected one and the event id is
    /// new, and every other part is written only if it did. Under READ COMMITTED, a concurrent step
    /// on the same instance makes it wait for that step's commit, then re-read the row: the
    /// version has moved, and nothing is written. Each value is bound once (see `commit(_:)`).
    /// Public for tools that measure it against raw postgres-nio.
    public static let commitStatement = """
      WITH updated AS (
        UPDATE statecraft_instances SET version = $3, snapshot = $4
        WHERE definition = $1 AND id = $2 AND version = $5
          AND NOT EXISTS (
            SELECT 1 FROM statecraft_events WHERE definition = $1 AND id = $2 AND event_id = $6)
        RETURNING 1
      ), event AS (
        INSERT INTO statecraft_events (definition, id, event_id, version, result)
        SELECT $1, $2, $6, $3, $7 FROM updated
      ), journal AS (
        INSERT INTO statecraft_journal (definition, id, version, line) SELECT $1, $2, $3, $8 FROM updated
      ), outputs AS (
        INSERT INTO statecraft_outbox (output_id, definition, id, version, name, committed_at, trace_context)
        SELECT output.id, $1, $2, $3, output.name, $14::bigint, NULLIF(output.trace, '')
        FROM updated, unnest($9::text[], $10::text[], $13::text[]) AS output(id, name, trace)
      ), left_states AS (
        DELETE FROM statecraft_active_states
        WHERE definition = $1 AND id = $2 AND state <> ALL($11::text[]) AND EXISTS (SELECT 1 FROM updated)
      ), entered_states AS (
        INSERT INTO statecraft_active_states (definition, id, state)
        SELECT $1, $2, state FROM updated, unnest($11::text[]) AS state
        ON CONFLICT DO NOTHING
      ), timer_set AS (
        INSERT INTO statecraft_timers (definition, id, due_at)
        SELECT $1, $2, $12::bigint FROM updated WHERE $12::bigint IS NOT NULL
        ON CONFLICT (definition, id) DO UPDATE SET due_at = excluded.due_at, claimed_until = 0
      ), timer_cleared AS (
        DELETE FROM statecraft_timers
        WHERE definition = $1 AND id = $2 AND $12::bigint IS NULL AND EXISTS (SELECT 1 FROM updated)
      )
      SELECT
        (SELECT count(*) FROM updated),
        (SELECT result FROM statecraft_events WHERE definition = $1 AND id = $2 AND event_id = $6)
      """

    /// Reads the result recorded for `eventID`, or returns `nil` if the event was not applied.
    public func appliedResult(definition: String, id: String, eventID: String) async throws -> String? {
      try await client.withConnection { connection in
        try await Self.appliedResult(connection, definition: definition, id: id, eventID: eventID, logger)
      }
    }

    /// Reads the ids of the instances indexed under `state`, in id order, at most `limit`.
    public func instances(definition: String, inState state: String, limit: Int) async throws -> [String] {
      try await client.withConnection { connection in
        try await Self.rows(
          connection,
          """
          SELECT id FROM statecraft_active_states WHERE definition = \(definition) AND state = \(state)
          ORDER BY id LIMIT \(limit)
          """, logger
        ).map { try $0.decode(String.self) }
      }
    }

    /// Claims due, unclaimed timers until `until` in one statement, with `FOR UPDATE SKIP LOCKED`:
    /// workers that claim at once take different instances without waiting for each other. The
    /// ids come back earliest due first.
    public func claimDueInstances(
      definition: String, at now: Int64, limit: Int, until: Int64
    ) async throws -> [String] {
      try await client.withConnection { connection in
        try await Self.rows(
          connection,
          """
          UPDATE statecraft_timers AS timer SET claimed_until = \(until)
          FROM (
            SELECT definition, id, due_at FROM statecraft_timers
            WHERE definition = \(definition) AND due_at <= \(now) AND claimed_until <= \(now)
            ORDER BY due_at, id LIMIT \(limit) FOR UPDATE SKIP LOCKED
          ) AS due
          WHERE timer.definition = due.definition AND timer.id = due.id
          RETURNING timer.id, due.due_at
          """, logger
        ).map { try $0.decode((String, Int64).self) }
          .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
          .map(\.0)
      }
    }

    /// Claims undelivered, unclaimed outputs until `until` in one statement, with `FOR UPDATE SKIP
    /// LOCKED`, and returns them in the outbox's order (its `sequence`).
    public func claimPendingOutputs(
      definition: String, at now: Int64, limit: Int, until: Int64
    ) async throws -> [DurableOutput] {
      try await client.withConnection { connection in
        try await Self.rows(
          connection,
          """
          UPDATE statecraft_outbox AS output SET claimed_until = \(until)
          FROM (
            SELECT output_id FROM statecraft_outbox
            WHERE definition = \(definition) AND NOT delivered AND claimed_until <= \(now)
            ORDER BY sequence LIMIT \(limit) FOR UPDATE SKIP LOCKED
          ) AS pending
          WHERE output.output_id = pending.output_id
          RETURNING output.output_id, output.id, output.version, output.name, output.sequence,
            output.committed_at, output.trace_context
          """, logger
        ).map { try $0.decode((String, String, Int64, String, Int64, Int64?, String?).self) }
          .sorted { $0.4 < $1.4 }
          .map {
            DurableOutput(
              id: $0.0, instance: $0.1, name: $0.3, version: $0.2, committedAt: $0.5,
              traceContext: DurableOutput.traceContext(stored: $0.6))
          }
      }
    }

    /// Marks the outputs delivered, in one statement.
    public func markDelivered(_ ids: [String]) async throws {
      _ = try await client.withConnection { connection in
        try await Self.rows(
          connection, "UPDATE statecraft_outbox SET delivered = true WHERE output_id = ANY(\(ids))", logger)
      }
    }

    /// Counts the undelivered outputs, on the outbox's partial index of pending outputs.
    public func pendingOutputCount(definition: String) async throws -> Int? {
      try await client.withConnection { connection in
        try await Self.rows(
          connection,
          "SELECT count(*) FROM statecraft_outbox WHERE definition = \(definition) AND NOT delivered",
          logger
        ).first.map { Int(try $0.decode(Int64.self)) } ?? 0
      }
    }

    /// Reads the instance's journal lines in version order: one per step.
    public func journal(definition: String, id: String) async throws -> [String] {
      try await client.withConnection { connection in
        try await Self.rows(
          connection,
          """
          SELECT line FROM statecraft_journal WHERE definition = \(definition) AND id = \(id)
          ORDER BY version
          """, logger
        ).map { try $0.decode(String.self) }
      }
    }

    // MARK: On one connection

    /// Runs `body` between `BEGIN` and `COMMIT`. If any part fails, the connection is closed
    /// rather than rolled back and reused: after a cut connection, postgres-nio (1.33) can leave a
    /// `ROLLBACK` waiting forever. Closing it rolls the transaction back on the server.
    func transaction<Result: Sendable>(
      _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
      try await client.withConnection { connection in
        do {
          try await Self.rows(connection, "BEGIN", logger)
          let result = try await body(connection)
          try await Self.rows(connection, "COMMIT", logger)
          return result
        } catch {
          // Closed before the pool has it back, so that the pool never lends it again.
          try? await connection.close().get()
          throw error
        }
      }
    }

    /// Runs `query` and reads all its rows, so that the connection is free for the next one.
    ///
    /// postgres-nio (1.33) writes a query to its channel with no promise for the write: a query
    /// written just after the channel closed is dropped, and its `await` never returns. On the
    /// channel's event loop, a channel still active still has postgres-nio's handler, which
    /// answers every query it is given (with an error if the connection closes later); a closed
    /// one fails here. The check and the write are one event-loop turn, so nothing falls between.
    /// The outputs' trace contexts as a `text[]` column, with `''` for none (`NULLIF` stores it as
    /// `NULL`): arrays of optional strings do not bind.
    private static func traceContexts(_ outputs: [DurableOutput]) -> [String] {
      outputs.map { $0.storedTraceContext ?? "" }
    }

    @discardableResult
    static func rows(
      _ connection: PostgresConnection, _ query: PostgresQuery, _ logger: Logger
    ) async throws -> [PostgresRow] {
      try await connection.eventLoop.flatSubmit {
        connection.isClosed
          ? connection.eventLoop.makeFailedFuture(ConnectionClosed())
          : connection.query(query, logger: logger)
      }.get().rows
    }

    /// The connection closed before a query could be written to it: the query did not run.
    ///
    /// ```swift
    /// func mayRetry(_ error: any Error) -> Bool {
    ///   // Nothing was sent, so nothing was applied: the same call can be made again.
    ///   error is PostgresDurableStorage.ConnectionClosed
    /// }
    /// ```
    public struct ConnectionClosed: Error, CustomStringConvertible {
      /// Says that the connection closed before the query was sent.
      public var description: String { "The PostgreSQL connection closed before the query was sent." }
    }

    private static func loadRow(
      _ connection: PostgresConnection, definition: String, id: String, _ logger: Logger
    ) async throws -> DurableRow? {
      guard
        let row = try await rows(
          connection,
          """
          SELECT version, snapshot, created_at, ARRAY(
            SELECT state FROM statecraft_active_states WHERE definition = \(definition) AND id = \(id))
          FROM statecraft_instances WHERE definition = \(definition) AND id = \(id)
          """, logger
        ).first
      else { return nil }
      let (version, snapshot, createdAt, states) = try row.decode((Int64, String, Int64, [String]).self)
      return DurableRow(
        definition: definition, id: id, version: version, snapshot: snapshot, activeStates: states,
        createdAt: createdAt)
    }

    private static func appliedResult(
      _ connection: PostgresConnection, definition: String, id: String, eventID: String, _ logger: Logger
    ) async throws -> String? {
      try await rows(
        connection,
        """
        SELECT result FROM statecraft_events
        WHERE definition = \(definition) AND id = \(id) AND event_id = \(eventID)
        """, logger
      ).first?.decode(String.self)
    }
  }
#endif
