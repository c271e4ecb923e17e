#if Postgres && Services
  import DurableWorkload
  import Foundation
  import Hummingbird
  import Metrics
  import HummingbirdTesting
  import InMemoryTracing
  import OrderService
  import Prometheus
  import Testing
  import Tracing

  /// The example order service's HTTP API, on PostgreSQL, through Hummingbird's own test client.
  @Suite(.enabled(if: KillTestDatabase.url != nil, "Needs STATECRAFT_POSTGRES_URL (.ci/postgres start)"))
  struct OrderServiceTests {
    static func headers(idempotencyKey: String) -> HTTPFields {
      var headers = HTTPFields()
      headers.append(.init(name: .init("Idempotency-Key")!, value: idempotencyKey))
      return headers
    }

    @Test func anEventIsAppliedOnceWhateverTheRetriesOfItsIdempotencyKey() async throws {
      let database = try await PostgresTestDatabase()
      // The router alone: the application's services would run in a ServiceGroup listening for
      // SIGTERM in this process, beside tests that signal processes of their own.
      let app = Application(
        router: OrderService.router(
          try await OrderService.orders(client: database.client), registry: PrometheusCollectorRegistry()))
      try await app.test(.router) { client in
        #expect(try await client.execute(uri: "/orders/o1", method: .post).status == .created)
        #expect(try await client.execute(uri: "/orders/o1", method: .post).status == .conflict)

        let paid = try await client.execute(
          uri: "/orders/o1/events/pay", method: .post, headers: Self.headers(idempotencyKey: "k1"))
        #expect(paid.status == .ok)
        #expect(String(buffer: paid.body).contains(#""wasAppliedBefore":false"#))
        // The client's retry of the same request: the first one's result, applied once.
        let retried = try await client.execute(
          uri: "/orders/o1/events/pay", method: .post, headers: Self.headers(idempotencyKey: "k1"))
        #expect(retried.status == .ok)
        #expect(String(buffer: retried.body).contains(#""wasAppliedBefore":true"#))
        #expect(String(buffer: retried.body).contains(#""version":1"#))
        // The same key for another event is refused.
        let reused = try await client.execute(
          uri: "/orders/o1/events/cancel", method: .post, headers: Self.headers(idempotencyKey: "k1"))
        #expect(reused.status == .unprocessableContent)

        #expect(try await client.execute(uri: "/orders/o1/events/pay", method: .post).status == .badRequest)
        #expect(try await client.execute(uri: "/orders/o1/events/refund", method: .post).status == .badRequest)
        let unknown = try await client.execute(
          uri: "/orders/nope/events/pay", method: .post, headers: Self.headers(idempotencyKey: "k2"))
        #expect(unknown.status == .notFound)

        let order = try await client.execute(uri: "/orders/o1", method: .get)
        #expect(String(buffer: order.body).contains(#""states":["paid"]"#))
        let paidOrders = try await client.execute(uri: "/orders?state=paid", method: .get)
        #expect(String(buffer: paidOrders.body) == #"["o1"]"#)
        #expect(try await client.execute(uri: "/orders?state=lost", method: .get).status == .badRequest)
      }
      try await database.close()
    }

    @Test func theMetricsPageShowsTheRuntimesMetrics() async throws {
      let database = try await PostgresTestDatabase()
      let registry = PrometheusCollectorRegistry()
      let orders = try await withMetricsFactory(PrometheusMetricsFactory(registry: registry)) {
        try await OrderService.orders(client: database.client)
      }
      let app = Application(router: OrderService.router(orders, registry: registry))
      try await app.test(.router) { client in
        _ = try await client.execute(uri: "/orders/o1", method: .post)
        _ = try await client.execute(
          uri: "/orders/o1/events/pay", method: .post, headers: Self.headers(idempotencyKey: "k1"))
        let metrics = try await client.execute(uri: "/metrics", method: .get)
        #expect(metrics.status == .ok)
        #expect(String(buffer: metrics.body).contains(#"statecraft_durable_steps_total{definition="order"} 1"#))
      }
      try await database.close()
    }

    /// A request's span, from Hummingbird's tracing middleware, is the parent of the step it
    /// causes; the receipt that step sends is delivered later, by another task with no span, in the
    /// request's trace. The caller's trace, from its headers, is the request span's.
    @Test func aRequestsTraceRunsThroughItsStepAndTheEmailTheStepSends() async throws {
      let database = try await PostgresTestDatabase()
      let tracer = InMemoryTracer()
      let orders = try await OrderService.orders(client: database.client)
      let app = Application(router: OrderService.router(orders, registry: PrometheusCollectorRegistry()))
      let headers: HTTPFields = {
        var headers = Self.headers(idempotencyKey: "k1")
        headers.append(.init(name: .init(InMemoryTracer.traceIDKey)!, value: "caller-trace"))
        headers.append(.init(name: .init(InMemoryTracer.spanIDKey)!, value: "caller-span"))
        return headers
      }()
      try await withTracer(tracer) {
        try await app.test(.router) { client in
          #expect(try await client.execute(uri: "/orders/o1", method: .post).status == .created)
          let paid = try await client.execute(uri: "/orders/o1/events/pay", method: .post, headers: headers)
          #expect(paid.status == .ok)
        }
      }
      let delivered = try await withTracer(tracer) { try await orders.dispatchOutputs { _ in } }
      #expect(delivered == 2)

      let spans = tracer.finishedSpans
      let request = try #require(spans.first { $0.attributes.get("url.path") == .string("/orders/o1/events/pay") })
      let step = try #require(spans.first { $0.operationName == "statecraft.durable.step" })
      let receipt = try #require(
        spans.first {
          $0.operationName == "statecraft.durable.deliver"
            && $0.attributes.get("statecraft.output") == .string("email-receipt")
        })
      #expect(request.kind == .server)
      #expect(request.traceID == "caller-trace")
      #expect(request.parentSpanID == "caller-span")
      #expect(step.parentSpanID == request.spanID)
      #expect(step.attributes.get("statecraft.event_id") == .string("k1"))
      #expect(receipt.parentSpanID == step.spanID)
      #expect(receipt.traceID == "caller-trace")
      try await database.close()
    }
  }
#endif
