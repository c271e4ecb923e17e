import Foundation
import Testing

/// What DocC shows of the libraries is documented: every public declaration has a doc comment,
/// and every public type an example. A new declaration without one fails here, at its line.
@Suite("Documentation coverage")
struct DocumentationCoverageTests {
  /// The modules users import, as the `CompileSamples` plugin lists them.
  static let libraries = [
    "Statecraft", "StatecraftEngine", "StatecraftMatching", "StatecraftMachines", "StatecraftCharts",
    "StatecraftStateObjects", "StatecraftMVVM", "StatecraftStore", "StatecraftTesting", "StatecraftJournal",
    "StatecraftInspector", "StatecraftDurable", "StatecraftPostgres", "StatecraftServices",
  ]

  static let declarations: [PublicDeclarations.Declaration] = {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var found: [PublicDeclarations.Declaration] = []
    for library in libraries {
      let folder = root.appending(path: "Sources/\(library)")
      guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
        continue  // theLibrariesAreFound fails
      }
      for case let file as URL in files
      where file.pathExtension == "swift" && !file.path.contains(".docc/") {
        guard let source = try? String(contentsOf: file, encoding: .utf8) else { continue }
        let path = String(file.path.dropFirst(root.path.count + 1))
        found += PublicDeclarations(source: source, file: path).declarations
      }
    }
    return found.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
  }()

  @Test func theLibrariesAreFound() {
    // Guards the two tests below against passing on an empty list.
    #expect(Self.declarations.count > 900)
    #expect(Self.declarations.filter(\.isType).count > 150)
  }

  @Test func findsPublicDeclarationsAsDocCListsThem() {
    let source = """
      /// A documented type.
      ///
      /// ```swift
      /// let counter = Counter()
      /// ```
      public struct Counter {
        public var count = 0
        /// Documented.
        @discardableResult public func increment() -> Int { count += 1; return count }
        func hidden() {}
      }
      public enum Mode { case on, off }
      public protocol Service { func call() }
      extension Counter {
        public init(count: Int) { self.count = count }
      }
      struct Internal { public var notAPI = 0 }
      @_documentation(visibility: internal) public struct Hidden { public var notShown = 0 }
      """
    let found = PublicDeclarations(source: source, file: "Counter.swift").declarations
    #expect(found.map(\.line) == [6, 7, 9, 12, 12, 13, 13, 15])
    #expect(found.filter(\.hasDocComment).map(\.line) == [6, 9])
    #expect(found.filter(\.hasExample).map(\.line) == [6])
    #expect(found.filter(\.isType).map(\.line) == [6, 12, 13])
  }

  @Test func everyPublicDeclarationHasADocComment() {
    let undocumented = Self.declarations.filter { !$0.hasDocComment }
    #expect(
      undocumented.isEmpty,
      Comment(
        rawValue: "\(undocumented.count) public declarations have no doc comment:\n"
          + undocumented.map(\.description).joined(separator: "\n")))
  }

  @Test func everyPublicTypeHasAnExample() {
    let withoutExample = Self.declarations.filter { $0.isType && !$0.hasExample }
    #expect(
      withoutExample.isEmpty,
      Comment(
        rawValue: "\(withoutExample.count) public types have no example in their doc comment:\n"
          + withoutExample.map(\.description).joined(separator: "\n")))
  }
}
