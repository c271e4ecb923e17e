#if Services
  import ServiceLifecycle
  import StatecraftEngine

  /// The loop each durable service runs: a round of work; another at once while rounds come back
  /// full, as more work waits; else a pause. It stops at graceful shutdown, once the round under
  /// way has ended: each step of a round is one transaction, so that a round cut short by
  /// cancellation (the app's shutdown deadline passed) leaves every step committed or not at all.
  struct DurableServiceLoop: Sendable {
    /// What the diagnostics of a failed round name.
    let source: String
    let batchLimit: Int
    /// Waits between rounds; cut short by graceful shutdown and by cancellation.
    let pause: @Sendable () async throws -> Void
    let diagnostics: DiagnosticHandler
    /// Where the service was made: its failed rounds are reported there.
    let callSite: CallSite

    func run(_ round: (_ limit: Int) async throws -> Int) async throws {
      while !Task.isShuttingDownGracefully {
        try Task.checkCancellation()
        var isFull = false
        do {
          isFull = try await round(batchLimit) >= batchLimit
        } catch {
          if Task.isCancelled { throw error }
          // The work stays in the database: the next round tries again.
          diagnostics.report(
            Diagnostic(
              kind: .durableServiceRoundFailed,
              message: "A round of \(source) failed: \(error) The service tries again after its pause.",
              source: source, error: error, callSite: callSite))
        }
        if isFull { continue }
        try? await cancelWhenGracefulShutdown(pause)
      }
    }
  }
#endif
