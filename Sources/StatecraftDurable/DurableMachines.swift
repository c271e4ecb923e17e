#if Durable
  import Foundation
  public import Logging
  public import Statecraft
  public import StatecraftJournal

  /// A declarative ``/StatecraftMachines/StateMachine``'s instances, by id, kept in a database, with the guarantees of
  /// ``DurableCharts``: each accepted event is one transaction that runs the machine's pure
  /// transition, writes the new state with its version, records the event's id, appends the step to
  /// the instance's journal, and puts the new state's output in an outbox.
  ///
  /// ```swift
  /// enum Subscription: DSLCompatible, Codable { case active, pastDue(attempts: Int), cancelled }
  /// enum SubscriptionEvent: DSLCompatible, Codable { case paymentFailed, paymentSucceeded }
  /// enum Notice: DSLCompatible, Codable { case paymentFailed }
  ///
  /// enum Subscriptions {
  ///   static let machine: StateMachine<Subscription, SubscriptionEvent, Notice> = StateMachine(initial: .active) {
  ///     When(state: Subscription.active) { _ in Execute.noOutput } transitions: { _ in
  ///       On(event: SubscriptionEvent.paymentFailed) { _ in Transition(to: Subscription.pastDue(attempts: 0)) }
  ///     }
  ///     When(state: Subscription.pastDue(attempts:)) { _ in
  ///       Execute(output: Notice.paymentFailed)
  ///     } transitions: { attempts in
  ///       On(event: SubscriptionEvent.paymentFailed) { _ in
  ///         Transition(to: attempts < 3 ? Subscription.pastDue(attempts: attempts + 1) : .cancelled)
  ///       }
  ///       On(event: SubscriptionEvent.paymentSucceeded) { _ in Transition(to: Subscription.active) }
  ///     }
  ///   }
  ///   static let schema = SnapshotSchema<Subscription>("subscription")
  /// }
  ///
  /// struct Mailer: Sendable { func send(_ notice: Notice, to customer: String) async throws {} }
  /// ```
  ///
  /// ```swift
  /// let webhookID = "evt_1Nq…"   // the payment provider's event id
  /// let mailer = Mailer()
  /// let storage = try await SQLiteDurableStorage(path: "subscriptions.sqlite")
  /// let subscriptions = DurableMachines(Subscriptions.machine, schema: Subscriptions.schema, storage: storage)
  /// try await subscriptions.create("customer-7")
  /// try await subscriptions.send(.paymentFailed, to: "customer-7", eventID: webhookID)
  /// print(try await subscriptions.instances(in: .pastDue(attempts: 0)))   // every past-due customer
  /// try await subscriptions.dispatchOutputs { notice, output in   // on the caller's actor
  ///   try await mailer.send(notice, to: output.instance)
  /// }
  /// ```
  ///
  /// **What is durable.** The state, its version, the ids of the events applied (a `send` retried
  /// with the same `eventID` is applied once and returns the first result), the journal, and the
  /// outputs until they are delivered (at least once, each with a stable ``DurableOutput/id``).
  /// A transition to a state equal to the current one is handled and changes nothing, and runs no
  /// output: the default ``/StatecraftMachines/Runtime/SelfTransitionPolicy/ignore`` of a running machine.
  ///
  /// **What is not.** A declarative machine has no timers; a running machine's `Runtime` (its
  /// output mappings, middlewares and pipes) does not apply: outputs go to the outbox, and
  /// ``dispatchOutputs(limit:to:)`` hands them to your code.
  ///
  /// Instances are indexed by their state's case (``/StatecraftMatching/DSLCompatible/label``): `instances(in:)`
  /// finds every instance in that case, whatever its associated values.
  public final class DurableMachines<
    S: DSLCompatible & Codable, E: DSLCompatible & Codable, O: DSLCompatible & Codable
  >: Sendable {
    /// What a `send` did: see ``DurableStep``. Its outputs are the outputs' JSON.
    public typealias Step = DurableStep<S>

    let machine: StateMachine<S, E, O>
    let ledger: DurableLedger<S>
    package var definition: String { ledger.definition }

    /// A runtime for `machine`'s instances in `storage`.
    ///
    /// - Parameters:
    ///   - machine: The definition every instance follows.
    ///   - schema: Names the definition (its instances' rows carry it) and versions the stored
    ///     states; older ones are migrated on load, newer ones refused.
    ///   - storage: The database: ``SQLiteDurableStorage``, PostgreSQL's storage, or your own.
    ///   - now: The wall time, since 1970, for the journal's times. Tests pass their own.
    ///   - cacheLimit: How many instances stay in memory between steps.
    ///   - maxAttempts: How many times a step is tried when other steps keep committing first.
    ///   - claimDuration: How long a dispatcher holds the outputs it claimed.
    ///   - logger: Where the runtime's `debug` lines go (a step committed, retried or found
    ///     applied before; an output delivered), each with the definition, the instance and the
    ///     event id as metadata. By default, the logging system's, labelled `statecraft.durable`.
    public init(
      _ machine: StateMachine<S, E, O>, schema: SnapshotSchema<S>, storage: some DurableStorage,
      now: @escaping @Sendable () -> Duration = DurableClock.wallTime, cacheLimit: Int = 1_000,
      maxAttempts: Int = 8, claimDuration: Duration = .seconds(30),
      logger: Logger = Logger(label: "statecraft.durable")
    ) {
      self.machine = machine
      self.ledger = DurableLedger(
        schema: schema, storage: storage, now: now, cacheLimit: cacheLimit,
        maxAttempts: maxAttempts, claimDuration: claimDuration, logger: logger,
        problems: { _ in [] }, activeStates: { [$0.label] })
    }

    /// Creates instance `id` in the machine's initial state, with that state's output in the
    /// outbox. Throws ``DurableError/instanceExists(_:)`` if there is one.
    @discardableResult
    public func create(_ id: String) async throws -> S {
      let state = machine.initial
      try await ledger.create(id, snapshot: state, outputs: try outputs(entering: state))
      return state
    }

    /// Sends `event` to instance `id`: one step, committed, or the result of the step that
    /// `eventID` already made. An event no transition takes is recorded too (`handled` false),
    /// so that its id is not applied later.
    ///
    /// An event id names one event: reused for another, it throws
    /// ``DurableError/eventIDReused(instance:eventID:applied:sent:)``. An empty id, or one that
    /// begins with `statecraft:`, throws ``DurableError/invalidEventID(_:reason:)``.
    @discardableResult
    public func send(_ event: E, to id: String, eventID: String = UUID().uuidString) async throws -> Step {
      let eventID = try DurableEventID.caller(eventID)
      let machine = self.machine
      let now = ledger.now
      let message = try DurableLedger<S>.message(event)
      let outcome = try await ledger.step(id, eventID: eventID) {
        entry -> (DurableLedger<S>.Proposal, Void)? in
        let next = machine.transition(from: entry.snapshot, on: event)
        let state = next ?? entry.snapshot
        let outputs = next == nil || next == entry.snapshot ? [] : try self.outputs(entering: state)
        let time = Duration.milliseconds(max(0, DurableClock.milliseconds(now()) - entry.createdAt))
        return (
          .init(snapshot: state, handled: next != nil, outputs: outputs, message: message, time: time),
          ()
        )
      }
      // `propose` always proposes: a step is committed or was applied before.
      return outcome!.step
    }

    /// Instance `id`'s state as stored.
    public func state(of id: String) async throws -> S {
      try await ledger.load(id, useCache: false).entry.snapshot
    }

    /// The instances whose state is of `state`'s case, whatever its associated values, by id.
    public func instances(in state: S, limit: Int = 1_000) async throws -> [String] {
      try await ledger.instances(inState: state.label, limit: limit)
    }

    /// Delivers the outputs committed and not yet delivered, oldest first, at most `limit`, each
    /// decoded, and marks each delivered once `handler` returns: see
    /// ``DurableCharts/dispatchOutputs(limit:to:)`` for what happens when a handler throws or a
    /// dispatcher dies. Returns how many were delivered. `handler` runs on the caller's actor.
    @discardableResult
    public nonisolated(nonsending) func dispatchOutputs(
      limit: Int = 100, to handler: (O, DurableOutput) async throws -> Void
    ) async throws -> Int {
      try await ledger.dispatchOutputs(limit: limit) { output in
        let value: O
        do {
          value = try JSONDecoder().decode(O.self, from: Data(output.name.utf8))
        } catch {
          throw DurableError.unreadableOutput(id: output.id, reason: "\(error)")
        }
        try await handler(value, output)
      }
    }

    /// Instance `id`'s journal: one JSON line per step, in the journal format's `step` lines.
    public func journal(of id: String) async throws -> [String] {
      try await ledger.journal(of: id)
    }

    /// How many instances are in memory now: at most `cacheLimit`.
    public var cachedCount: Int { ledger.cache.count }

    /// The output of `state`, as the outbox keeps it: its JSON.
    private func outputs(entering state: S) throws -> [String] {
      guard let output = machine.output(when: state) else { return [] }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return [String(decoding: try encoder.encode(output), as: UTF8.self)]
    }
  }
#endif
