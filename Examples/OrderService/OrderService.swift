#if Postgres && Services
  import Foundation
  public import Hummingbird
  public import Logging
  public import PostgresNIO
  public import Prometheus
  public import ServiceLifecycle
  public import Statecraft
  public import StatecraftDurable
  public import StatecraftJournal
  import StatecraftPostgres
  import StatecraftServices

  /// An order service: orders are durable statecharts in PostgreSQL, behind an HTTP API.
  ///
  /// - `POST /orders/{id}` creates an order (201; 409 if it exists).
  /// - `POST /orders/{id}/events/{event}` sends it `pay`, `ship` or `cancel`. The
  ///   `Idempotency-Key` header is required, and becomes the event's id: a retried request gets
  ///   the first one's result, applied once (200, with `"wasAppliedBefore": true`).
  /// - `GET /orders/{id}` reads one order's state.
  /// - `GET /orders?state=paid&limit=100` lists the orders in a state.
  /// - `GET /metrics` is the Prometheus exposition of every metric, the runtime's included.
  ///
  /// Each request is a span of the bootstrapped tracer (Hummingbird's `TracingMiddleware`), which
  /// continues the caller's trace from its `traceparent` header; the step it causes is a child of
  /// that span, and the email the step sends is delivered in the same trace.
  ///
  /// Any number of processes can serve the same database: each step is guarded by its order's
  /// version, and the timers and outbox are claimed with `FOR UPDATE SKIP LOCKED`.
  ///
  /// ```swift
  /// let registry = PrometheusCollectorRegistry()
  /// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
  /// let client = PostgresClient(configuration: try PostgresDurableStorage.configuration(url: url))
  /// let running = Task { await client.run() }   // the pool, for as long as the process
  /// let orders = try await OrderService.orders(client: client)
  /// let app = OrderService.application(orders: orders, registry: registry, port: 8080)
  /// try await app.runService()   // until SIGTERM or SIGINT
  /// running.cancel()
  /// ```
  public enum OrderService {
    /// An order's states.
    public enum Order: String, Codable, Hashable, Sendable, CaseIterable {
      case awaitingPayment, paid, shipped, cancelled
    }

    /// What a client can send an order.
    public enum Event: String, Codable, Equatable, Sendable, CaseIterable { case pay, ship, cancel }

    /// An order's data: none beyond its state in this example.
    public struct Details: Codable, Equatable, Sendable {
      public init() {}
    }

    /// An order's life: an unpaid order is cancelled after a day; every state change sends an
    /// email through the outbox.
    public static let chart = Statechart<Order, Event, Details>("order", initial: .awaitingPayment, context: Details())
    {
      StateNode(.awaitingPayment) {
        Entry(.output("email-invoice"))
        After(.seconds(86_400), target: .cancelled, actions: [.output("email-cancelled-unpaid")])
        OnEvent(.pay, target: .paid)
        OnEvent(.cancel, target: .cancelled)
      }
      StateNode(.paid) {
        Entry(.output("email-receipt"))
        OnEvent(.ship, target: .shipped)
      }
      StateNode(final: .shipped) { Entry(.output("email-shipped")) }
      StateNode(final: .cancelled)
    }

    /// How orders are stored.
    public static let schema = SnapshotSchema<ChartSnapshot<Order, Event, Details>>("order", version: 1)

    /// The orders in `client`'s database, whose tables it creates if needed. `client.run()`
    /// must be running.
    public static func orders(
      client: PostgresClient, logger: Logger = Logger(label: "order-service")
    ) async throws -> DurableCharts<Order, Event, Details> {
      DurableCharts(chart, schema: schema, storage: try await PostgresDurableStorage(client: client), logger: logger)
    }

    /// The service, ready to run: its HTTP server, the timer worker and the outbox dispatcher,
    /// which stop in reverse order at SIGTERM or SIGINT: the server first, so that no new request
    /// comes in while the workers end their round; what they leave (an output not yet delivered, a
    /// timer not yet fired) stays in the database for the next process.
    ///
    /// - Parameters:
    ///   - orders: The orders, from ``orders(client:logger:)``.
    ///   - registry: Where `GET /metrics` reads the metrics from.
    ///   - host: The address to listen on.
    ///   - port: The port to listen on; 0 for any free one.
    ///   - logger: Where the server and the outbox's deliveries log.
    ///   - services: Services that run beside the workers and stop after them and the server: a
    ///     tracer's exporter, say, so that the spans of the last requests and deliveries are sent.
    public static func application(
      orders: DurableCharts<Order, Event, Details>, registry: PrometheusCollectorRegistry,
      host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "order-service"),
      services: [any Service] = []
    ) -> some ApplicationProtocol {
      let outbox = DurableOutboxService(orders, interval: .milliseconds(200)) { output in
        // A real service calls its mail provider here, with `output.id` as the idempotency key.
        logger.info(
          "email", metadata: ["order": "\(output.instance)", "email": "\(output.name)", "id": "\(output.id)"])
      }
      return Application(
        router: router(orders, registry: registry),
        configuration: .init(address: .hostname(host, port: port), serverName: "order-service"),
        services: services + [DurableTimerService(orders), outbox],
        logger: logger)
    }

    /// The HTTP API over `orders`, without the workers: what
    /// ``application(orders:registry:host:port:logger:services:)`` serves, and what a test drives
    /// without running services (whose signal handling would reach into the test process).
    public static func router(
      _ orders: DurableCharts<Order, Event, Details>, registry: PrometheusCollectorRegistry
    ) -> Router<BasicRequestContext> {
      let router = Router()
      router.add(middleware: TracingMiddleware())
      router.post("orders/:id") { _, context -> Response in
        let id = try context.parameters.require("id")
        do {
          try await orders.create(id)
        } catch DurableError.instanceExists {
          throw HTTPError(.conflict, message: "Order \(id) exists.")
        }
        return try Self.response(OrderView(id: id, states: [.awaitingPayment], version: 0), status: .created)
      }
      router.post("orders/:id/events/:event") { request, context -> Response in
        let id = try context.parameters.require("id")
        guard let event = Event(rawValue: try context.parameters.require("event")) else {
          throw HTTPError(.badRequest, message: "The event is one of \(Event.allCases.map(\.rawValue)).")
        }
        guard let key = request.headers.first(where: { $0.name.canonicalName == "idempotency-key" })?.value,
          !key.isEmpty
        else {
          throw HTTPError(.badRequest, message: "An Idempotency-Key header names the request.")
        }
        do {
          let step = try await orders.send(event, to: id, eventID: key)
          return try Self.response(
            OrderView(
              id: id, states: step.snapshot.configuration.sorted { $0.rawValue < $1.rawValue },
              version: step.version, handled: step.handled, wasAppliedBefore: step.wasAppliedBefore),
            status: .ok)
        } catch DurableError.unknownInstance {
          throw HTTPError(.notFound, message: "No order \(id).")
        } catch DurableError.eventIDReused {
          throw HTTPError(.unprocessableContent, message: "The Idempotency-Key was used for another request.")
        } catch DurableError.invalidEventID(_, let reason) {
          throw HTTPError(.badRequest, message: reason)
        }
      }
      router.get("orders/:id") { _, context -> Response in
        let id = try context.parameters.require("id")
        do {
          let snapshot = try await orders.snapshot(of: id)
          return try Self.response(
            OrderView(id: id, states: snapshot.configuration.sorted { $0.rawValue < $1.rawValue }), status: .ok)
        } catch DurableError.unknownInstance {
          throw HTTPError(.notFound, message: "No order \(id).")
        }
      }
      router.get("orders") { request, _ -> Response in
        guard let name = request.uri.queryParameters.get("state"), let state = Order(rawValue: name) else {
          throw HTTPError(.badRequest, message: "?state= is one of \(Order.allCases.map(\.rawValue)).")
        }
        let limit = request.uri.queryParameters.get("limit").flatMap(Int.init) ?? 100
        return try Self.response(try await orders.instances(in: state, limit: min(max(limit, 1), 1_000)), status: .ok)
      }
      router.get("metrics") { _, _ -> Response in
        Response(
          status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
          body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
      }
      return router
    }

    /// What the API answers about an order.
    struct OrderView: Codable {
      var id: String
      var states: [Order]
      var version: Int64?
      var handled: Bool?
      var wasAppliedBefore: Bool?
    }

    static func response(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
      Response(
        status: status, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
    }
  }

#endif
