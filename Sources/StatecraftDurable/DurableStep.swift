#if Durable
  /// What a durable `send` did: the instance's new version and snapshot, whether the event was
  /// handled, and the outputs the step put in the outbox.
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
  /// let orders = DurableCharts(
  ///   Orders.chart, schema: Orders.schema, storage: try await SQLiteDurableStorage(path: "orders.sqlite"))
  /// let step = try await orders.send(.paid, to: "order-42", eventID: idempotencyKey)
  /// if step.wasAppliedBefore { print("a retry: this is the first attempt's result") }
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
