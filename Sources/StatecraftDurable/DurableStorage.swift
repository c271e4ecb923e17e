#if Durable
  /// Where durable instances live: a database that makes each step one transaction. Statecraft
  /// ships ``SQLiteDurableStorage`` and, in `StatecraftPostgres`, `PostgresDurableStorage`; a backend is a type that keeps these rows and honours
  /// ``commit(_:)``'s guarantees.
  ///
  /// Every method is for one definition's instances (``DurableRow/definition``): several charts
  /// share one database without seeing each other's instances.
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
    func claimPendingOutputs(definition: String, at now: Int64, limit: Int, until: Int64) async throws
      -> [DurableOutput]

    /// Marks outputs delivered, so that they are never claimed again.
    func markDelivered(_ ids: [String]) async throws

    /// The instance's journal lines, oldest first.
    func journal(definition: String, id: String) async throws -> [String]
  }

  /// An instance as stored: its snapshot as the schema's JSON, and what the database indexes.
  public struct DurableRow: Sendable, Equatable {
    public var definition: String
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
  public struct DurableCommit: Sendable {
    public var row: DurableRow
    public var expectedVersion: Int64
    /// The event's id, recorded so that the same id is never applied twice.
    public var eventID: String
    /// What a retried `send` with the same id returns.
    public var result: String
    public var journalLine: String
    public var outputs: [DurableOutput]
    /// When the instance's next timer is due (milliseconds since 1970), or `nil` for none.
    public var nextTimer: Int64?
  }

  /// How a commit ended.
  public enum DurableCommitOutcome: Sendable, Equatable {
    case committed
    /// The instance's version was no longer the expected one: another step committed first.
    case conflict
    /// The event id was applied already (by a concurrent `send`): its result.
    case duplicate(result: String)
  }

  /// An output a step produced, kept in the outbox until it is marked delivered.
  public struct DurableOutput: Sendable, Equatable {
    /// Stable across redeliveries: `definition/instance/version/index`. Use it to make the
    /// handler idempotent.
    public var id: String
    public var instance: String
    /// The output's name (``/Statecraft/ChartOutput/name``).
    public var name: String
    /// The step (the instance's version) that produced it.
    public var version: Int64

    public init(id: String, instance: String, name: String, version: Int64) {
      self.id = id
      self.instance = instance
      self.name = name
      self.version = version
    }
  }
#endif
