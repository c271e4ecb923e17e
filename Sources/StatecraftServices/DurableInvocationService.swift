#if Services
  public import ServiceLifecycle
  public import StatecraftDurable

  /// Starts, as the process starts, the invocations of a durable chart's instances that wait in
  /// an invoking state, and stops this process's invocations at graceful shutdown: a service of
  /// swift-service-lifecycle around
  /// ``/StatecraftDurable/DurableCharts/resumeInvocations(limit:)``.
  ///
  /// ```swift
  /// import StatecraftDurable
  /// import StatecraftServices
  ///
  /// func invocations<ID, Event, Context>(
  ///   of orders: DurableCharts<ID, Event, Context>
  /// ) -> DurableInvocationService<ID, Event, Context> {
  ///   DurableInvocationService(orders)
  /// }
  /// ```
  ///
  /// An invocation runs at least once: one this process stops at shutdown starts again in the
  /// next process that loads its instance, or that runs this service. Its events are steps like
  /// any other: one committed before the stop stays committed.
  public struct DurableInvocationService<
    ID: Hashable & Sendable & Codable,
    Event: Codable & Sendable & Equatable,
    Context: Codable & Sendable & Equatable
  >: Service {
    private let charts: DurableCharts<ID, Event, Context>
    private let limit: Int

    /// A service that resumes the invocations of at most `limit` of `charts`' instances.
    public init(_ charts: DurableCharts<ID, Event, Context>, limit: Int = 1_000) {
      self.charts = charts
      self.limit = limit
    }

    /// Resumes the invocations, then waits for graceful shutdown and stops this process's
    /// invocations. Throws when resuming does (the database unreachable), or when cancelled.
    public func run() async throws {
      try await charts.resumeInvocations(limit: limit)
      // Returns at graceful shutdown, throws at cancellation: either way, the invocations stop.
      defer { charts.stopInvocations() }
      try await gracefulShutdown()
    }
  }
#endif
