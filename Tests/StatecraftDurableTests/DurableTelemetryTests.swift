#if Durable
  import InMemoryLogging
  import InMemoryTracing
  import Logging
  import Statecraft
  import StatecraftDurable
  import Testing
  import Tracing

  /// What durable runtimes report through swift-distributed-tracing and swift-log, with those
  /// packages' own in-memory backends: the tracer bound to the test's task, the log handler given
  /// to the runtime.
  @Suite("Durable traces and logs")
  struct DurableTelemetryTests {
    typealias Orders = DurableMetricsTests.Orders

    /// A request's span around `create` and `send`; the outputs delivered later by another
    /// runtime, as another process would, from a task with no span of its own.
    @Test(arguments: TestBackend.available)
    func aStepIsAChildOfTheCallersSpanAndDeliveringItsOutputContinuesTheTrace(backend: TestBackend) async throws {
      let tracer = InMemoryTracer()
      let database = try await backend.open()
      let orders = Orders(
        DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: try await database.storage())
      let dispatcher = Orders(
        DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: try await database.storage())
      try await withTracer(tracer) {
        try await withSpan("POST /orders") { _ in
          try await orders.create("a")
          try await orders.send(.pay, to: "a", eventID: "a-pay")
        }
        try await withSpan("POST /orders/a/events") { _ in
          // Retried with the same id: nothing is committed, and nothing is delivered twice.
          let retried = try await orders.send(.pay, to: "a", eventID: "a-pay")
          #expect(retried.wasAppliedBefore)
        }
      }
      let delivered = try await withTracer(tracer) {
        try await dispatcher.dispatchOutputs { output in
          // The handler runs in the delivery's span: what it calls joins the trace.
          #expect(InstrumentationContext.current?.inMemorySpanContext != nil)
        }
      }
      #expect(delivered == 2)

      let spans = tracer.finishedSpans
      let request = try #require(spans.first { $0.operationName == "POST /orders" })
      let retry = try #require(spans.first { $0.operationName == "POST /orders/a/events" })
      let create = try #require(spans.first { $0.operationName == "statecraft.durable.create" })
      let steps = spans.filter { $0.operationName == "statecraft.durable.step" }
      let deliveries = spans.filter { $0.operationName == "statecraft.durable.deliver" }
      try #require(steps.count == 2 && deliveries.count == 2)
      let (step, retriedStep) = (steps[0], steps[1])

      #expect(create.parentSpanID == request.spanID)
      #expect(create.attributes.get("statecraft.instance") == .string("a"))
      #expect(step.parentSpanID == request.spanID)
      #expect(step.traceID == request.traceID)
      #expect(step.attributes.get("statecraft.definition") == .string("order"))
      #expect(step.attributes.get("statecraft.instance") == .string("a"))
      #expect(step.attributes.get("statecraft.event_id") == .string("a-pay"))
      #expect(step.attributes.get("statecraft.version") == .int64(1))
      #expect(step.attributes.get("statecraft.attempts") == .int64(1))
      #expect(step.attributes.get("statecraft.outcome") == .string("committed"))
      #expect(retriedStep.parentSpanID == retry.spanID)
      #expect(retriedStep.attributes.get("statecraft.outcome") == .string("duplicate"))

      // Each delivery is a child of the span that produced its output, in the request's trace.
      let invoice = try #require(deliveries.first { $0.attributes.get("statecraft.output") == .string("emailInvoice") })
      let receipt = try #require(deliveries.first { $0.attributes.get("statecraft.output") == .string("emailReceipt") })
      #expect(invoice.parentSpanID == create.spanID)
      #expect(receipt.parentSpanID == step.spanID)
      #expect(receipt.traceID == request.traceID)
      #expect(receipt.kind == .producer)
      #expect(receipt.attributes.get("statecraft.output_id") == .string("order/a/1/0"))
      #expect(receipt.attributes.get("statecraft.version") == .int64(1))
      try await database.close()
    }

    /// A step that throws records its error on its span.
    @Test func aStepThatFailsRecordsItsErrorOnItsSpan() async throws {
      let tracer = InMemoryTracer()
      let database = try await TestBackend.sqlite.open()
      let orders = Orders(
        DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: try await database.storage())
      _ = await withTracer(tracer) {
        await #expect(throws: DurableError.unknownInstance("nobody")) {
          try await orders.send(.pay, to: "nobody")
        }
      }
      let step = try #require(tracer.finishedSpans.first { $0.operationName == "statecraft.durable.step" })
      #expect(step.errors.count == 1)
      #expect(step.attributes.get("statecraft.outcome") == nil)
      try await database.close()
    }

    /// Outputs written with no tracer recording carry no trace context, and are delivered in a
    /// span of their own.
    @Test func anOutputWrittenWithoutATracerIsDeliveredInASpanOfItsOwn() async throws {
      let database = try await TestBackend.sqlite.open()
      let orders = Orders(
        DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: try await database.storage())
      try await orders.create("a")
      let tracer = InMemoryTracer()
      _ = try await withTracer(tracer) {
        try await orders.dispatchOutputs { output in #expect(output.traceContext == nil) }
      }
      let delivery = try #require(tracer.finishedSpans.first)
      #expect(delivery.operationName == "statecraft.durable.deliver")
      #expect(delivery.parentSpanID == nil)
      try await database.close()
    }

    /// A database made before the outbox kept lag and traces gains its `committed_at` and
    /// `trace_context` columns when it is opened, and its outputs then carry both.
    @Test(arguments: TestBackend.available)
    func anOutboxFromBeforeLagAndTracesGainsItsColumnsWhenOpened(backend: TestBackend) async throws {
      let database = try await backend.open()
      switch backend {
      case .sqlite:
        try await database.execute(
          """
          CREATE TABLE statecraft_outbox (
            output_id TEXT PRIMARY KEY, definition TEXT NOT NULL, id TEXT NOT NULL,
            version INTEGER NOT NULL, name TEXT NOT NULL, delivered INTEGER NOT NULL DEFAULT 0,
            claimed_until INTEGER NOT NULL DEFAULT 0)
          """)
      case .postgres:
        try await database.execute(
          """
          CREATE TABLE statecraft_outbox (
            output_id TEXT PRIMARY KEY, definition TEXT NOT NULL, id TEXT NOT NULL,
            version BIGINT NOT NULL, name TEXT NOT NULL, delivered BOOLEAN NOT NULL DEFAULT false,
            claimed_until BIGINT NOT NULL DEFAULT 0, sequence BIGSERIAL)
          """)
      }
      let orders = Orders(
        DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: try await database.storage())
      let tracer = InMemoryTracer()
      var outputs: [DurableOutput] = []
      try await withTracer(tracer) {
        _ = try await withSpan("POST /orders") { _ in try await orders.create("a") }
        _ = try await orders.dispatchOutputs { outputs.append($0) }
      }
      let request = try #require(tracer.finishedSpans.first { $0.operationName == "POST /orders" })
      #expect(outputs.count == 1)
      #expect(outputs.first?.traceContext?[InMemoryTracer.traceIDKey] == request.traceID)
      #expect(outputs.first?.committedAt != nil)
      try await database.close()
    }

    /// The runtime's `debug` lines name the definition, the instance and the event id.
    @Test func stepsConflictsDuplicatesAndDeliveriesAreLoggedWithTheInstanceAndEventID() async throws {
      let handler = InMemoryLogHandler()
      var logger = Logger(label: "orders") { _ in handler }
      logger.logLevel = .debug
      let database = try await TestBackend.sqlite.open()
      let storage = try await database.storage()
      let orders = Orders(
        DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage, logger: logger)
      let other = Orders(DurableChartsTests.chart, schema: DurableChartsTests.schema, storage: storage)
      try await orders.create("a")
      try await other.send(.pay, to: "a", eventID: "a-pay")
      // `orders` holds "a" as created: its commit conflicts, and the retry commits.
      try await orders.send(.ship, to: "a", eventID: "a-ship")
      try await orders.send(.ship, to: "a", eventID: "a-ship")
      try await orders.dispatchOutputs { _ in }

      let lines = handler.entries.map { entry in
        [
          "\(entry.message)", entry.metadata["statecraft.definition"].map { "\($0)" } ?? "-",
          entry.metadata["statecraft.instance"].map { "\($0)" } ?? "-",
          entry.metadata["statecraft.event_id"].map { "\($0)" } ?? "-",
          entry.metadata["statecraft.version"].map { "\($0)" } ?? "-",
          entry.metadata["statecraft.output"].map { "\($0)" } ?? "-",
        ].joined(separator: " | ")
      }
      #expect(
        lines == [
          "Created the instance | order | a | - | - | -",
          "Another step committed first: trying again | order | a | a-ship | - | -",
          "Committed a step | order | a | a-ship | 2 | -",
          "The event was applied before: returning its recorded step | order | a | a-ship | - | -",
          "Delivered an output | order | a | - | - | emailInvoice",
          "Delivered an output | order | a | - | - | emailReceipt",
        ])
      #expect(handler.entries.allSatisfy { $0.level == .debug })
      try await database.close()
    }
  }
#endif
