#if LiveInspector
  /// Who may read the inspector: a request to this server, by its loopback name, from its own page,
  /// with the token it printed at start.
  ///
  /// - The token keeps out other local users and processes, and web pages that guess the port.
  /// - The `Host` check defeats DNS rebinding: a page of `evil.example` whose name is rebound to
  ///   127.0.0.1 still sends `Host: evil.example`.
  /// - The `Origin` check keeps other sites' scripts from opening the WebSocket; browsers send
  ///   `Origin` with every WebSocket handshake and every cross-origin request.
  struct InspectorRequestPolicy: Sendable {
    /// Why a request was refused. Its description is the body of the refusal.
    enum Refusal: Error, Equatable, CustomStringConvertible {
      case missingToken
      case wrongToken
      case foreignHost(String?)
      case foreignOrigin(String)

      var description: String {
        switch self {
        case .missingToken:
          "Refused: this inspector needs the token it printed when it started (…/?token=…)."
        case .wrongToken:
          "Refused: the token is not this inspector's."
        case .foreignHost(let host):
          "Refused: Host \(host.map { "'\($0)'" } ?? "(none)") is not this inspector's loopback address."
        case .foreignOrigin(let origin):
          "Refused: requests from '\(origin)' may not read this inspector."
        }
      }
    }

    let token: String
    let port: Int

    /// The names this server answers to: loopback only.
    var hosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    /// Why a request with these headers and token is refused, or `nil` if it may proceed.
    func refusal(host: String?, origin: String?, token presented: String?) -> Refusal? {
      guard let host, hosts.contains(host.lowercased()) else { return .foreignHost(host) }
      if let origin, !hosts.contains(where: { "http://\($0)" == origin.lowercased() }) {
        return .foreignOrigin(origin)
      }
      guard let presented, !presented.isEmpty else { return .missingToken }
      return Self.constantTimeEqual(presented, token) ? nil : .wrongToken
    }

    /// A new random token: 128 bits from the system's secure generator, as 32 hex digits.
    static func makeToken() -> String {
      var generator = SystemRandomNumberGenerator()
      return (0..<2).map { _ in
        let word = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - word.count) + word
      }.joined()
    }

    /// Compares without stopping at the first difference, so that timing does not reveal how much
    /// of a guess was right.
    private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
      let lhs = Array(lhs.utf8)
      let rhs = Array(rhs.utf8)
      guard lhs.count == rhs.count else { return false }
      var difference: UInt8 = 0
      for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
      return difference == 0
    }
  }
#endif
