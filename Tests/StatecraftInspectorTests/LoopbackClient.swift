#if LiveInspector
  import NIOCore
  import NIOPosix

  /// A raw HTTP client on loopback, so that a test chooses every header a browser or an attacker
  /// would send: a foreign `Host`, an `Origin`, a WebSocket handshake.
  enum LoopbackClient {
    /// The response to a `GET` of `path`, read until the server closes the connection.
    static func get(
      _ path: String, port: Int, host: String? = nil, origin: String? = nil
    ) async throws -> Response {
      var request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
      if let origin { request += "Origin: \(origin)\r\n" }
      request += "Connection: close\r\n\r\n"
      return Response(try await exchange(request, port: port) { _ in false })
    }

    /// Opens a WebSocket at `path` and reads until `done` says the bytes received so far suffice
    /// (frames from a server are unmasked, so their text is readable as it is).
    static func webSocket(
      _ path: String, port: Int, origin: String? = nil, until done: @escaping @Sendable (String) -> Bool
    ) async throws -> Response {
      var request = """
        GET \(path) HTTP/1.1\r
        Host: 127.0.0.1:\(port)\r
        Upgrade: websocket\r
        Connection: Upgrade\r
        Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
        Sec-WebSocket-Version: 13\r

        """
      if let origin { request += "Origin: \(origin)\r\n" }
      request += "\r\n"
      return Response(
        try await exchange(request, port: port) { text in
          // A refusal is a whole HTTP response; an upgrade reads on until `done`.
          (!text.hasPrefix("HTTP/1.1 101") && text.contains("\r\n\r\n") && text.hasSuffix("\n")) || done(text)
        })
    }

    struct Response {
      let raw: String
      var status: Int { Int(raw.split(separator: " ").dropFirst().first ?? "") ?? 0 }
      var head: String { raw.components(separatedBy: "\r\n\r\n").first ?? "" }
      var body: String { raw.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
      init(_ raw: String) { self.raw = raw }
    }

    private static func exchange(
      _ request: String, port: Int, until done: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
      let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connect(host: "127.0.0.1", port: port) { channel in
          channel.eventLoop.makeCompletedFuture {
            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
          }
        }
      return try await channel.executeThenClose { inbound, outbound in
        try await outbound.write(ByteBuffer(string: request))
        var text = ""
        for try await buffer in inbound {
          text += String(decoding: buffer.readableBytesView, as: UTF8.self)
          if done(text) { break }
        }
        return text
      }
    }
  }
#endif
