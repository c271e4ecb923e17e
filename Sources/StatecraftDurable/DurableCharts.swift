#if Durable
  import Foundation
  public import Logging
  public import Statecraft
  public import StatecraftJournal

  /// A statechart's instances, by id, kept in a database: each accepted event is one transaction
  /// that runs the chart's pure step, writes the new snapshot with its version, records the event's
  /// id, appends the step to the instance's journal, puts the step's outputs in an outbox, and
  /// sets the instance's next timer.
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
  /// let idempotencyKey = "9b1d…"   // the request's Idempotency-Key header
  /// let mailer = Mailer()
  /// let storage = try await SQLiteDurableStorage(path: "orders.sqlite")
  /// let orders = DurableCharts(Orders.chart, schema: Orders.schema, storage: storage)
  /// try await orders.create("order-42")
  /// try await orders.send(.paid, to: "order-42", eventID: idempotencyKey)
  /// print(try await orders.instances(in: .awaitingShipment))   // ["order-42", …]
  /// try await orders.fireDueTimers()                           // from a worker, periodically
  /// try await orders.dispatchOutputs { output in   // on the caller's actor
  ///   try await mailer.send(output.name, idempotencyKey: output.id)
  /// }
  /// ```
  ///
  /// **What is guaranteed.**
  /// - *Exactly once per event id*: a `send` retried with the same `eventID` is applied once and
  ///   returns the first result.
  /// - *One step, one transaction*: a step's snapshot, journal line, outputs and timer are all
  ///   written, or none. The write is guarded by the instance's version; a runtime that finds
  ///   another step committed first reloads and tries again, up to `maxAttempts` times.
  /// - *Outputs at least once*: ``dispatchOutputs(limit:to:)`` delivers each committed output until
  ///   its handler returns, and marks it delivered then: a crash between the two delivers it again.
  ///   Each output's ``DurableOutput/id`` is stable, for the handler's idempotency.
  /// - *Timers*: `After` timers and delayed sends are kept in the snapshot; the instance's next due
  ///   time is a row. ``fireDueTimers(limit:fileID:filePath:line:column:)`` steps every instance whose time has come, through
  ///   the same transaction, once per due time whatever the number of workers; after a restart,
  ///   overdue timers fire at the first call.
  /// - The chart's time is wall time since the instance was created (`now`, injectable for tests).
  ///
  /// - *Invocations, at least once*: an ``/StatecraftCharts/Invoke`` runs in the process whose step entered its
  ///   state, and is cancelled by the step that exits it; its events are sent to the instance
  ///   like any other, and dropped once its state is no longer active. A snapshot holds no
  ///   running work: when a runtime loads an instance from the database (the first step after a
  ///   restart, or after the instance left the cache) it starts its active states' invocations
  ///   again, with the stored context, unless it runs them already. An invocation can therefore
  ///   run more than once: again after a crash, and in each process that loads the instance.
  ///   Make its work idempotent, or give the instance's events to one process. Call
  ///   ``resumeInvocations(limit:)`` at start-up for the instances no event will reach.
  public final class DurableCharts<
    ID: Hashable & Sendable & Codable,
    Event: Codable & Sendable & Equatable,
    Context: Codable & Sendable & Equatable
  >: Sendable {
    /// An instance as the chart's step function sees it, and as its row stores it: its active
    /// states, history, context and timers.
    public typealias Snapshot = ChartSnapshot<ID, Event, Context>

    /// What a `send` did: see ``DurableStep``.
    public typealias Step = DurableStep<Snapshot>

    let chart: Statechart<ID, Event, Context>
    let ledger: DurableLedger<Snapshot>
    let invocations = DurableInvocations<ID>()
    let restartsInvocations: Bool
    let diagnostics = DiagnosticHandler.current
    package var definition: String { ledger.definition }
    var now: @Sendable () -> Duration { ledger.now }

    /// A runtime for `chart`'s instances in `storage`.
    ///
    /// - Parameters:
    ///   - chart: The definition every instance follows.
    ///   - schema: Names the definition (its instances' rows carry it) and versions the stored
    ///     snapshots; older ones are migrated on load, newer ones refused.
    ///   - storage: The database: ``SQLiteDurableStorage``, PostgreSQL's storage, or your own.
    ///   - now: The wall time, since 1970. Tests pass their own.
    ///   - cacheLimit: How many instances stay in memory between steps.
    ///   - maxAttempts: How many times a step is tried when other steps keep committing first.
    ///   - claimDuration: How long a worker holds the due timers and the outputs it claimed, so
    ///     that other workers skip them. A worker that dies holding them delays them this long.
    ///   - restartsInvocations: Whether loading an instance from the database starts its active
    ///     states' invocations again. A process that only reads or relays events can turn it off.
    ///   - logger: Where the runtime's `debug` lines go (a step committed, retried or found
    ///     applied before; an output delivered), each with the definition, the instance and the
    ///     event id as metadata. By default, the logging system's, labelled `statecraft.durable`.
    ///
    /// Diagnostics go to the ``/StatecraftEngine/DiagnosticHandler`` current when the runtime is
    /// created, worded as a running chart words them: what is wrong with the chart's definition,
    /// now; an action that throws and a livelock, once their step is committed; an invocation that
    /// throws with no `onError`; an invocation's event that could not be committed. Their source
    /// names the instance.
    public init(
      _ chart: Statechart<ID, Event, Context>, schema: SnapshotSchema<Snapshot>,
      storage: some DurableStorage, now: @escaping @Sendable () -> Duration = DurableClock.wallTime,
      cacheLimit: Int = 1_000, maxAttempts: Int = 8, claimDuration: Duration = .seconds(30),
      restartsInvocations: Bool = true, logger: Logger = Logger(label: "statecraft.durable")
    ) {
      self.restartsInvocations = restartsInvocations
      self.chart = chart
      self.ledger = DurableLedger(
        schema: schema, storage: storage, now: now, cacheLimit: cacheLimit,
        maxAttempts: maxAttempts, claimDuration: claimDuration, logger: logger,
        problems: { chart.validate($0).map { "\($0)" } },
        activeStates: { $0.configuration.map { "\($0)" } },
        nextTimer: { snapshot, createdAt in
          // Rounded up: a row due before the chart's own time would be claimed with nothing to
          // fire.
          snapshot.timers.first.map { createdAt + DurableClock.millisecondsRoundingUp($0.due) }
        })
      for report in ChartReport.problems(of: chart) {
        diagnostics.report(report.diagnostic(source: "DurableCharts(\(schema.definition))"))
      }
    }

    /// Creates instance `id` in the chart's initial state. Throws
    /// ``DurableError/instanceExists(_:)`` if there is one.
    @discardableResult
    public func create(_ id: String) async throws -> Snapshot {
      let step = chart.initialTransition()
      try await ledger.create(id, snapshot: step.snapshot, outputs: chart.outputNames(of: step.effects))
      perform(step.effects, of: id)
      return step.snapshot
    }

    /// Sends `event` to instance `id`: one step, committed, or the result of the step that
    /// `eventID` already made.
    ///
    /// An event id names one event: a `send` that reuses an applied id for another event throws
    /// ``DurableError/eventIDReused(instance:eventID:applied:sent:)``, as a payment API answers a
    /// reused idempotency key. An empty id, or one that begins with `statecraft:` (the runtime's
    /// own ids for its timers and invocations), throws ``DurableError/invalidEventID(_:reason:)``.
    @discardableResult
    public func send(
      _ event: Event, to id: String, eventID: String = UUID().uuidString
    ) async throws -> Step {
      // The commit finds an id applied before, and returns its recorded step instead.
      try await step(id, eventID: try DurableEventID.caller(eventID), event: event)!.step
    }

    /// Instance `id`'s snapshot as stored.
    public func snapshot(of id: String) async throws -> Snapshot {
      try await load(id, useCache: false, resuming: false).snapshot
    }

    /// The instances whose active states include `state`, by id.
    public func instances(in state: ID, limit: Int = 1_000) async throws -> [String] {
      try await ledger.instances(inState: "\(state)", limit: limit)
    }

    /// Steps every instance whose next timer is due now, firing its timers, at most `limit` of
    /// them. Returns how many instances it stepped. Call it from a worker, periodically; any
    /// number of workers, in any number of processes, may: each claims its due instances for
    /// `claimDuration`, and each due time fires once whoever fires it.
    ///
    /// An instance that cannot be stepped (its snapshot unreadable: corrupt, or of a newer schema
    /// version) is reported to the ``/StatecraftEngine/DiagnosticHandler``
    /// (``StatecraftEngine/Diagnostic/Kind/durableInstanceSkipped``, naming it, at the line of
    /// this call) and skipped until its claim lapses; the other instances' timers fire. An error of
    /// the database itself ends the call, thrown: the instances it had not reached yet fire once
    /// their claim lapses.
    ///
    /// - Parameters:
    ///   - limit: How many due instances to claim and step.
    ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
    ///   - filePath: The caller's file path, for diagnostics.
    ///   - line: The caller's line, for diagnostics.
    ///   - column: The caller's column, for diagnostics.
    @discardableResult
    public func fireDueTimers(
      limit: Int = 100, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column
    ) async throws -> Int {
      let nowMilliseconds = DurableClock.milliseconds(now())
      let due = try await ledger.storage.claimDueInstances(
        definition: definition, at: nowMilliseconds, limit: limit,
        until: nowMilliseconds + DurableClock.milliseconds(ledger.claimDuration))
      var fired = 0
      for id in due {
        do {
          // From the database, not the cache: another process may have set the timer since.
          let entry = try await load(id, useCache: false)
          guard let dueTime = entry.snapshot.timers.first?.due else { continue }
          // The step's id is its due time: a second worker firing the same timer finds it applied.
          let eventID = DurableEventID.timer(dueAt: DurableClock.milliseconds(dueTime))
          let outcome = try await step(id, eventID: eventID, event: nil)
          if outcome?.isNew == true {
            fired += 1
            let dueAt = Duration.milliseconds(entry.createdAt) + dueTime
            ledger.metrics.timerLateness.record(now() - dueAt)
          }
        } catch let error as DurableError {
          ledger.reportSkipped(
            id, error: error, to: diagnostics, source: "DurableCharts(\(definition))",
            callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
      }
      return fired
    }

    /// Delivers the outputs committed and not yet delivered, oldest first, at most `limit`, and
    /// marks each delivered once `handler` returns. A handler that throws stops the delivery;
    /// that output and the later ones are delivered again once their claim lapses
    /// (`claimDuration`). Returns how many were delivered. Several dispatchers share the outbox:
    /// each claims its outputs for `claimDuration` and delivers none of them past it, so that an
    /// output is delivered twice only when a dispatcher died, or its handler threw, after the
    /// handler ran and before the output was marked, or when one handler call outlasted the claim.
    ///
    /// `handler` runs on the caller's actor: from the main actor, it may touch main-actor state.
    @discardableResult
    public nonisolated(nonsending) func dispatchOutputs(
      limit: Int = 100, to handler: (DurableOutput) async throws -> Void
    ) async throws -> Int {
      try await ledger.dispatchOutputs(limit: limit, to: handler)
    }

    /// How many instances are in memory now: at most `cacheLimit`.
    public var cachedCount: Int { ledger.cache.count }

    /// Starts the invocations of the instances in states with invocations, at most `limit`
    /// instances, unless this runtime runs them already: call it when a process starts, for the
    /// instances that were waiting on an invocation when the last one stopped, and that no event
    /// or timer will load. Returns how many invocations it started.
    ///
    /// ```swift
    /// let orders = DurableCharts(
    ///   Orders.chart, schema: Orders.schema, storage: try await SQLiteDurableStorage(path: "orders.sqlite"))
    /// let resumed = try await orders.resumeInvocations()   // as the process starts
    /// print("resumed \(resumed) invocations")
    /// ```
    @discardableResult
    public func resumeInvocations(limit: Int = 1_000) async throws -> Int {
      var started = 0
      var seen = Set<String>()
      for state in chart.invokingStates {
        for id in try await ledger.instances(inState: "\(state)", limit: limit)
        where seen.count < limit && seen.insert(id).inserted {
          let snapshot = try await load(id, useCache: false, resuming: false).snapshot
          for directive in chart.directives(for: chart.resumption(of: snapshot).effects) {
            guard case .start(let invocation) = directive else { continue }
            if start(invocation, of: id, replacing: false) { started += 1 }
          }
        }
      }
      return started
    }

    /// How many invocations run in this process now.
    public var runningInvocations: Int { invocations.count }

    /// Cancels every invocation this process runs: a process that shuts down leaves them to the
    /// next, which starts them again as it loads their instances.
    package func stopInvocations() {
      invocations.cancelAll()
    }

    /// Instance `id`'s journal: one JSON line per step, in the journal format's `step` lines.
    public func journal(of id: String) async throws -> [String] {
      try await ledger.journal(of: id)
    }

    // MARK: Steps

    /// Runs one step of instance `id` and commits it; with no event, only fires the timers due.
    /// `nil` when there was nothing to do (no event and no timer due); `isNew` is false when the
    /// event id had been applied already, by another `send` or another worker.
    func step(
      _ id: String, eventID: String, event: Event?, whileIn invocationState: ID? = nil
    ) async throws -> (step: Step, isNew: Bool)? {
      let chart = self.chart
      let now = ledger.now
      let message = try DurableLedger<Snapshot>.message(event)
      let outcome = try await ledger.step(id, eventID: eventID, loaded: { resume(id, $0) }) {
        entry -> (DurableLedger<Snapshot>.Proposal, [ChartEffect<ID, Event, Context>])? in
        // An invocation's event, after its state exited (in another process): dropped.
        if let invocationState, !entry.snapshot.isIn(invocationState) { return nil }
        let time = Duration.milliseconds(max(0, DurableClock.milliseconds(now()) - entry.createdAt))
        var snapshot = entry.snapshot
        var effects: [ChartEffect<ID, Event, Context>] = []
        var handled = false
        if time > snapshot.time {
          let advanced = chart.advance(snapshot, by: time - snapshot.time)
          if event == nil, advanced.snapshot.timers == snapshot.timers, advanced.effects.isEmpty,
            advanced.snapshot.configuration == snapshot.configuration
          {
            return nil
          }
          (snapshot, effects) = (advanced.snapshot, advanced.effects)
        } else if event == nil {
          return nil
        }
        if let event {
          let step = chart.transition(from: snapshot, on: event)
          (snapshot, handled) = (step.snapshot, step.handled)
          effects += step.effects
        }
        let proposal = DurableLedger<Snapshot>.Proposal(
          snapshot: snapshot, handled: handled, outputs: chart.outputNames(of: effects),
          message: message, time: time)
        return (proposal, effects)
      }
      guard let outcome else { return nil }
      if let effects = outcome.extra { perform(effects, of: id) }
      return (outcome.step, outcome.isNew)
    }

    /// Instance `id`'s latest entry; loaded from the database, it starts its active states'
    /// invocations again when `resuming`.
    func load(
      _ id: String, useCache: Bool, resuming: Bool = true
    ) async throws -> DurableInstanceCache<Snapshot>.Entry {
      let (entry, fromDatabase) = try await ledger.load(id, useCache: useCache)
      if fromDatabase && resuming { resume(id, entry) }
      return entry
    }

    /// Starts again the invocations of an instance just loaded from the database, unless this
    /// runtime runs them already or does not restart invocations.
    private func resume(_ id: String, _ entry: DurableInstanceCache<Snapshot>.Entry) {
      guard restartsInvocations else { return }
      perform(chart.resumption(of: entry.snapshot).effects, of: id, replacing: false)
    }
  }

  /// Wall time for durable instances, as a `Duration` since 1970.
  ///
  /// It is the runtimes' default `now`; a test passes a clock of its own:
  ///
  /// ```swift
  /// let storage = try await SQLiteDurableStorage(path: NSTemporaryDirectory() + "counters.sqlite")
  /// let frozen = DurableClock.wallTime()   // a test's clock, stopped when it was read
  /// let counters = DurableStores(
  ///   schema: SnapshotSchema<Int>("counter"), storage: storage, now: { frozen }
  /// ) { (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// try await counters.create("a", state: 0)
  /// ```
  public enum DurableClock {
    /// The system's wall time.
    @Sendable public static func wallTime() -> Duration {
      .nanoseconds(Int64(Date().timeIntervalSince1970 * 1_000_000_000))
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
      duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    static func millisecondsRoundingUp(_ duration: Duration) -> Int64 {
      let whole = milliseconds(duration)
      return Duration.milliseconds(whole) < duration ? whole + 1 : whole
    }
  }
#endif
