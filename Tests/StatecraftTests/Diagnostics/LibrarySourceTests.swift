import Foundation
import Testing

/// Checks over the library's own source text.
@Suite("Library sources", .timeLimit(.minutes(1)))
struct LibrarySourceTests {
  static let sourcesDirectory = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Sources")

  /// SwiftTea printed on every effect event.
  @Test(.tags(.replacedLibraryDefect))
  func libraryCodeNeverPrints() throws {
    let library = Self.sourcesDirectory
    let enumerator = try #require(FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil))
    var offenders: [String] = []
    var scanned = 0
    // The command-line tools print by design, and so may the tutorial's code, which a reader runs
    // in an app (in a DocC catalog, compiled with the samples); everything else is library code.
    let tools = ["/statecraft-demo/", "/statecraft-scaffold/", "/statecraft-journal/", ".docc/"]
    for case let file as URL in enumerator
    where file.pathExtension == "swift" && !tools.contains(where: file.path.contains) {
      scanned += 1
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      for (number, line) in lines.enumerated() {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if code.range(of: #"(^|[^\w.])(print|debugPrint|dump)\("#, options: .regularExpression) != nil {
          offenders.append("\(file.lastPathComponent):\(number + 1): \(line)")
        }
      }
    }
    #expect(scanned > 10, "found no library sources under \(library.path)")
    #expect(offenders.isEmpty, "library code prints; report through DiagnosticHandler instead")
  }

  /// Every lock is a `CriticalState`, or an owner core's own lock: both give ThreadSanitizer the
  /// edge a contended `Mutex` hides from it on Linux.
  @Test func everyLockIsOneThreadSanitizerUnderstands() throws {
    let enumerator = try #require(
      FileManager.default.enumerator(at: Self.sourcesDirectory, includingPropertiesForKeys: nil))
    // The two files that wrap a Mutex with the edge.
    let wrappers = ["CriticalState.swift", "OwnerCore.swift"]
    var offenders: [String] = []
    for case let file as URL in enumerator
    where file.pathExtension == "swift" && !wrappers.contains(file.lastPathComponent) {
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      for (number, line) in lines.enumerated() {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if code.range(of: #"(^|[^\w.])Mutex(<|\()"#, options: .regularExpression) != nil {
          offenders.append("\(file.lastPathComponent):\(number + 1): \(line)")
        }
      }
    }
    #expect(offenders.isEmpty, "use CriticalState instead of a plain Mutex")
  }
}
