import Testing

@testable import SampleExtraction

/// How `statecraft-samples` turns a document's blocks into Swift. The samples themselves compile
/// beside these tests, in the files the `CompileSamples` plugin generates.
@Suite("Sample extraction")
struct SampleExtractionTests {
  @Test func findsSwiftBlocksWithTheirLinesAndLeavesOthersAndSkippedOnesOut() {
    let markdown = """
      # Title
      ```swift
      let a = 1
      ```
      ```sh
      swift test
      ```
      <!-- sample: skip -->
      ```swift
      let b = …
      ```
      - A list item:
        ```swift
        struct C {}
        ```
      <!-- sample-setup
      ```swift
      struct Hidden {}
      ```
      -->
      """
    #expect(
      MarkdownSamples.samples(inMarkdown: markdown) == [
        Sample(lines: ["let a = 1"], line: 3),
        Sample(lines: ["struct C {}"], line: 14),
        Sample(lines: ["struct Hidden {}"], line: 18),
      ])
  }

  @Test func aBlockOfDeclarationsStaysAtFileScopeMadePrivate() {
    let source = SampleFile(
      path: "Doc.md",
      samples: [
        Sample(
          lines: [
            "@MainActor", "final class Model {", "  var count = 0", "}",
            "@Observable final class Other {}", "public struct Shared {}", "extension Model: Sendable {}",
            "@Test func works() {}", "enum E<T> {}",
          ], line: 5)
      ]
    ).source
    #expect(
      source.hasSuffix(
        """
        #sourceLocation(file: "Doc.md", line: 5)
        @MainActor
        private final class Model {
          var count = 0
        }
        @Observable private final class Other {}
        public struct Shared {}
        extension Model: Sendable {}
        @Test func works() {}
        private enum E<T> {}
        #sourceLocation()

        """))
  }

  @Test func aBlockWithAStatementIsTheBodyOfAFunction() {
    let source = SampleFile(
      path: "Doc.md",
      samples: [Sample(lines: ["import SwiftUI", "let store = Store()", "await store.send(.go)"], line: 9)]
    ).source
    #expect(source.contains("#if canImport(SwiftUI)\nimport SwiftUI\n#endif"))
    #expect(
      source.hasSuffix(
        """
        #if canImport(SwiftUI)
        @MainActor private func sample_9() async throws {
        #sourceLocation(file: "Doc.md", line: 9)

        let store = Store()
        await store.send(.go)
        #sourceLocation()
        }
        #endif

        """))
  }

  @Test func aStatementIsFoundPastAttributesCommentsAndMultilineStrings() {
    #expect(!SampleFile.hasTopLevelStatement(["// a comment", "@MainActor", "func f() {", "  g()", "}"]))
    #expect(!SampleFile.hasTopLevelStatement(["struct S {", "  let s = \"\"\"", "text", "\"\"\"", "}"]))
    #expect(SampleFile.hasTopLevelStatement(["struct S {}", "let s = S()"]))
    #expect(SampleFile.hasTopLevelStatement(["try await machine.start()"]))
  }
}
