#if Durable
  /// What a durable `send` did: the instance's new version and snapshot, whether the event was
  /// handled, and the outputs the step put in the outbox.
  ///
  /// ```swift
  /// let step = try await orders.send(.paid, to: "order-42", eventID: request.idempotencyKey)
  /// if step.wasAppliedBefore { /* a retry: this is the first attempt's result */ }
  /// ```
  public struct DurableStep<Snapshot: Sendable>: Sendable {
    /// The instance's version after the step: one more than before it.
    public let version: Int64
    /// The instance's snapshot after the step.
    public let snapshot: Snapshot
    /// Whether the definition took the event: an active state of a chart, a transition of a
    /// machine.
    public let handled: Bool
    /// The names of the outputs the step produced, in order.
    public let outputs: [String]
    /// Whether the event id had been applied before: this is that step's recorded result, and
    /// nothing was applied now.
    public var wasAppliedBefore = false

    init(version: Int64, snapshot: Snapshot, handled: Bool, outputs: [String], wasAppliedBefore: Bool = false) {
      self.version = version
      self.snapshot = snapshot
      self.handled = handled
      self.outputs = outputs
      self.wasAppliedBefore = wasAppliedBefore
    }
  }

  extension DurableStep: Equatable where Snapshot: Equatable {}
#endif
