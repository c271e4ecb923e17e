#if Durable
  import Foundation
  import Logging
  import Statecraft
  import StatecraftJournal
  import Tracing

  /// The half of a durable runtime that does not depend on what it runs: instances' rows and
  /// their versions, steps committed exactly once with the version guard and its retries, the
  /// cache, the outbox and the journal. ``DurableCharts``, ``DurableMachines`` and
  /// ``DurableStores`` put a definition on it: what a step does to a snapshot, and what a
  /// snapshot's active states and next timer are.
  final class DurableLedger<Snapshot: Codable & Sendable>: Sendable {
    typealias Entry = DurableInstanceCache<Snapshot>.Entry

    /// What a definition makes of one event (or of the time passing) on the latest snapshot.
    struct Proposal {
      var snapshot: Snapshot
      var handled: Bool
      var outputs: [String]
      /// The event as JSON, or `null` for a step of timers alone: the journal line's message.
      var message: String
      /// The instance's own time at the step, for the journal line.
      var time: Duration
    }

    let schema: SnapshotSchema<Snapshot>
    let storage: any DurableStorage
    let now: @Sendable () -> Duration
    let maxAttempts: Int
    let claimDuration: Duration
    let cache: DurableInstanceCache<Snapshot>
    /// The problems that make a loaded snapshot unusable with the definition: none when valid.
    let problems: @Sendable (Snapshot) -> [String]
    /// The names the database indexes a snapshot under.
    let activeStates: @Sendable (Snapshot) -> [String]
    /// When the instance's next timer is due, in milliseconds since 1970, from its creation time.
    let nextTimer: @Sendable (Snapshot, _ createdAt: Int64) -> Int64?
    let metrics: DurableMetrics
    let telemetry: DurableTelemetry

    var definition: String { schema.definition }

    init(
      schema: SnapshotSchema<Snapshot>, storage: some DurableStorage,
      now: @escaping @Sendable () -> Duration, cacheLimit: Int, maxAttempts: Int,
      claimDuration: Duration, logger: Logger,
      problems: @escaping @Sendable (Snapshot) -> [String],
      activeStates: @escaping @Sendable (Snapshot) -> [String],
      nextTimer: @escaping @Sendable (Snapshot, Int64) -> Int64? = { _, _ in nil }
    ) {
      self.schema = schema
      self.storage = storage
      self.now = now
      self.maxAttempts = max(1, maxAttempts)
      self.claimDuration = claimDuration
      self.cache = DurableInstanceCache(limit: cacheLimit)
      self.problems = problems
      self.activeStates = activeStates
      self.nextTimer = nextTimer
      self.metrics = DurableMetrics(definition: schema.definition)
      self.telemetry = DurableTelemetry(definition: schema.definition, logger: logger)
    }

    // MARK: Instances

    /// Inserts instance `id` with its first snapshot and the outputs of its start. Throws
    /// ``DurableError/instanceExists(_:)`` if there is one.
    func create(_ id: String, snapshot: Snapshot, outputs: [String]) async throws {
      try await withSpan(DurableTelemetry.createSpan) { span in
        span.attributes[DurableTelemetry.Key.definition] = definition
        span.attributes[DurableTelemetry.Key.instance] = id
        let createdAt = DurableClock.milliseconds(now())
        let row = try row(id: id, version: 0, snapshot: snapshot, createdAt: createdAt)
        guard
          try await storage.insert(
            row, nextTimer: nextTimer(snapshot, createdAt),
            outputs: outbox(outputs, id: id, version: 0))
        else { throw DurableError.instanceExists(id) }
        cache.put(id, Entry(version: 0, snapshot: snapshot, createdAt: createdAt))
        telemetry.log("Created the instance", instance: id, [:])
      }
    }

    /// Instance `id`'s latest entry: the cached one when `useCache`, else the database's.
    /// `fromDatabase` tells a runtime that the instance was loaded, for what it restarts then.
    func load(_ id: String, useCache: Bool) async throws -> (entry: Entry, fromDatabase: Bool) {
      if useCache {
        if let entry = cache.entry(id) {
          metrics.cacheHits.increment()
          return (entry, false)
        }
        metrics.cacheMisses.increment()
      }
      guard let row = try await storage.load(definition: definition, id: id) else {
        throw DurableError.unknownInstance(id)
      }
      let snapshot: Snapshot
      do {
        snapshot = try schema.decode(Data(row.snapshot.utf8))
      } catch {
        throw DurableError.unreadableSnapshot(instance: id, reason: "\(error)")
      }
      let problems = problems(snapshot)
      guard problems.isEmpty else {
        throw DurableError.unreadableSnapshot(instance: id, reason: problems.joined(separator: "; "))
      }
      let entry = Entry(version: row.version, snapshot: snapshot, createdAt: row.createdAt)
      cache.put(id, entry)
      return (entry, true)
    }

    /// The instances indexed under `state`, by id.
    func instances(inState state: String, limit: Int) async throws -> [String] {
      try await storage.instances(definition: definition, inState: state, limit: limit)
    }

    /// Instance `id`'s journal: one JSON line per step.
    func journal(of id: String) async throws -> [String] {
      try await storage.journal(definition: definition, id: id)
    }

    // MARK: Steps

    /// Runs `propose` on instance `id`'s latest entry and commits what it proposes, as one
    /// transaction guarded by the entry's version; on a conflict, reloads and proposes again, up
    /// to `maxAttempts` times. `nil` when `propose` had nothing to do; `isNew` is false when
    /// `eventID` had been applied already, and the step is that one's, as recorded. `extra` is
    /// what `propose` returned beside the proposal that was committed: what the definition does
    /// once the step is in the database.
    ///
    /// `loaded` is called with each entry read from the database rather than the cache.
    func step<Extra>(
      _ id: String, eventID: String,
      loaded: (Entry) -> Void = { _ in },
      propose: (Entry) throws -> (Proposal, Extra)?
    ) async throws -> (step: DurableStep<Snapshot>, isNew: Bool, extra: Extra?)? {
      try await withSpan(DurableTelemetry.stepSpan) { span in
        span.attributes[DurableTelemetry.Key.definition] = definition
        span.attributes[DurableTelemetry.Key.instance] = id
        span.attributes[DurableTelemetry.Key.eventID] = eventID
        let (result, attempts) = try await attempt(id, eventID: eventID, loaded: loaded, propose: propose)
        span.attributes[DurableTelemetry.Key.attempts] = attempts
        let outcome: DurableTelemetry.Outcome
        if let result {
          span.attributes[DurableTelemetry.Key.version] = result.step.version
          outcome = result.isNew ? .committed : .duplicate
        } else {
          outcome = .none
        }
        span.attributes[DurableTelemetry.Key.outcome] = outcome.rawValue
        return result
      }
    }

    /// ``step(_:eventID:loaded:propose:)``'s attempts, and how many it made.
    private func attempt<Extra>(
      _ id: String, eventID: String,
      loaded: (Entry) -> Void,
      propose: (Entry) throws -> (Proposal, Extra)?
    ) async throws -> ((step: DurableStep<Snapshot>, isNew: Bool, extra: Extra?)?, attempts: Int) {
      var useCache = true
      let started = ContinuousClock.now
      for attempt in 0..<maxAttempts {
        if attempt > 0 {
          metrics.retries.increment()
          try await backOff(after: attempt)
        }
        let (entry, fromDatabase) = try await load(id, useCache: useCache)
        if fromDatabase { loaded(entry) }
        guard let (proposal, extra) = try propose(entry) else { return (nil, attempt + 1) }
        let version = entry.version + 1
        let outputs = outbox(proposal.outputs, id: id, version: version)
        let result = DurableStep(
          version: version, snapshot: proposal.snapshot, handled: proposal.handled,
          outputs: proposal.outputs)
        // Encoded once, for the row and for the recorded result.
        let row = try row(id: id, version: version, snapshot: proposal.snapshot, createdAt: entry.createdAt)
        let commit = DurableCommit(
          row: row, expectedVersion: entry.version, eventID: eventID,
          result: try encode(result, snapshot: row.snapshot, event: proposal.message),
          journalLine: try journalLine(version: version, proposal: proposal, eventID: eventID),
          outputs: outputs, nextTimer: nextTimer(proposal.snapshot, entry.createdAt))
        switch try await storage.commit(commit) {
        case .committed:
          cache.put(id, Entry(version: version, snapshot: proposal.snapshot, createdAt: entry.createdAt))
          metrics.steps.increment()
          metrics.stepDuration.record(ContinuousClock.now - started)
          telemetry.log(
            "Committed a step", instance: id,
            [DurableTelemetry.Key.eventID: "\(eventID)", DurableTelemetry.Key.version: "\(version)"])
          return ((result, true, extra), attempt + 1)
        case .duplicate(let recorded):
          // Applied by another process: what this one holds of the instance is out of date.
          cache.remove(id)
          metrics.duplicates.increment()
          telemetry.log(
            "The event was applied before: returning its recorded step", instance: id,
            [DurableTelemetry.Key.eventID: "\(eventID)"])
          return ((try decode(recorded, id: id, eventID: eventID, event: proposal.message), false, nil), attempt + 1)
        case .conflict:
          cache.remove(id)
          metrics.conflicts.increment()
          telemetry.log(
            "Another step committed first: trying again", instance: id,
            [DurableTelemetry.Key.eventID: "\(eventID)"])
          useCache = false
        }
      }
      throw DurableError.conflict(instance: id, attempts: maxAttempts)
    }

    /// Runs `commit` (a step with a fixed event id, from a runtime's own work: an invocation's
    /// event, an effect's action) up to three times: a connection cut mid-commit may have applied
    /// it, and the same id makes the retry safe. A ``DurableError`` is final. Returns the last
    /// error, or `nil` once committed.
    static func retryingCommit(_ commit: () async throws -> Void) async -> (any Error)? {
      var lastError: (any Error)?
      for _ in 0..<3 {
        do {
          try await commit()
          return nil
        } catch let error as DurableError {
          return error
        } catch {
          lastError = error
        }
      }
      return lastError
    }

    /// Waits a random while after `attempts` conflicts in a row, up to twice as long after each:
    /// without it, a writer whose cache is fresh (it just committed) wins every race against one
    /// that reloads, and two runtimes sending to one instance at once exhausted the attempts.
    private func backOff(after attempts: Int) async throws {
      let ceiling = 1 << min(attempts, 6)  // up to 64 ms
      try await Task.sleep(for: .microseconds(Int.random(in: 0...(ceiling * 1_000))))
    }

    /// Reports that instance `id` was skipped by a worker's round (firing timers) because of
    /// `error`, and goes on with the others.
    func reportSkipped(
      _ id: String, error: DurableError, to diagnostics: DiagnosticHandler, source: String,
      callSite: CallSite
    ) {
      diagnostics.report(
        Diagnostic(
          kind: .durableInstanceSkipped,
          message: "Instance '\(id)' was skipped, and its due timers with it: \(error) The other"
            + " instances' timers fire; this one is tried again once its claim lapses.",
          source: source, error: error, callSite: callSite))
    }

    // MARK: The outbox

    /// See ``DurableCharts/dispatchOutputs(limit:to:)``. On the caller's actor, as `handler` is.
    nonisolated(nonsending) func dispatchOutputs(
      limit: Int, to handler: (DurableOutput) async throws -> Void
    ) async throws -> Int {
      let nowMilliseconds = DurableClock.milliseconds(now())
      let until = nowMilliseconds + DurableClock.milliseconds(claimDuration)
      let pending = try await storage.claimPendingOutputs(
        definition: definition, at: nowMilliseconds, limit: limit, until: until)
      var delivered = 0
      for output in pending {
        // Past the claim, another dispatcher may have taken the rest: leave them to it.
        guard DurableClock.milliseconds(now()) < until else { break }
        // A child of the step that produced the output: one trace from the request to delivery.
        try await withSpan(
          DurableTelemetry.deliverSpan, context: DurableTelemetry.context(continuing: output.traceContext),
          ofKind: .producer
        ) { span in
          span.attributes[DurableTelemetry.Key.definition] = definition
          span.attributes[DurableTelemetry.Key.instance] = output.instance
          span.attributes[DurableTelemetry.Key.version] = output.version
          span.attributes[DurableTelemetry.Key.output] = output.name
          span.attributes[DurableTelemetry.Key.outputID] = output.id
          try await handler(output)
        }
        try await storage.markDelivered([output.id])
        metrics.outputsDelivered.increment()
        if let committedAt = output.committedAt {
          metrics.outboxLag.record(.milliseconds(DurableClock.milliseconds(now()) - committedAt))
        }
        telemetry.log(
          "Delivered an output", instance: output.instance,
          [DurableTelemetry.Key.output: "\(output.name)", DurableTelemetry.Key.outputID: "\(output.id)"])
        delivered += 1
      }
      if let depth = try await storage.pendingOutputCount(definition: definition) {
        metrics.outboxDepth.record(depth)
      }
      return delivered
    }

    // MARK: Encoding

    private func row(id: String, version: Int64, snapshot: Snapshot, createdAt: Int64) throws -> DurableRow {
      DurableRow(
        definition: definition, id: id, version: version,
        snapshot: String(decoding: try schema.encode(snapshot), as: UTF8.self),
        activeStates: activeStates(snapshot), createdAt: createdAt)
    }

    /// The outputs named `names` of instance `id`'s step `version`, committed now, in the current
    /// trace.
    private func outbox(_ names: [String], id: String, version: Int64) -> [DurableOutput] {
      guard !names.isEmpty else { return [] }
      let committedAt = DurableClock.milliseconds(now())
      let traceContext = DurableTelemetry.currentTraceContext()
      return names.enumerated().map { index, name in
        DurableOutput(
          id: "\(definition)/\(id)/\(version)/\(index)", instance: id, name: name, version: version,
          committedAt: committedAt, traceContext: traceContext)
      }
    }

    /// What a step is stored as, so that a retried `send` returns it.
    private struct StoredStep: Codable {
      var version: Int64
      var handled: Bool
      var outputs: [String]
      var snapshot: String
      /// The event as the journal line's message, so that a `send` that reuses the id for another
      /// event is refused. `nil` in results recorded before it was stored: those are not checked.
      var event: String?
    }

    /// `snapshot` is `step.snapshot` as the schema encodes it; `event` the step's message.
    private func encode(_ step: DurableStep<Snapshot>, snapshot: String, event: String) throws -> String {
      let stored = StoredStep(
        version: step.version, handled: step.handled, outputs: step.outputs, snapshot: snapshot,
        event: event)
      return String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
    }

    /// The step recorded for `eventID`, which this `send` of `event` (as JSON) retries. Throws
    /// ``DurableError/eventIDReused(instance:eventID:applied:sent:)`` if it was another event.
    private func decode(_ text: String, id: String, eventID: String, event: String) throws -> DurableStep<Snapshot> {
      let stored: StoredStep
      let snapshot: Snapshot
      do {
        stored = try JSONDecoder().decode(StoredStep.self, from: Data(text.utf8))
        snapshot = try schema.decode(Data(stored.snapshot.utf8))
      } catch {
        throw DurableError.unreadableSnapshot(instance: id, reason: "\(error)")
      }
      if let applied = stored.event, applied != event {
        throw DurableError.eventIDReused(instance: id, eventID: eventID, applied: applied, sent: event)
      }
      return DurableStep(
        version: stored.version, snapshot: snapshot, handled: stored.handled, outputs: stored.outputs,
        wasAppliedBefore: true)
    }

    /// The step as a `step` line of the journal format.
    private func journalLine(version: Int64, proposal: Proposal, eventID: String) throws -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let state = String(decoding: try encoder.encode(proposal.snapshot), as: UTF8.self)
      let id = String(decoding: try encoder.encode(eventID), as: UTF8.self)
      let seconds = Double(DurableClock.milliseconds(proposal.time)) / 1_000
      return
        #"{"type":"step","step":\#(version),"time":\#(seconds),"eventID":\#(id),"message":\#(proposal.message),"state":\#(state)}"#
    }

    /// `event` as the journal line's message.
    static func message(_ event: (some Encodable)?) throws -> String {
      guard let event else { return "null" }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(event), as: UTF8.self)
    }
  }
#endif
