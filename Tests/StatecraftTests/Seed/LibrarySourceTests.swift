import Foundation
import Testing

/// Checks over the library's own source text.
@Suite("Library sources", .timeLimit(.minutes(1)))
struct LibrarySourceTests {
  static let sourcesDirectory = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Sources")

  @Test("Seed defect: the library prints on every effect event", .tags(.seedDefect))
  func libraryCodeNeverPrints() throws {
    let library = Self.sourcesDirectory
    let enumerator = try #require(FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil))
    var offenders: [String] = []
    var scanned = 0
    // The command-line tools print by design; everything else is library code.
    let tools = ["/statecraft-demo/", "/statecraft-scaffold/"]
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
}
