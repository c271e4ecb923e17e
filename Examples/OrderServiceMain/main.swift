// `swift run --traits Postgres,Services statecraft-order-service <postgres-url> [port]`: the
// order service of `Examples/OrderService`, on a PostgreSQL database (`.ci/postgres start` prints
// a URL for a throwaway server), until SIGTERM or SIGINT.
#if Postgres && Services
  import Foundation
  import Logging
  import Metrics
  import OrderService
  import PostgresNIO
  import Prometheus
  import StatecraftPostgres

  let arguments = CommandLine.arguments.dropFirst()
  guard let url = arguments.first else {
    FileHandle.standardError.write(Data("usage: statecraft-order-service <postgres-url> [port]\n".utf8))
    exit(64)
  }
  let registry = PrometheusCollectorRegistry()
  MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
  let client = PostgresClient(configuration: try PostgresDurableStorage.configuration(url: url))
  // The connection pool, for as long as the process: the workers' last rounds use it after the
  // server has stopped.
  let running = Task { await client.run() }
  let orders = try await OrderService.orders(client: client)
  let app = OrderService.application(
    orders: orders, registry: registry, port: arguments.dropFirst().first.flatMap(Int.init) ?? 8080)
  try await app.runService()
  running.cancel()
#else
  import Foundation

  FileHandle.standardError.write(
    Data("Build with the service's traits: swift run --traits Postgres,Services statecraft-order-service <url>\n".utf8))
  exit(64)
#endif
