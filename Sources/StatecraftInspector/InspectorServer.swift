#if LiveInspector
  import Foundation
  import Hummingbird
  import HummingbirdWebSocket
  import Logging
  import NIOCore
  import Statecraft
  import StatecraftEngine
  public import StatecraftJournal

  /// A web page, served on loopback, that shows live every store, machine and chart attached to
  /// it: the actions and events each received, the diff each made to the state, the effects
  /// running, diagnostics, a chart's active states drawn in its outline, and a read-only slider over
  /// the steps it kept.
  ///
  /// ```swift
  /// enum Charts {
  ///   static let light = Statechart<String, String, EmptyChartContext>(initial: "off") {
  ///     StateNode("off") { OnEvent("toggle", target: "on") }
  ///     StateNode("on") { OnEvent("toggle", target: "off") }
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// let server = try await InspectorServer.start()
  /// print("Inspector: \(server.url)")              // open it in a browser
  /// store.attach(server.inspector)                  // one owner
  /// let chart = withInspector(server.inspector) {   // or every owner made in a scope
  ///   AsyncStatechartSequence(Charts.light)
  /// }
  /// store.send(1)
  /// await chart.send("toggle")
  /// ```
  ///
  /// **Safe by default.** It listens on a loopback address only. The page, its data and its
  /// WebSocket require the random token in ``url``; requests whose `Host` is not this server's
  /// loopback address (DNS rebinding) or whose `Origin` is another site are refused.
  ///
  /// **It never slows the app much, nor grows without bound.** An owner's thread only appends its
  /// records to a buffer of at most `bufferLimit`, dropping the oldest, which the page counts. A
  /// store whose only inspector this is does less: it writes each step to a ring of at most
  /// `bufferLimit` steps, typed, which the server takes from its own task. The server describes
  /// and diffs them there. A page that reads slowly loses its oldest
  /// lines, and is told how many; it never holds the server up.
  public final class InspectorServer: Sendable {
    /// The page's address, with its token: `http://127.0.0.1:PORT/?token=…`.
    public let url: String
    /// The port the server listens on.
    public let port: Int
    /// The token every request must present.
    public let token: String

    private let feed: InspectorFeed
    private let hub: InspectorHub
    private let serverTask: Task<Void, any Error>
    private let pumpTask: Task<Void, Never>

    /// The inspector to attach to an owner, or to make owners under with `withInspector`.
    public var inspector: LiveInspector { LiveInspector(feed: feed, journal: nil) }

    /// An inspector that also keeps a journal of the owner it is attached to, which the page's
    /// download link serves: the last `keepingLastSteps` steps, replayable with
    /// ``/StatecraftJournal/JournalRecording``. Attach it to one owner. The server's task hands it the records, and
    /// the journal's queue writes it, not the app's thread.
    ///
    /// ```swift
    /// let server = try await InspectorServer.start()
    /// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
    ///   count += step
    ///   return .none
    /// }
    /// store.attach(try server.inspector(journaling: SnapshotSchema<Int>("counter"), actions: Int.self))
    /// store.send(5)   // the page shows it, and its download link serves the journal
    /// ```
    public func inspector<State: Codable, Action: Encodable>(
      journaling schema: SnapshotSchema<State>, actions: Action.Type = Action.self,
      keepingLastSteps: Int = 10_000
    ) throws(JournalError) -> LiveInspector {
      let journal = try Journal(
        schema: schema, action: actions, to: .memory(keepingLastSteps: keepingLastSteps))
      return LiveInspector(feed: feed, journal: JournalTap(journal: journal))
    }

    /// How many records the app's buffer dropped because the server fell behind.
    public var droppedRecords: UInt64 { feed.droppedInAll }

    /// How many pages are connected.
    public var pageCount: Int { hub.pageCount }

    /// Starts a server and returns once it listens.
    ///
    /// ```swift
    /// let server = try await InspectorServer.start(port: 8080)
    /// print(server.url)   // its address on 127.0.0.1:8080, with the page's token
    /// await server.stop()
    /// ```
    ///
    /// - Parameters:
    ///   - host: A loopback address: `127.0.0.1` (the default), `::1` or `localhost`. Any other is
    ///     refused with ``InspectorServerError/notLoopback(_:)``.
    ///   - port: The port, or 0 for one the system chooses (``port`` tells).
    ///   - bufferLimit: How many records wait in the app for the server before the oldest are
    ///     dropped; and how many steps each store's ring keeps.
    ///   - historyLimit: How many lines, of all owners together, a page that opens later still
    ///     sees. The server also forgets the owners idle longest past 1,000 owners.
    ///   - pageBufferLimit: How many lines wait for a slow page before its oldest are dropped.
    ///   - describeLimit: How many records a second, at most, the server describes for the page
    ///     under load; the others are counted as dropped. Journals get every record the app's
    ///     buffer kept; where it dropped some, a journal writes a `dropped` line, where replay
    ///     stops.
    public static func start(
      host: String = "127.0.0.1", port: Int = 0, bufferLimit: Int = 10_000,
      historyLimit: Int = 10_000, pageBufferLimit: Int = 5_000, describeLimit: Int = 1_000
    ) async throws -> InspectorServer {
      guard ["127.0.0.1", "::1", "localhost"].contains(host) else {
        throw InspectorServerError.notLoopback(host)
      }
      let startTime = ContinuousClock.now
      let token = InspectorRequestPolicy.makeToken()
      let hub = InspectorHub(historyLimit: historyLimit, pageBufferLimit: pageBufferLimit)
      let policy = SharedPolicy()
      let router = Router(context: BasicWebSocketRequestContext.self)
      router.add(middleware: InspectorPolicyMiddleware(policy: policy))
      try InspectorRoutes(hub: hub).add(to: router)

      let (started, startedContinuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
      let app = Application(
        router: router,
        server: .http1WebSocketUpgrade(webSocketRouter: router),
        configuration: .init(address: .hostname(host, port: port)),
        onServerRunning: { channel in
          let port = channel.localAddress?.port ?? 0
          policy.set(InspectorRequestPolicy(token: token, port: port))
          startedContinuation.yield(.success(port))
        },
        // Library code never prints: Hummingbird logs nowhere.
        logger: Logger(label: "statecraft.inspector", factory: { _ in SwiftLogNoOpLogHandler() })
      )
      let serverTask = Task {
        do {
          try await app.run()
        } catch {
          startedContinuation.yield(.failure(error))
          throw error
        }
      }
      var iterator = started.makeAsyncIterator()
      let boundPort: Int
      switch await iterator.next() {
      case .success(let port)? where !Task.isCancelled: boundPort = port
      case .failure(let error)?: throw error
      default:
        // Cancelled while starting: stop listening.
        serverTask.cancel()
        throw CancellationError()
      }
      let feed = InspectorFeed(limit: bufferLimit)
      let pumpTask = Task.detached {
        var formatter = InspectorFormatter(start: startTime)
        // Describing a record (CustomDump, a diff) costs far more than the app's step: under
        // load the pump describes at most `describeLimit` records a second, the newest, and
        // counts the others as dropped, so that it takes little of the app's CPU. Journals get
        // every record the buffer kept.
        var budget = DescribeBudget(perSecond: describeLimit)
        // A store's steps beyond what the budget allows are dropped in its ring, never boxed.
        // At least one step, whose record tells the page how many were dropped before it.
        // Until a batch is taken, the rings keep a second's worth of steps: what a batch after a
        // quiet time describes.
        while let batch = await feed.next(
          keepingNewestSteps: { max(1, budget.available() / 2) }, ringStepLimit: max(1, describeLimit / 2))
        {
          let allowed = budget.take(upTo: batch.entries.count)
          // Out of budget: let the buffer gather (and drop) for a while rather than spin. After
          // steps from a store's ring, let the ring fill a little: a pump that drained it at every
          // step would have the store wake it at every step.
          let pause: Duration? =
            allowed < batch.entries.count ? .milliseconds(50) : batch.hasSteps ? .milliseconds(10) : nil
          var recordingWindow: Duration?
          if let pause {
            // Meanwhile the rings keep what the next batch will describe if it comes after the
            // pause; one that comes later describes no more than that.
            let kept = max(1, budget.available(after: pause) / 2)
            feed.keepNewestSteps(kept)
            // The stores that run far more steps than that skip them, only counting them, from
            // now (the batch is described meanwhile) until the end of the pause, when they record
            // their newest.
            recordingWindow = feed.skipSteps(during: pause, keepingNewest: kept)
          }
          hub.publish(formatter.lines(for: batch, describingAtMost: allowed, hub: hub))
          feed.markHandled(batch)
          if let pause, let recordingWindow {
            try? await Task.sleep(for: pause - recordingWindow)
            feed.recordSteps()
            try? await Task.sleep(for: recordingWindow)
          } else if let pause {
            try? await Task.sleep(for: pause)
          }
        }
      }
      let urlHost = host.contains(":") ? "[\(host)]" : host
      return InspectorServer(
        url: "http://\(urlHost):\(boundPort)/?token=\(token)", port: boundPort, token: token,
        feed: feed, hub: hub, serverTask: serverTask, pumpTask: pumpTask)
    }

    private init(
      url: String, port: Int, token: String, feed: InspectorFeed, hub: InspectorHub,
      serverTask: Task<Void, any Error>, pumpTask: Task<Void, Never>
    ) {
      self.url = url
      self.port = port
      self.token = token
      self.feed = feed
      self.hub = hub
      self.serverTask = serverTask
      self.pumpTask = pumpTask
    }

    // Dropped without `stop()`: it stops listening and keeps nothing more.
    deinit {
      feed.finish()
      hub.finish()
      serverTask.cancel()
      pumpTask.cancel()
    }

    /// Waits until the server has described every record appended before the call, so that the
    /// page shows them. For tests, and for demos that print the page's address after their steps.
    ///
    /// ```swift
    /// let server = try await InspectorServer.start()
    /// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
    ///   count += step
    ///   return .none
    /// }
    /// store.attach(server.inspector)
    /// for step in 1...3 { store.send(step) }
    /// await server.settle()
    /// print("Inspect the run at \(server.url)")   // the page shows all three steps
    /// ```
    public func settle() async {
      await feed.settle()
    }

    /// Stops the server: pages are disconnected and records are no longer kept.
    public func stop() async {
      feed.finish()
      hub.finish()
      serverTask.cancel()
      _ = await serverTask.result
      await pumpTask.value
    }
  }

  /// Why an ``InspectorServer`` did not start.
  ///
  /// ```swift
  /// do {
  ///   _ = try await InspectorServer.start(host: "0.0.0.0")
  /// } catch InspectorServerError.notLoopback(let host) {
  ///   print("refused:", host)   // refused: 0.0.0.0
  /// }
  /// ```
  public enum InspectorServerError: Error, CustomStringConvertible {
    /// The inspector listens on loopback only: `127.0.0.1`, `::1` or `localhost`.
    case notLoopback(String)

    /// Names the host that was refused and the loopback addresses the inspector accepts.
    public var description: String {
      switch self {
      case .notLoopback(let host):
        "The inspector listens on loopback only (127.0.0.1, ::1 or localhost), not on '\(host)'."
      }
    }
  }
#endif
