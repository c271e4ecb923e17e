#if Postgres
  import Foundation
  import Synchronization

  /// A `durable-worker` OS process: started, read line by line, stopped with SIGTERM or killed
  /// with SIGKILL.
  final class WorkerProcess: Sendable {
    /// What the process has said so far.
    private struct Output {
      var progress = 0
      var lines: [String] = []
      var waiters: [(condition: @Sendable (Int, [String]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
      var ended = false
    }

    let arguments: [String]
    private let process = Process()
    private let output = Mutex(Output())

    /// The `durable-worker` executable beside the test bundle (`swift build` puts every product of
    /// the package in one folder).
    static func executable() throws -> URL {
      let candidates = ([Bundle.main.executableURL] + Bundle.allBundles.map(\.bundleURL))
        .compactMap { $0 }
        .flatMap { url in
          [url.deletingLastPathComponent(), url.deletingLastPathComponent().deletingLastPathComponent()]
        }
        .map { $0.appending(path: "durable-worker") }
      guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path()) }) else {
        throw WorkerError(message: "No durable-worker executable beside the tests in \(candidates)")
      }
      return found
    }

    struct WorkerError: Error, CustomStringConvertible {
      let message: String
      var description: String { message }
    }

    init(_ arguments: [String]) throws {
      self.arguments = arguments
      process.executableURL = try Self.executable()
      process.arguments = arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let reading = pipe.fileHandleForReading
      // A thread of its own reads the pipe: a blocking read must not hold a pool thread.
      Thread.detachNewThread { [self] in
        var buffer = Data()
        while true {
          let chunk = reading.availableData
          if chunk.isEmpty { break }
          buffer.append(chunk)
          while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex...newline)
            record(line)
          }
        }
        let ready = output.withLock { output in
          output.ended = true
          defer { output.waiters = [] }
          return output.waiters.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
      }
    }

    private func record(_ line: String) {
      let ready = output.withLock { output in
        if line == "progress" { output.progress += 1 } else { output.lines.append(line) }
        let (progress, lines) = (output.progress, output.lines)
        var ready: [CheckedContinuation<Void, Never>] = []
        output.waiters.removeAll { waiter in
          guard waiter.condition(progress, lines) else { return false }
          ready.append(waiter.continuation)
          return true
        }
        return ready
      }
      for continuation in ready { continuation.resume() }
    }

    /// Waits until the process has said `progress` lines, or another line `line`, or has ended.
    /// A cancelled wait (the test's time limit) kills the process, whose end ends the wait.
    func wait(progress: Int = .max, line: String? = nil) async {
      let condition: @Sendable (Int, [String]) -> Bool = { count, lines in
        count >= progress || line.map(lines.contains) == true
      }
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let now = output.withLock { output in
            if output.ended || condition(output.progress, output.lines) { return true }
            output.waiters.append((condition, continuation))
            return false
          }
          if now { continuation.resume() }
        }
      } onCancel: {
        kill()
      }
    }

    var said: [String] { output.withLock { $0.lines } }
    var progress: Int { output.withLock { $0.progress } }

    /// SIGKILL: no chance to finish a transaction or a delivery.
    func kill() {
      // A process already reaped may have given its pid to another.
      guard process.isRunning else { return }
      Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// SIGTERM: a graceful shutdown, as a deploy asks.
    func terminate() {
      guard process.isRunning else { return }
      Foundation.kill(process.processIdentifier, SIGTERM)
    }

    /// Waits for the process to end (its output closes), and returns its exit status.
    func exitStatus() async -> Int32 {
      await wait()
      process.waitUntilExit()
      return process.terminationStatus
    }
  }
#endif
