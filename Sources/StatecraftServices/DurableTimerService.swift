#if Services
  public import ServiceLifecycle
  public import StatecraftDurable
  package import StatecraftEngine

  /// Fires the due timers of a durable chart's instances, as a service of swift-service-lifecycle:
  /// ``/StatecraftDurable/DurableCharts/fireDueTimers(limit:fileID:filePath:line:column:)`` in
  /// rounds of at most `batchLimit` instances, the next round at once after a full one, else after
  /// `interval`. Any number of processes may run one: each due time fires once.
  ///
  /// ```swift
  /// import StatecraftDurable
  /// import StatecraftServices
  ///
  /// func timers<ID, Event, Context>(of orders: DurableCharts<ID, Event, Context>) -> DurableTimerService<ID, Event, Context> {
  ///   // At most 50 instances a round; a round that finds fewer waits half a second.
  ///   DurableTimerService(orders, interval: .milliseconds(500), batchLimit: 50)
  /// }
  /// ```
  ///
  /// **At graceful shutdown** (a SIGTERM during a deploy) it claims no more timers: the round under
  /// way ends, and `run()` returns. Timers not fired stay due in the database, for the next process.
  /// Past the group's `maximumGracefulShutdownDuration`, the group cancels the round: each step is
  /// one transaction, committed whole or not at all, and the instances the round had claimed and
  /// not stepped fire once their claim lapses (`claimDuration`). A smaller `batchLimit` makes the
  /// last round shorter.
  ///
  /// A round that throws (the database unreachable) is reported to the
  /// ``/StatecraftEngine/DiagnosticHandler`` current when the service is made, as
  /// ``StatecraftEngine/Diagnostic/Kind/durableServiceRoundFailed`` at the line that made it, and
  /// the service tries again after `interval`.
  public struct DurableTimerService<
    ID: Hashable & Sendable & Codable,
    Event: Codable & Sendable & Equatable,
    Context: Codable & Sendable & Equatable
  >: Service {
    private let charts: DurableCharts<ID, Event, Context>
    private let loop: DurableServiceLoop

    /// A service that fires `charts`' due timers.
    ///
    /// - Parameters:
    ///   - charts: The runtime whose instances' timers it fires.
    ///   - interval: The pause after a round that was not full: how late a timer may fire.
    ///   - batchLimit: How many due instances a round claims and steps.
    ///   - clock: The clock of the pause.
    ///   - fileID: Where the service is made, for diagnostics: the caller's file by default.
    ///   - filePath: The caller's file path, for diagnostics.
    ///   - line: The caller's line, for diagnostics.
    ///   - column: The caller's column, for diagnostics.
    public init<C: Clock<Duration>>(
      _ charts: DurableCharts<ID, Event, Context>, interval: Duration = .seconds(1), batchLimit: Int = 100,
      clock: C = ContinuousClock(), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column
    ) {
      self.init(
        charts, batchLimit: batchLimit, pause: { try await clock.sleep(for: interval) },
        callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A service whose pause between rounds is `pause`: tests decide when the next round runs.
    package init(
      _ charts: DurableCharts<ID, Event, Context>, batchLimit: Int,
      pause: @escaping @Sendable () async throws -> Void, callSite: CallSite
    ) {
      precondition(batchLimit > 0, "A round claims at least one instance.")
      self.charts = charts
      self.loop = DurableServiceLoop(
        source: "DurableTimerService(\(charts.definition))", batchLimit: batchLimit, pause: pause,
        diagnostics: DiagnosticHandler.current, callSite: callSite)
    }

    /// Fires due timers in rounds until graceful shutdown, then returns once the round under way
    /// has ended. Throws only when cancelled.
    public func run() async throws {
      let site = loop.callSite
      try await loop.run { limit in
        try await charts.fireDueTimers(
          limit: limit, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
      }
    }
  }
#endif
