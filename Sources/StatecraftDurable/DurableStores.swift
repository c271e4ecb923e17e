#if Durable
  import Foundation
  public import Logging
  public import Statecraft
  public import StatecraftJournal

  /// A reducer's instances, by id, kept in a database: the ``/StatecraftStore/Store`` of a server, one per order or
  /// customer, with the guarantees of ``DurableCharts``. Each accepted action is one transaction
  /// that runs the reducer on the latest state, writes the new state with its version, records the
  /// action's event id, and appends the step to the instance's journal.
  ///
  /// ```swift
  /// struct Cart: Codable, Sendable {
  ///   var items: [String] = []
  ///   var total = 0
  ///   var isCheckingOut = false
  ///   var isPaid = false
  /// }
  /// enum CartAction: Codable, Sendable { case add(String), checkOut, paid(receipt: String) }
  ///
  /// struct Payments: Sendable {
  ///   func charge(_ amount: Int) async throws -> String { "receipt-\(amount)" }
  /// }
  /// ```
  ///
  /// ```swift
  /// let idempotencyKey = "9b1d…"   // the request's Idempotency-Key header
  /// let payments = Payments()
  /// let storage = try await SQLiteDurableStorage(path: "carts.sqlite")
  /// let carts = DurableStores(schema: SnapshotSchema<Cart>("cart"), storage: storage) {
  ///   (cart: inout Cart, action: CartAction) -> Effect<CartAction> in
  ///   switch action {
  ///   case .add(let item): cart.items.append(item); cart.total += 5; return .none
  ///   case .checkOut: cart.isCheckingOut = true
  ///     return .run { [total = cart.total] send in await send(.paid(receipt: try await payments.charge(total))) }
  ///   case .paid: cart.isPaid = true; return .none
  ///   }
  /// }
  /// try await carts.create("cart-7", state: Cart())
  /// try await carts.send(.add("tea"), to: "cart-7", eventID: idempotencyKey)
  /// ```
  ///
  /// **What is durable.** The state, its version, the ids of the actions applied (a `send` retried
  /// with the same `eventID` is applied once and returns the first result), and the journal.
  ///
  /// **What is not: effects.** An effect is running code, not data, and a reducer's effect runs in
  /// the process that committed its step, after the commit, at most once: a crash or a release of
  /// the runtime while it runs loses it, and a retried `send` that finds its step applied does not
  /// run it again. Every action an effect sends, a synchronous `.send` included, is committed as a
  /// step of its own, in the order sent, with an event id made from the step's (in the runtime's
  /// own namespace, `statecraft:effect:…`, which no caller's id can take). Effect ids and
  /// cancellation work within an instance. Work that must survive a crash belongs in a
  /// ``DurableMachines`` or ``DurableCharts`` output, which the outbox delivers at least once.
  ///
  /// Instances are indexed under the names `index` gives a state (none by default):
  /// `instances(indexedAs:)` finds every instance whose state has that name.
  public final class DurableStores<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
    /// What a `send` did: see ``DurableStep``. A store's step has no outputs, and is always
    /// `handled`.
    public typealias Step = DurableStep<State>

    let reducer: @Sendable (inout State, Action) -> Effect<Action>
    let ledger: DurableLedger<State>
    let effects: DurableStoreEffects<Action>
    let diagnostics = DiagnosticHandler.current

    /// A runtime for `reducer`'s instances in `storage`.
    ///
    /// - Parameters:
    ///   - schema: Names the definition (its instances' rows carry it) and versions the stored
    ///     states; older ones are migrated on load, newer ones refused.
    ///   - storage: The database: ``SQLiteDurableStorage``, PostgreSQL's storage, or your own.
    ///   - now: The wall time, since 1970, for the journal's times. Tests pass their own.
    ///   - cacheLimit: How many instances stay in memory between steps.
    ///   - maxAttempts: How many times a step is tried when other steps keep committing first.
    ///   - index: The names the database indexes a state under, for ``instances(indexedAs:limit:)``.
    ///   - logger: Where the runtime's `debug` lines go (a step committed, retried or found
    ///     applied before; an output delivered), each with the definition, the instance and the
    ///     event id as metadata. By default, the logging system's, labelled `statecraft.durable`.
    ///   - fileID: Where the runtime is created, for diagnostics: the caller's file by default.
    ///   - filePath: The caller's file path, for diagnostics.
    ///   - line: The caller's line, for diagnostics.
    ///   - column: The caller's column, for diagnostics.
    ///   - reducer: Changes an instance's state for an action. It may run more than once for one
    ///     action when another process commits first: keep it pure, and do work in its effect.
    ///
    /// Diagnostics (an effect that throws, an effect's action that could not be committed) go to
    /// the ``/StatecraftEngine/DiagnosticHandler`` current when the runtime is created.
    public init(
      schema: SnapshotSchema<State>, storage: some DurableStorage,
      now: @escaping @Sendable () -> Duration = DurableClock.wallTime, cacheLimit: Int = 1_000,
      maxAttempts: Int = 8, index: @escaping @Sendable (State) -> [String] = { _ in [] },
      logger: Logger = Logger(label: "statecraft.durable"), fileID: StaticString = #fileID,
      filePath: StaticString = #filePath, line: UInt = #line,
      column: UInt = #column,
      reducer: @escaping @Sendable (inout State, Action) -> Effect<Action>
    ) {
      self.reducer = reducer
      self.ledger = DurableLedger(
        schema: schema, storage: storage, now: now, cacheLimit: cacheLimit,
        maxAttempts: maxAttempts, claimDuration: .seconds(30), logger: logger,
        problems: { _ in [] }, activeStates: index)
      let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      let diagnostics = self.diagnostics
      self.effects = DurableStoreEffects {
        DiagnosticHandler.$current.withValue(diagnostics) {
          OwnerServices(type: DurableStores<State, Action>.self, callSite: callSite)
        }
      }
    }

    deinit {
      effects.cancelAll()
    }

    /// Creates instance `id` in `state`. Throws ``DurableError/instanceExists(_:)`` if there is
    /// one.
    public func create(_ id: String, state: State) async throws {
      try await ledger.create(id, snapshot: state, outputs: [])
    }

    /// Sends `action` to instance `id`: one step, committed, or the result of the step that
    /// `eventID` already made. The reducer's effect starts once the step is committed, in this
    /// process; a step applied before starts nothing.
    ///
    /// An event id names one action: reused for another, it throws
    /// ``DurableError/eventIDReused(instance:eventID:applied:sent:)``. An empty id, or one that
    /// begins with `statecraft:` (the runtime's own ids for the actions effects send), throws
    /// ``DurableError/invalidEventID(_:reason:)``.
    @discardableResult
    public func send(
      _ action: Action, to id: String, eventID: String = UUID().uuidString,
      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
      column: UInt = #column
    ) async throws -> Step {
      let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      return try await step(action, to: id, eventID: try DurableEventID.caller(eventID), callSite: callSite)
    }

    /// Instance `id`'s state as stored.
    public func state(of id: String) async throws -> State {
      try await ledger.load(id, useCache: false).entry.snapshot
    }

    /// The instances whose state `index` names `name`, by id.
    public func instances(indexedAs name: String, limit: Int = 1_000) async throws -> [String] {
      try await ledger.instances(inState: name, limit: limit)
    }

    /// Instance `id`'s journal: one JSON line per step, in the journal format's `step` lines.
    public func journal(of id: String) async throws -> [String] {
      try await ledger.journal(of: id)
    }

    /// Waits until no effect of this runtime runs and every action they sent is committed, or
    /// reported as failed. For tests, and for a server that drains before it stops.
    ///
    /// ```swift
    /// func checkOut(_ id: String, in carts: DurableStores<Cart, CartAction>) async throws -> Bool {
    ///   try await carts.send(.checkOut, to: id)
    ///   await carts.effectsFinished()   // the charge ran, and its .paid step is committed
    ///   return try await carts.state(of: id).isPaid   // true
    /// }
    /// ```
    public func effectsFinished() async {
      await effects.settle()
    }

    /// How many instances are in memory now: at most `cacheLimit`.
    public var cachedCount: Int { ledger.cache.count }

    /// How many instances have an effect running now. An instance keeps nothing in memory for
    /// its effects once they end. For tests.
    package var instancesRunningEffects: Int { effects.instancesWithEffects }

    private func step(
      _ action: Action, to id: String, eventID: String, callSite: CallSite
    ) async throws -> Step {
      let reducer = self.reducer
      let now = ledger.now
      let message = try DurableLedger<State>.message(action)
      let outcome = try await ledger.step(id, eventID: eventID) {
        entry -> (DurableLedger<State>.Proposal, Effect<Action>)? in
        var state = entry.snapshot
        let effect = reducer(&state, action)
        let time = Duration.milliseconds(max(0, DurableClock.milliseconds(now()) - entry.createdAt))
        return (
          .init(snapshot: state, handled: true, outputs: [], message: message, time: time), effect
        )
      }
      // `propose` always proposes: a step is committed or was applied before.
      let (step, isNew, effect) = outcome!
      if isNew, let effect, !effect.isNone {
        await MainActor.run {
          effects.start(effect, of: id, eventID: eventID, callSite: callSite) {
            [weak self] action, actionID in
            await self?.deliver(action, to: id, eventID: actionID, callSite: callSite)
          }
        }
      }
      return step
    }

    /// Commits an action an effect sent. A failure to commit is tried again with the same event
    /// id (a connection cut mid-commit may have applied it), then reported.
    private func deliver(_ action: Action, to id: String, eventID: String, callSite: CallSite) async {
      guard
        let lastError = await DurableLedger<State>.retryingCommit({
          _ = try await step(action, to: id, eventID: eventID, callSite: callSite)
        })
      else { return }
      diagnostics.report(
        Diagnostic(
          kind: .effectFailed,
          message: "The action \(action) that an effect sent could not be committed to instance '\(id)':"
            + " \(lastError)",
          source: "DurableStores(\(ledger.definition))", error: lastError, callSite: callSite))
    }
  }
#endif
