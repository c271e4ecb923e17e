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
      MarkdownSamples.samples(inMarkdown: markdown, file: "Doc.md") == [
        Sample(file: "Doc.md", lines: ["let a = 1"], line: 3),
        Sample(file: "Doc.md", lines: ["struct C {}"], line: 14),
        Sample(file: "Doc.md", lines: ["struct Hidden {}"], line: 18),
      ])
  }

  @Test func findsTheBlocksOfDocCommentsAtTheirLinesInTheSource() {
    let source = """
      /// A counter.
      ///
      /// ```swift
      /// let store = Store()
      /// ```
      struct Counter {
        /// - Parameters:
        ///   - x: an item, with a block:
        ///     ```swift
        ///     f(x)
        ///     ```
        func f(x: Int) {}
      }
      """
    #expect(
      MarkdownSamples.samples(inDocCommentsOf: source, file: "Counter.swift") == [
        Sample(file: "Counter.swift", lines: ["let store = Store()"], line: 4),
        Sample(file: "Counter.swift", lines: ["f(x)"], line: 10),
      ])
  }

  @Test func aBlockOfDeclarationsStaysAtFileScopeMadePrivate() {
    let source = SampleFile(
      samples: [
        Sample(
          file: "Doc.md",
          lines: [
            "@MainActor", "final class Model {", "  var count = 0", "}",
            "@Observable final class Other {}", "public struct Shared {}", "extension Model: Sendable {}",
            "@Test func works() {}", "enum E<T> {}", "@Suite struct Checks {}",
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
        @Suite private struct Checks {}
        #sourceLocation()

        """))
  }

  @Test func aBlockWithAStatementIsTheBodyOfAFunctionUnderItsImportsConditions() {
    let source = SampleFile(
      samples: [
        Sample(
          file: "Doc.md",
          lines: ["import SwiftUI", "import StatecraftInspector", "let store = Store()", "await store.send(.go)"],
          line: 9)
      ]
    ).source
    #expect(source.contains("#if canImport(SwiftUI)\nimport SwiftUI\n#endif"))
    #expect(source.contains("#if LiveInspector\nimport StatecraftInspector\n#endif"))
    #expect(
      source.hasSuffix(
        """
        #if canImport(SwiftUI) && LiveInspector
        @MainActor private func sample_1() async throws {
        #sourceLocation(file: "Doc.md", line: 9)


        let store = Store()
        await store.send(.go)
        #sourceLocation()
        }
        #endif

        """))
  }

  @Test func aSwiftFileIsOneSampleWholeAtFileScope() {
    let sample = Sample(file: "step-1.swift", contents: "import Statecraft\n\nlet machine = 1\n")
    #expect(sample.lines == ["import Statecraft", "", "let machine = 1"])
    #expect(sample.line == 1 && sample.isWholeFile)
    #expect(
      SampleFile(samples: [sample]).source.hasSuffix(
        """
        #sourceLocation(file: "step-1.swift", line: 1)


        private let machine = 1
        #sourceLocation()

        """))
  }

  @Test func aStatementIsFoundPastAttributesCommentsAndMultilineStrings() {
    #expect(!SampleFile.hasTopLevelStatement(["// a comment", "@MainActor", "func f() {", "  g()", "}"]))
    #expect(!SampleFile.hasTopLevelStatement(["struct S {", "  let s = \"\"\"", "text", "\"\"\"", "}"]))
    #expect(SampleFile.hasTopLevelStatement(["struct S {}", "let s = S()"]))
    #expect(
      !SampleFile.hasTopLevelStatement([
        "@BroadcastsState(initial: State(items: [1, 2]))", "@BroadcastsEvents   // writes the streams",
        "final class Model {}",
      ]))
    #expect(
      SampleFile.privatising("@BroadcastsState(initial: State()) final class Model {  // a model")
        == "@BroadcastsState(initial: State()) private final class Model {  // a model")
    #expect(SampleFile.hasTopLevelStatement(["try await machine.start()"]))
  }
}
