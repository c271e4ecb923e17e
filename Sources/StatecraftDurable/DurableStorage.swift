#if Durable
  import Foundation

  /// Where durable instances live: a database that makes each step one transaction. Statecraft
  /// ships ``SQLiteDurableStorage`` and, in `StatecraftPostgres`, `PostgresDurableStorage`; a backend is a type that keeps these rows and honours
  /// ``commit(_:)``'s guarantees.
  ///
  /// Every method is for one definition's instances (``DurableRow/definition``): several charts
  /// share one database without seeing each other's instances.
  ///
  /// The runtimes (``DurableCharts``, ``DurableMachines``, ``DurableStores``) call it; a tool can
  /// read the rows through it too:
  ///
  /// ```swift
  /// func paidOrders(in storage: some DurableStorage) async throws -> [String: [String]] {
  ///   var journals: [String: [String]] = [:]
  ///   for id in try await storage.instances(definition: "order", inState: "paid", limit: 100) {
  ///     journals[id] = try await storage.journal(definition: "order", id: id)
  ///   }
  ///   return journals
  /// }
  /// ```
  public protocol DurableStorage: Sendable {
    /// Creates the tables, or upgrades them, if needed. Idempotent.
    func prepare() async throws

    /// The row of an instance, or `nil` if there is none.
    func load(definition: String, id: String) async throws -> DurableRow?

    /// Inserts a new instance with its timer and the outputs of its start, in one transaction.
    /// Returns `false`, changing nothing, if it exists.
    func insert(_ row: DurableRow, nextTimer: Int64?, outputs: [DurableOutput]) async throws -> Bool

    /// Applies one step in one transaction: the new row if its version is still the expected
    /// one, the event id, the journal line, the outputs and the next timer. Nothing of it is
    /// written if any part fails.
    func commit(_ commit: DurableCommit) async throws -> DurableCommitOutcome

    /// The result recorded for `eventID`, if that event was applied to the instance.
    func appliedResult(definition: String, id: String, eventID: String) async throws -> String?

    /// The instances whose active states include `state`, at most `limit`, by id.
    func instances(definition: String, inState state: String, limit: Int) async throws -> [String]

    /// Claims the instances whose next timer is due at `now` (milliseconds since 1970) or before,
    /// at most `limit`, until `until`: no other caller is given them before then, unless a step
    /// sets their timer again. A claim is an optimisation, not the guarantee: a timer's step is
    /// exactly once by its event id, whoever fires it. A worker that dies holding a claim only
    /// delays the timer to `until`.
    func claimDueInstances(definition: String, at now: Int64, limit: Int, until: Int64) async throws -> [String]

    /// Claims outputs committed and not yet delivered, oldest first, at most `limit`, until
    /// `until`: no other caller is given them before then. One not marked delivered by then (its
    /// dispatcher died) is given out again.
    func claimPendingOutputs(
      definition: String, at now: Int64, limit: Int, until: Int64
    ) async throws
      -> [DurableOutput]

    /// Marks outputs delivered, so that they are never claimed again.
    func markDelivered(_ ids: [String]) async throws

    /// How many outputs are committed and not yet delivered, for the outbox's depth
    /// (`statecraft_durable_outbox_depth`); `nil` if the backend does not count them, as by default.
    func pendingOutputCount(definition: String) async throws -> Int?

    /// The instance's journal lines, oldest first.
    func journal(definition: String, id: String) async throws -> [String]
  }

  /// An instance as stored: its snapshot as the schema's JSON, and what the database indexes.
  ///
  /// ```swift
  /// let storage = try await SQLiteDurableStorage(path: NSTemporaryDirectory() + "counters.sqlite")
  /// let counters = DurableStores(schema: SnapshotSchema<Int>("counter"), storage: storage) {
  ///   (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// try await counters.create("a", state: 0)
  /// try await counters.send(5, to: "a")
  /// if let row = try await storage.load(definition: "counter", id: "a") {
  ///   print(row.version, row.snapshot)   // 1 {"definition":"counter","format":1,"state":5,…}
  /// }
  /// ```
  public struct DurableRow: Sendable, Equatable {
    /// The definition the instance follows: the name of its ``/StatecraftJournal/SnapshotSchema``.
    public var definition: String
    /// The instance's id, unique among the definition's instances.
    public var id: String
    /// Counts the instance's steps: 0 when created, one more for each step committed.
    public var version: Int64
    /// The snapshot, in the format of ``/StatecraftJournal/SnapshotSchema`` (with its schema version).
    public var snapshot: String
    /// The active states' names, for ``DurableStorage/instances(definition:inState:limit:)``.
    public var activeStates: [String]
    /// When the instance was created, in milliseconds since 1970: its chart's time counts from
    /// there.
    public var createdAt: Int64

    /// A row with these values, as a backend reads it back from its database.
    public init(
      definition: String, id: String, version: Int64, snapshot: String, activeStates: [String],
      createdAt: Int64
    ) {
      self.definition = definition
      self.id = id
      self.version = version
      self.snapshot = snapshot
      self.activeStates = activeStates
      self.createdAt = createdAt
    }
  }

  /// One step to commit: the new row (its version one more than `expectedVersion`), and what the
  /// step produced.
  ///
  /// A runtime makes it; a backend's ``DurableStorage/commit(_:)`` writes it:
  ///
  /// ```swift
  /// func summary(of commit: DurableCommit) -> String {
  ///   let row = commit.row
  ///   return "\(row.definition)/\(row.id): version \(commit.expectedVersion) → \(row.version), "
  ///     + "event \(commit.eventID), \(commit.outputs.count) outputs, next timer \(commit.nextTimer ?? -1)"
  /// }
  /// ```
  public struct DurableCommit: Sendable {
    /// The instance's new row, to write if the stored version is still ``expectedVersion``.
    public var row: DurableRow
    /// The version the step was computed from: the commit writes nothing if the stored row has
    /// moved past it.
    public var expectedVersion: Int64
    /// The event's id, recorded so that the same id is never applied twice.
    public var eventID: String
    /// What a retried `send` with the same id returns.
    public var result: String
    /// The step as a `step` line of the journal format, appended to the instance's journal.
    public var journalLine: String
    /// The outputs the step produced, for the outbox.
    public var outputs: [DurableOutput]
    /// When the instance's next timer is due (milliseconds since 1970), or `nil` for none.
    public var nextTimer: Int64?

    /// A step with these parts. A runtime makes the steps it commits; a backend's own tests make
    /// them too:
    ///
    /// ```swift
    /// /// A backend must refuse a step computed from a version it has moved past.
    /// func refusesAStaleStep(_ storage: some DurableStorage, stored row: DurableRow) async throws -> Bool {
    ///   let stale = DurableCommit(
    ///     row: row, expectedVersion: row.version - 1, eventID: "stale", result: "",
    ///     journalLine: "", outputs: [], nextTimer: nil)
    ///   return try await storage.commit(stale) == .conflict
    /// }
    /// ```
    public init(
      row: DurableRow, expectedVersion: Int64, eventID: String, result: String, journalLine: String,
      outputs: [DurableOutput], nextTimer: Int64?
    ) {
      self.row = row
      self.expectedVersion = expectedVersion
      self.eventID = eventID
      self.result = result
      self.journalLine = journalLine
      self.outputs = outputs
      self.nextTimer = nextTimer
    }
  }

  /// How a commit ended.
  ///
  /// ```swift
  /// func shouldRetry(after outcome: DurableCommitOutcome) -> Bool {
  ///   switch outcome {
  ///   case .committed, .duplicate: false   // applied, now or by an earlier attempt with this event id
  ///   case .conflict: true                 // reload the instance and run the step again
  ///   }
  /// }
  /// ```
  public enum DurableCommitOutcome: Sendable, Equatable {
    /// Every part of the step was written.
    case committed
    /// The instance's version was no longer the expected one: another step committed first.
    case conflict
    /// The event id was applied already (by a concurrent `send`): its result.
    case duplicate(result: String)
  }

  /// An output a step produced, kept in the outbox until it is marked delivered.
  ///
  /// The handler of ``DurableCharts/dispatchOutputs(limit:to:)`` gets each one:
  ///
  /// ```swift
  /// func deliver(_ output: DurableOutput) async throws {
  ///   // Keyed by the output's id: a redelivery after a crash sends nothing twice.
  ///   print("\(output.name) for \(output.instance), step \(output.version), key \(output.id)")
  /// }
  /// ```
  public struct DurableOutput: Sendable, Equatable {
    /// Stable across redeliveries: `definition/instance/version/index`. Use it to make the
    /// handler idempotent.
    public var id: String
    /// The id of the instance whose step produced it.
    public var instance: String
    /// The output's name (``/StatecraftCharts/ChartOutput/name``).
    public var name: String
    /// The step (the instance's version) that produced it.
    public var version: Int64
    /// When that step was committed, in milliseconds since 1970 by the runtime's clock, for the
    /// outbox's lag; `nil` for outputs a backend stored without it.
    public var committedAt: Int64?
    /// The trace context of the step that produced it, as the tracing instrument writes it into
    /// headers (`traceparent`, for instance), or `nil` when no tracer was recording. A backend
    /// stores it with the output, so that the output's delivery continues the step's trace.
    public var traceContext: [String: String]?

    /// An output with these values, as a backend reads it back from its outbox.
    public init(
      id: String, instance: String, name: String, version: Int64, committedAt: Int64? = nil,
      traceContext: [String: String]? = nil
    ) {
      self.id = id
      self.instance = instance
      self.name = name
      self.version = version
      self.committedAt = committedAt
      self.traceContext = traceContext
    }
  }

  extension DurableStorage {
    /// Does not count: a backend of its own reports no outbox depth until it implements this.
    public func pendingOutputCount(definition: String) async throws -> Int? { nil }
  }

  extension DurableOutput {
    /// ``traceContext`` as the outbox's `trace_context` column holds it: a JSON object, or `nil`.
    package var storedTraceContext: String? {
      guard let traceContext else { return nil }
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      return (try? encoder.encode(traceContext)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The outbox's `trace_context` column read back; `nil` for none, and for what it cannot read:
    /// an output is delivered without its trace rather than not at all.
    package static func traceContext(stored text: String?) -> [String: String]? {
      guard let text else { return nil }
      return try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }
  }
#endif
