#if Services
  public import ServiceLifecycle
  public import StatecraftDurable
  package import StatecraftEngine

  /// Delivers the outputs that durable charts' or machines' steps committed, as a service of
  /// swift-service-lifecycle: `dispatchOutputs(limit:to:)` in rounds of at most `batchLimit`
  /// outputs, the next round at once after a full one, else after `interval`. Any number of
  /// processes may run one: each claims the outputs it delivers.
  ///
  /// ```swift
  /// import StatecraftDurable
  /// import StatecraftServices
  ///
  /// func outbox<S, E, O>(of lights: DurableMachines<S, E, O>) -> DurableOutboxService {
  ///   // A machine's outputs arrive decoded, beside the stored output and its idempotency key.
  ///   DurableOutboxService(lights, interval: .milliseconds(200), batchLimit: 50) { output, stored in
  ///     print("deliver \(output), idempotency key \(stored.id)")
  ///   }
  /// }
  /// ```
  ///
  /// **At graceful shutdown** it claims no more outputs: the round under way ends, each output
  /// marked delivered once its handler returned, and `run()` returns. Outputs not delivered stay in
  /// the outbox for the next process. Past the group's `maximumGracefulShutdownDuration`, the group
  /// cancels the round: an output whose handler was cut short is delivered again once its claim
  /// lapses, with the same ``/StatecraftDurable/DurableOutput/id`` for the receiver's idempotency.
  ///
  /// A handler that throws ends its round: that output and the later ones are delivered again once
  /// their claim lapses. The failure is reported to the ``/StatecraftEngine/DiagnosticHandler``
  /// current when the service is made, as
  /// ``StatecraftEngine/Diagnostic/Kind/durableServiceRoundFailed`` at the line that made it.
  public struct DurableOutboxService: Service {
    private let dispatch: @Sendable (_ limit: Int) async throws -> Int
    private let loop: DurableServiceLoop

    /// A service that delivers the outputs of `charts`' steps to `deliver`.
    ///
    /// - Parameters:
    ///   - charts: The runtime whose outbox it empties.
    ///   - interval: The pause after a round that was not full: how late an output may leave.
    ///   - batchLimit: How many outputs a round claims and delivers.
    ///   - clock: The clock of the pause.
    ///   - fileID: Where the service is made, for diagnostics: the caller's file by default.
    ///   - filePath: The caller's file path, for diagnostics.
    ///   - line: The caller's line, for diagnostics.
    ///   - column: The caller's column, for diagnostics.
    ///   - deliver: Sends one output on; it is marked delivered once this returns.
    public init<ID, Event, Context, C: Clock<Duration>>(
      _ charts: DurableCharts<ID, Event, Context>, interval: Duration = .seconds(1), batchLimit: Int = 100,
      clock: C = ContinuousClock(), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column,
      deliver: @escaping @Sendable (DurableOutput) async throws -> Void
    ) {
      self.init(
        source: "DurableOutboxService(\(charts.definition))", batchLimit: batchLimit,
        pause: { try await clock.sleep(for: interval) },
        callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      ) { limit in
        try await charts.dispatchOutputs(limit: limit, to: deliver)
      }
    }

    /// A service that delivers the outputs of `machines`' steps to `deliver`, each decoded.
    ///
    /// - Parameters:
    ///   - machines: The runtime whose outbox it empties.
    ///   - interval: The pause after a round that was not full: how late an output may leave.
    ///   - batchLimit: How many outputs a round claims and delivers.
    ///   - clock: The clock of the pause.
    ///   - fileID: Where the service is made, for diagnostics: the caller's file by default.
    ///   - filePath: The caller's file path, for diagnostics.
    ///   - line: The caller's line, for diagnostics.
    ///   - column: The caller's column, for diagnostics.
    ///   - deliver: Sends one output on; it is marked delivered once this returns.
    public init<S, E, O, C: Clock<Duration>>(
      _ machines: DurableMachines<S, E, O>, interval: Duration = .seconds(1), batchLimit: Int = 100,
      clock: C = ContinuousClock(), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column,
      deliver: @escaping @Sendable (O, DurableOutput) async throws -> Void
    ) {
      self.init(
        source: "DurableOutboxService(\(machines.definition))", batchLimit: batchLimit,
        pause: { try await clock.sleep(for: interval) },
        callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      ) { limit in
        try await machines.dispatchOutputs(limit: limit, to: deliver)
      }
    }

    /// A service whose pause between rounds is `pause`: tests decide when the next round runs.
    package init(
      source: String, batchLimit: Int, pause: @escaping @Sendable () async throws -> Void,
      callSite: CallSite, dispatch: @escaping @Sendable (_ limit: Int) async throws -> Int
    ) {
      precondition(batchLimit > 0, "A round claims at least one output.")
      self.dispatch = dispatch
      self.loop = DurableServiceLoop(
        source: source, batchLimit: batchLimit, pause: pause, diagnostics: DiagnosticHandler.current,
        callSite: callSite)
    }

    /// Delivers outputs in rounds until graceful shutdown, then returns once the round under way
    /// has ended. Throws only when cancelled.
    public func run() async throws {
      try await loop.run(dispatch)
    }
  }
#endif
