// `swift run --traits Postgres,Services statecraft-order-service <postgres-url> [port]`: the
// order service of `Examples/OrderService`, on a PostgreSQL database (`.ci/postgres start` prints
// a URL for a throwaway server), until SIGTERM or SIGINT.
//
// Its traces go to an OpenTelemetry collector over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT`
// names one (`http://127.0.0.1:4318`, say); swift-otel reads its other `OTEL_*` variables, such as
// `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`. Without it, the service records no spans.
#if Postgres && Services
  import Foundation
  import Logging
  import Metrics
  import OTel
  import OrderService
  import PostgresNIO
  import Prometheus
  import ServiceLifecycle
  import StatecraftPostgres
  import Tracing

  let arguments = CommandLine.arguments.dropFirst()
  guard let url = arguments.first else {
    FileHandle.standardError.write(Data("usage: statecraft-order-service <postgres-url> [port]\n".utf8))
    exit(64)
  }
  let registry = PrometheusCollectorRegistry()
  MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
  var services: [any Service] = []
  if ProcessInfo.processInfo.environment["OTEL_EXPORTER_OTLP_ENDPOINT"] != nil {
    // Traces only: the metrics go to Prometheus, and the logs to standard error.
    var configuration = OTel.Configuration.default
    configuration.serviceName = "order-service"
    configuration.metrics.enabled = false
    configuration.logs.enabled = false
    let tracing = try OTel.makeTracingBackend(configuration: configuration)
    InstrumentationSystem.bootstrap(tracing.factory)
    // First in the list, so it stops last, after the server and the workers have ended their spans.
    services.append(tracing.service)
  }
  let client = PostgresClient(configuration: try PostgresDurableStorage.configuration(url: url))
  // The connection pool, for as long as the process: the workers' last rounds use it after the
  // server has stopped.
  let running = Task { await client.run() }
  let orders = try await OrderService.orders(client: client)
  let app = OrderService.application(
    orders: orders, registry: registry, port: arguments.dropFirst().first.flatMap(Int.init) ?? 8080,
    services: services)
  try await app.runService()
  running.cancel()
#else
  import Foundation

  FileHandle.standardError.write(
    Data("Build with the service's traits: swift run --traits Postgres,Services statecraft-order-service <url>\n".utf8))
  exit(64)
#endif
