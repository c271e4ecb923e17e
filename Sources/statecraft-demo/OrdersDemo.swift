#if Durable
  import Foundation
  import Statecraft
  import StatecraftDurable
  import StatecraftJournal
  #if Postgres
    import PostgresNIO
    import StatecraftPostgres
  #endif

  /// `statecraft-demo orders`: order workflows kept durably in an SQLite file, or in PostgreSQL
  /// with `--postgres <url>`. Each scripted step
  /// has an event id, so a run that was killed and started again resumes where it was: the steps
  /// already applied come back with their recorded results, timers that fell due while it was
  /// down fire, and outputs committed but not delivered are delivered.
  ///
  ///     swift run --traits Durable statecraft-demo orders                  # runs, or resumes
  ///     swift run --traits Durable statecraft-demo orders --stop-after 4   # stops after 4 steps
  ///     swift run --traits Durable statecraft-demo orders --reset          # starts over
  ///     swift run --traits Postgres statecraft-demo orders --postgres postgres://user@localhost/db
  enum OrdersDemo {
    static let demo = Demo(
      name: "orders",
      summary:
        "durable charts: order workflows in SQLite (or --postgres URL) that survive a restart, timers and outbox included; --stop-after N, --reset",
      run: { await run() },
      options: ["--stop-after", "--reset", "--postgres"]
    )

    enum Order: String, Codable, Hashable, Sendable { case awaitingPayment, paid, shipped, cancelled }
    enum OrderEvent: String, Codable, Equatable, Sendable { case pay, ship }
    struct Nothing: Codable, Equatable, Sendable {}

    static let chart = Statechart<Order, OrderEvent, Nothing>("order", initial: .awaitingPayment, context: Nothing()) {
      StateNode(.awaitingPayment) {
        Entry(.output("email: invoice"))
        After(.seconds(3_600), target: .cancelled, actions: [.output("email: cancelled, not paid within an hour")])
        OnEvent(.pay, target: .paid)
      }
      StateNode(.paid) {
        Entry(.output("email: receipt"))
        OnEvent(.ship, target: .shipped)
      }
      StateNode(final: .shipped) { Entry(.output("email: shipped")) }
      StateNode(final: .cancelled)
    }

    /// The script: what happens, and when, in minutes after the demo's start.
    enum Step {
      case create(String)
      case send(OrderEvent, String)
      case fireTimers
    }

    static let script: [(minute: Int64, step: Step)] = [
      (0, .create("order-1")), (0, .create("order-2")), (5, .create("order-3")),
      (10, .send(.pay, "order-1")), (20, .send(.pay, "order-3")), (30, .send(.ship, "order-1")),
      (70, .fireTimers), (80, .send(.ship, "order-3")),
    ]

    /// The demo's clock: the script's minute, from a fixed start, so that every run agrees.
    final class ScriptClock: @unchecked Sendable {
      // Safe: written only between steps by the demo's one task, read by the runtime it awaits.
      var minute: Int64 = 0
      var now: @Sendable () -> Duration { { .seconds(1_800_000_000 + self.minute * 60) } }
    }

    /// The value after `option` on the command line.
    static func value(of option: String) -> String? {
      let arguments = CommandLine.arguments
      return arguments.firstIndex(of: option).flatMap { index in
        arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
      }
    }

    @MainActor
    static func run() async {
      let stopAfter = value(of: "--stop-after").flatMap { Int($0) }
      let reset = CommandLine.arguments.contains("--reset")
      do {
        let storage: any DurableStorage
        let close: () async throws -> Void
        if let url = value(of: "--postgres") {
          #if Postgres
            let client = PostgresClient(configuration: try PostgresDurableStorage.configuration(url: url))
            let running = Task { await client.run() }
            if reset { try await resetPostgres(client) }
            storage = try await PostgresDurableStorage(client: client)
            close = { running.cancel() }
            print("Orders, kept in PostgreSQL\n")
          #else
            print(
              """
              PostgreSQL is the Postgres package trait, off by default. Run the demo with it:

                \(Demo.command("Postgres", "orders", "--postgres \(url)"))
              """)
            return
          #endif
        } else {
          let path = FileManager.default.temporaryDirectory.appending(path: "statecraft-orders.sqlite").path()
          if reset {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
          }
          let sqlite = try await SQLiteDurableStorage(path: path)
          storage = sqlite
          close = { try await sqlite.close() }
          print("Orders, kept in \(path)\n")
        }
        let clock = ScriptClock()
        // One process: a claim on an output need not outlast the run that made it.
        let orders = DurableCharts(
          chart, schema: SnapshotSchema("order"), storage: storage, now: clock.now, claimDuration: .zero)
        // Outputs committed before a kill and not yet delivered go out first.
        try await deliver(orders, label: "left from the last run")
        for (number, entry) in script.enumerated() {
          if let stopAfter, number >= stopAfter {
            print("\nStopped after \(stopAfter) steps, as if killed. Run it again to resume.")
            return
          }
          clock.minute = entry.minute
          let at = "t+\(entry.minute) min"
          switch entry.step {
          case .create(let id):
            do {
              let snapshot = try await orders.create(id)
              print("\(at)  create \(id) → \(snapshot.configuration.map(\.rawValue))")
            } catch DurableError.instanceExists {
              print("\(at)  create \(id): exists already (applied in an earlier run)")
            }
          case .send(let event, let id):
            let applied = try await orders.send(event, to: id, eventID: "script-\(number)")
            let when = applied.wasAppliedBefore ? ", applied in an earlier run" : ""
            print(
              "\(at)  \(event) \(id) → \(applied.snapshot.configuration.map(\.rawValue)) (version \(applied.version)\(when))"
            )
          case .fireTimers:
            let fired = try await orders.fireDueTimers()
            print("\(at)  timers: \(fired) fired")
          }
          try await deliver(orders, label: nil)
        }
        print("\nAwaiting payment: \(try await orders.instances(in: .awaitingPayment))")
        print("Cancelled: \(try await orders.instances(in: .cancelled))")
        print("Shipped: \(try await orders.instances(in: .shipped))")
        print("\norder-1's journal:")
        for line in try await orders.journal(of: "order-1") { print("  \(line.prefix(120))…") }
        try await close()
      } catch {
        print("The demo failed: \(error)")
      }
    }

    #if Postgres
      /// Deletes the demo's orders, and nothing else, from the database.
      static func resetPostgres(_ client: PostgresClient) async throws {
        _ = try await PostgresDurableStorage(client: client)
        for table in [
          "statecraft_instances", "statecraft_active_states", "statecraft_events", "statecraft_journal",
          "statecraft_outbox", "statecraft_timers",
        ] {
          try await client.query("DELETE FROM \(unescaped: table) WHERE definition = 'order'")
        }
      }
    #endif

    static func deliver(_ orders: DurableCharts<Order, OrderEvent, Nothing>, label: String?) async throws {
      try await orders.dispatchOutputs { output in
        print("        → \(output.name) for \(output.instance) [\(output.id)]" + (label.map { " (\($0))" } ?? ""))
      }
    }
  }
#endif
