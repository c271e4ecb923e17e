#if LiveInspector
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdWebSocket
  import NIOCore
  import StatecraftEngine

  /// The inspector's four routes: the page, the lines it starts from, the live WebSocket, and an
  /// owner's journal to download. ``InspectorPolicyMiddleware`` has checked every request first.
  struct InspectorRoutes: Sendable {
    let hub: InspectorHub

    func add(to router: Router<BasicWebSocketRequestContext>) throws {
      let page = try Self.loadPage()
      let hub = hub
      router.get("/") { _, _ in
        Self.response(page, contentType: "text/html; charset=utf-8")
      }
      // What the page shows first: every line kept, as JSON Lines.
      router.get("/lines") { request, _ in
        let after = request.uri.queryParameters.get("after").flatMap(UInt64.init) ?? 0
        return Self.response(
          hub.lines(after: after).map { $0 + "\n" }.joined(), contentType: "application/x-ndjson")
      }
      router.get("/journal/:owner") { _, context in
        guard let owner = context.parameters.get("owner").flatMap(UInt64.init),
          let download = hub.download(owner: owner)
        else {
          return Self.response("No such owner.", status: .notFound, contentType: "text/plain")
        }
        var response = Self.response(
          ByteBuffer(bytes: download.bytes), contentType: "application/x-ndjson")
        let name = download.isJournal ? "owner-\(owner).journal.jsonl" : "owner-\(owner).timeline.jsonl"
        response.headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return response
      }
      // Live lines after `after`: those kept first, then each as it is published.
      router.ws("/ws") { inbound, outbound, context in
        let after = context.request.uri.queryParameters.get("after").flatMap(UInt64.init) ?? 0
        let (lines, stream) = hub.subscribe(after: after)
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for line in lines { try await outbound.write(.text(line)) }
            for await line in stream { try await outbound.write(.text(line)) }
          }
          // The page sends nothing; the loop ends when it closes the socket.
          for try await _ in inbound {}
          group.cancelAll()
        }
      }
    }

    private static func loadPage() throws -> String {
      guard let url = Bundle.module.url(forResource: "inspector", withExtension: "html") else {
        throw CocoaError(.fileNoSuchFile)
      }
      return try String(contentsOf: url, encoding: .utf8)
    }

    static func response(
      _ body: String, status: HTTPResponse.Status = .ok, contentType: String
    ) -> Response {
      response(ByteBuffer(string: body), status: status, contentType: contentType)
    }

    static func response(
      _ body: ByteBuffer, status: HTTPResponse.Status = .ok, contentType: String
    ) -> Response {
      Response(
        status: status,
        headers: [
          .contentType: contentType,
          .cacheControl: "no-store",
          HTTPField.Name("X-Content-Type-Options")!: "nosniff",
          // The page's own script and style only; it loads nothing from elsewhere and may not be
          // framed by another site.
          HTTPField.Name("Content-Security-Policy")!:
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "connect-src 'self'; frame-ancestors 'none'",
        ],
        body: .init(byteBuffer: body))
    }
  }

  /// Refuses every request that ``InspectorRequestPolicy`` does not accept, with 403 and the
  /// reason as text; until the server knows its port, every request.
  struct InspectorPolicyMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: SharedPolicy

    func handle(
      _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      guard let policy = policy.current else {
        return InspectorRoutes.response(
          "Starting.", status: .serviceUnavailable, contentType: "text/plain")
      }
      let refusal = policy.refusal(
        host: request.head.authority ?? request.headers[HTTPField.Name("Host")!],
        origin: request.headers[HTTPField.Name("Origin")!],
        token: request.uri.queryParameters.get("token"))
      if let refusal {
        return InspectorRoutes.response(
          "\(refusal)\n", status: .forbidden, contentType: "text/plain; charset=utf-8")
      }
      return try await next(request, context)
    }
  }

  /// The policy, once the server knows its port: set by `onServerRunning`, read by every request.
  final class SharedPolicy: Sendable {
    private let state = CriticalState<InspectorRequestPolicy?>(nil)

    var current: InspectorRequestPolicy? { state.withLock { $0 } }

    func set(_ policy: InspectorRequestPolicy) {
      state.withLock { $0 = policy }
    }
  }
#endif
