import Foundation
import StatecraftJournal
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process killed with SIGKILL while it records: its journal opens, says whether it ends in a
/// line cut short, and replays and travels to its last whole step.
@Suite("Journal crash")
struct JournalCrashTests {
  struct Counter: Codable, Equatable {
    var count = 0
  }

  static let schema = SnapshotSchema<Counter>("counter")
  static var adding: JournalReplayer<Counter, Int> { JournalReplayer { state, step in state.count += step } }

  /// The `journal-recorder` executable beside the test bundle: `swift build` puts every product of
  /// the package in one folder.
  static func recorder() throws -> URL {
    let candidates = ([Bundle.main.executableURL] + Bundle.allBundles.map(\.bundleURL))
      .compactMap { $0 }
      .flatMap { [$0.deletingLastPathComponent(), $0.deletingLastPathComponent().deletingLastPathComponent()] }
      .map { $0.appending(path: "journal-recorder") }
    return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path()) })
  }

  /// Waits, on a thread of its own, for the line `expected` from `pipe`.
  static func waitForLine(_ expected: String, from pipe: Foundation.Pipe) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        var buffer = Data()
        while true {
          let chunk = pipe.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          buffer.append(chunk)
          if String(decoding: buffer, as: UTF8.self).split(separator: "\n").contains(Substring(expected)) { break }
        }
        continuation.resume()
      }
    }
  }

  /// Starts `journal-recorder` with `arguments` after the journal's path, waits for its line
  /// `expected`, kills it with SIGKILL, and returns the journal it left.
  static func killedRecording(
    _ arguments: [String], after expected: String
  ) async throws -> JournalRecording<Counter, Int> {
    let path = FileManager.default.temporaryDirectory.appending(path: "statecraft-crash-\(UUID()).jsonl").path()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = try recorder()
    process.arguments = [path] + arguments
    let pipe = Foundation.Pipe()
    process.standardOutput = pipe
    try process.run()
    await waitForLine(expected, from: pipe)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    return try JournalRecording(contentsOf: path, schema: schema, action: Int.self)
  }

  @Test func aRecordingKilledMidBurstLeavesAJournalThatReplaysToItsLastWholeStep() async throws {
    // Once it has flushed 5,000 steps, it sends as fast as it can while its journal writes.
    let recording = try await Self.killedRecording(["5000"], after: "flushed 5000")
    let last = recording.steps.upperBound
    #expect(last >= 5_000)
    #expect(recording.gaps.isEmpty)
    // Nothing unreadable but, maybe, the line the kill cut short.
    #expect(recording.unreadableLines.count == (recording.isCutShort ? 1 : 0))
    #expect(try recording.state(at: last, replaying: Self.adding).count == last)
    #expect(try recording.state(at: 4_321, replaying: Self.adding).count == 4_321)
    var timeline = try JournalTimeline(recording, replaying: Self.adding)
    try timeline.move(to: last - 1)
    try timeline.forward()
    #expect(timeline.state.count == last)
  }

  /// Steps the journal's queue wrote in its batches, with no flush, survive a kill.
  @Test(.timeLimit(.minutes(2))) func aRecordingKilledWhileIdleKeepsTheStepsItsQueueWroteWithoutAFlush() async throws {
    let recording = try await Self.killedRecording(["100", "idle"], after: "written 1100")
    #expect(recording.steps == 1...1_100)
    #expect(!recording.isCutShort)
    #expect(try recording.state(at: 1_100, replaying: Self.adding).count == 1_100)
  }

  @Test func aLineCutShortAtTheEndIsNotAStep() throws {
    let whole = """
      {"statecraft":"journal","format":2,"definition":"counter","version":1}
      {"type":"start","step":0,"time":0,"state":{"count":0}}
      {"type":"step","step":1,"time":0.1,"message":2}
      {"type":"state","step":1,"time":0.1,"state":{"count":2}}
      {"type":"step","step":2,"time":0.2,"message":3}

      """
    for cut in [#"{"type":"step","step":3,"time":0.3,"mess"#, #"{"type":"state","step":2,"time":0.2,"state":{"count""#]
    {
      let recording = try JournalRecording(Data((whole + cut).utf8), schema: Self.schema, action: Int.self)
      #expect(recording.isCutShort)
      #expect(recording.steps == 1...2)
      #expect(recording.unreadableLines == [6])
      #expect(try recording.state(at: 2, replaying: Self.adding).count == 5)
    }
    let uncut = try JournalRecording(Data(whole.dropLast().utf8), schema: Self.schema, action: Int.self)
    #expect(!uncut.isCutShort && uncut.steps == 1...2)
  }
}
