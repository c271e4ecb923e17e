#if LiveInspector
  import CounterFeature
  import Statecraft
  import StatecraftJournal
  import Testing

  @testable import StatecraftInspector

  /// The inspector's server, on loopback, talked to with raw requests: what it serves with its
  /// token, and each request it refuses.
  @Suite("Inspector server")
  struct InspectorServerTests {
    @Test("The page is served with the token, with a policy that forbids loading anything else")
    func servesThePage() async throws {
      let server = try await InspectorServer.start()
      defer { Task { await server.stop() } }
      let response = try await LoopbackClient.get("/?token=\(server.token)", port: server.port)
      #expect(response.status == 200)
      #expect(response.body.contains("<title>Statecraft inspector</title>"))
      #expect(response.head.lowercased().contains("content-security-policy: default-src 'none'"))
      #expect(server.url == "http://127.0.0.1:\(server.port)/?token=\(server.token)")
      await server.stop()
    }

    @Test("A request without the token, or with another, is refused")
    func refusesWithoutTheToken() async throws {
      let server = try await InspectorServer.start()
      for path in ["/", "/lines", "/journal/1"] {
        let missing = try await LoopbackClient.get(path, port: server.port)
        #expect(missing.status == 403)
        #expect(missing.body.contains("needs the token"))
        let wrong = try await LoopbackClient.get(path + "?token=0123456789abcdef", port: server.port)
        #expect(wrong.status == 403)
        #expect(wrong.body.contains("not this inspector's"))
      }
      await server.stop()
    }

    @Test("A request for another host name is refused, against DNS rebinding")
    func refusesAForeignHost() async throws {
      let server = try await InspectorServer.start()
      let response = try await LoopbackClient.get(
        "/?token=\(server.token)", port: server.port, host: "evil.example:\(server.port)")
      #expect(response.status == 403)
      #expect(response.body.contains("Host 'evil.example:\(server.port)'"))
      let localhost = try await LoopbackClient.get(
        "/?token=\(server.token)", port: server.port, host: "localhost:\(server.port)")
      #expect(localhost.status == 200)
      await server.stop()
    }

    @Test("A request from another site's page is refused, the WebSocket included")
    func refusesAForeignOrigin() async throws {
      let server = try await InspectorServer.start()
      let page = try await LoopbackClient.get(
        "/lines?token=\(server.token)", port: server.port, origin: "http://evil.example")
      #expect(page.status == 403)
      #expect(page.body.contains("'http://evil.example'"))
      let socket = try await LoopbackClient.webSocket(
        "/ws?token=\(server.token)", port: server.port, origin: "http://evil.example"
      ) { _ in false }
      // The handshake is declined: the server answers 400 rather than 101, and opens no socket.
      #expect(socket.status == 400)
      let noToken = try await LoopbackClient.webSocket(
        "/ws", port: server.port, origin: "http://127.0.0.1:\(server.port)"
      ) { _ in false }
      #expect(noToken.status == 400)
      let wrongToken = try await LoopbackClient.webSocket(
        "/ws?token=0123456789abcdef0123456789abcdef", port: server.port,
        origin: "http://127.0.0.1:\(server.port)"
      ) { _ in false }
      #expect(wrongToken.status == 400)
      let accepted = try await LoopbackClient.webSocket(
        "/ws?token=\(server.token)", port: server.port, origin: "http://127.0.0.1:\(server.port)"
      ) { $0.contains("\r\n\r\n") }
      #expect(accepted.status == 101)
      await server.stop()
    }

    @Test("It listens on loopback only")
    func refusesAnotherAddress() async throws {
      await #expect(throws: InspectorServerError.self) {
        _ = try await InspectorServer.start(host: "0.0.0.0")
      }
    }

    @Test("A store's steps reach the page: each action, the diff it made, and effects")
    @MainActor
    func storeSteps() async throws {
      let server = try await InspectorServer.start()
      let store = Store(initialState: Counter(), reducer: counterReducer)
      store.attach(server.inspector)
      store.send(.increment)
      store.send(.increment)
      store.send(.reset)
      await server.settle()
      let lines = try await LoopbackClient.get("/lines?token=\(server.token)", port: server.port).body
      let messages = lines.split(separator: "\n")
      #expect(messages.first?.contains(#""kind":"owner""#) == true)
      #expect(messages.first?.contains("Store<Counter, CounterAction") == true)
      #expect(messages.filter { $0.contains(#""kind":"received""#) }.count == 3)
      #expect(messages.filter { $0.contains(#""kind":"state""#) }.count == 3)
      #expect(lines.contains(#""text":"CounterAction.increment""#))
      // The diff of the third step, as CustomDump writes it.
      #expect(lines.contains(#""diff":"  Counter(\n-   count: 2,\n+   count: 0,"#))
      await server.stop()
    }

    @Test("A store's ring keeps the newest steps when the server falls behind, and says how many it lost")
    @MainActor
    func storeStepsOverflowTheRing() async throws {
      let server = try await InspectorServer.start(bufferLimit: 4)
      let gate = PumpGate()
      let store = Store(initialState: GatedCount(gate: gate)) { (state: inout GatedCount, _: Int) -> Effect<Int> in
        state.count += 1
        return .none
      }
      store.attach(server.inspector)
      // The pump takes the first step, and waits at the gate as it describes it: the next ten
      // steps fill the ring, which keeps the last four.
      store.send(1)
      for await _ in gate.entered { break }
      for _ in 0..<10 { store.send(1) }
      gate.open()
      await server.settle()
      #expect(server.droppedRecords == 12)
      let lines = try await LoopbackClient.get("/lines?token=\(server.token)", port: server.port).body
      let messages = lines.split(separator: "\n")
      #expect(messages.filter { $0.contains(#""kind":"received""#) }.count == 5)
      #expect(lines.contains(#""kind":"dropped""#) && lines.contains(#""count":12"#))
      // The newest step is among those kept: the count went from 10 to 11.
      #expect(lines.contains(#""diff":"- GatedCount(count: 10)\n+ GatedCount(count: 11)""#))
      await server.stop()
    }

    /// A store's count, cheap to describe at any size.
    struct Tally { var count = 0 }

    @Test("After a flood, the page shows the store's state at its end, whatever steps it skipped")
    @MainActor
    func aFloodEndsWithTheStoresStateOnThePage() async throws {
      let server = try await InspectorServer.start()
      let store = Store(initialState: Tally()) { (state: inout Tally, _: Int) -> Effect<Int> in
        state.count += 1
        return .none
      }
      store.attach(server.inspector)
      for step in 1...50_000 {
        store.send(step)
        if step.isMultiple(of: 1_000) { await Task.yield() }
      }
      await server.settle()
      let lines = try await LoopbackClient.get("/lines?token=\(server.token)", port: server.port).body
      let states = lines.split(separator: "\n").filter { $0.contains(#""kind":"state""#) }
      #expect(states.last?.contains("count: 50000") == true, "\(states.suffix(1))")
      await server.stop()
    }

    @Test("A chart's outline and active states reach the page")
    func chartSteps() async throws {
      let server = try await InspectorServer.start()
      let chart = withInspector(server.inspector) { AsyncStatechartSequence(Self.light) }
      await chart.start()
      await chart.send(.toggle)
      await server.settle()
      let lines = try await LoopbackClient.get("/lines?token=\(server.token)", port: server.port).body
      #expect(lines.contains(#""outline":{"children":[{"children":[],"kind":"atomic","name":"off"}"#))
      #expect(lines.contains(#""active":["on"]"#))
      await server.stop()
    }

    @Test("The WebSocket sends what is kept, then each new line")
    @MainActor
    func webSocketLines() async throws {
      let server = try await InspectorServer.start()
      let store = Store(initialState: Counter(), reducer: counterReducer)
      store.attach(server.inspector)
      store.send(.increment)
      await server.settle()
      let response = try await LoopbackClient.webSocket(
        "/ws?token=\(server.token)", port: server.port, origin: "http://127.0.0.1:\(server.port)"
      ) { text in text.contains(#""kind":"state""#) }
      #expect(response.status == 101)
      #expect(response.raw.contains(#""text":"CounterAction.increment""#))
      await server.stop()
    }

    @Test("The download link serves an owner's journal, which replays")
    @MainActor
    func downloadsTheJournal() async throws {
      let server = try await InspectorServer.start()
      let store = Store(initialState: Counter(), reducer: counterReducer)
      store.attach(try server.inspector(journaling: counterSchema, actions: CounterAction.self))
      for _ in 0..<5 { store.send(.increment) }
      store.send(.decrement)
      await server.settle()
      let owners = try await LoopbackClient.get("/lines?token=\(server.token)", port: server.port).body
      let owner = try #require(owners.firstMatch(of: /"owner":(\d+)/).map { String($0.1) })
      let download = try await LoopbackClient.get("/journal/\(owner)?token=\(server.token)", port: server.port)
      #expect(download.status == 200)
      #expect(download.head.contains("owner-\(owner).journal.jsonl"))
      let recording = try JournalRecording(
        Data(download.body.utf8), schema: counterSchema, action: CounterAction.self)
      #expect(try recording.replay(counterReducer) == 6)
      #expect(try recording.state(at: 6, replaying: .reducer(counterReducer)).count == 4)
      await server.stop()
    }

    enum Light: Hashable, Sendable { case off, on }
    enum Switch: Hashable, Sendable { case toggle }
    static let light = Statechart<Light, Switch, Void>("light", initial: .off, context: ()) {
      StateNode(.off) { OnEvent(.toggle, target: .on) }
      StateNode(.on) { OnEvent(.toggle, target: .off) }
    }
  }
#endif
