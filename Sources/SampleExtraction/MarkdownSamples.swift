/// Finds the Swift blocks of a Markdown document, or of the doc comments of a Swift file.
///
/// Every block fenced as `swift` is a sample, in order, including those inside an HTML comment
/// (`<!-- sample-setup` … `-->`), which compile without being shown. A block right after the line
/// `<!-- sample: skip -->` is deliberately incomplete and left out.
///
/// ```swift
/// let samples = MarkdownSamples.samples(inMarkdown: "```swift\nlet x = 1\n```\n", file: "Doc.md")
/// // [Sample(file: "Doc.md", lines: ["let x = 1"], line: 2)]
/// ```
public enum MarkdownSamples {
  /// The marker that leaves the next block out.
  public static let skipMarker = "<!-- sample: skip -->"

  /// The samples of a Markdown document.
  public static func samples(inMarkdown text: String, file: String) -> [Sample] {
    samples(in: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), file: file)
  }

  /// The samples in the doc comments (`///`) of a Swift source file, with the lines they are on in
  /// that file.
  public static func samples(inDocCommentsOf source: String, file: String) -> [Sample] {
    var found: [Sample] = []
    var comment: [String] = []
    var commentStart = 0
    func flush() {
      found += samples(in: comment, file: file).map {
        Sample(file: file, lines: $0.lines, line: $0.line + commentStart - 1)
      }
      comment = []
    }
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix("///") else {
        flush()
        continue
      }
      if comment.isEmpty { commentStart = index + 1 }
      var text = trimmed.dropFirst(3)
      if text.first == " " { text = text.dropFirst() }
      comment.append(String(text))
    }
    flush()
    return found
  }

  /// The samples of Markdown given as lines.
  static func samples(in lines: [String], file: String) -> [Sample] {
    var found: [Sample] = []
    var open: (fence: Substring, indent: Int, isSwift: Bool, skipped: Bool, start: Int)?
    var body: [String] = []
    var previous = ""
    for (index, line) in lines.enumerated() {
      let indent = line.prefix { $0 == " " }.count
      let trimmed = line.dropFirst(indent)
      if let block = open {
        if trimmed.hasPrefix(block.fence), trimmed.allSatisfy({ $0 == block.fence.first }) {
          if block.isSwift, !block.skipped { found.append(Sample(file: file, lines: body, line: block.start)) }
          open = nil
          body = []
        } else {
          body.append(String(line.dropFirst(min(indent, block.indent))))
        }
        continue
      }
      if let marker = trimmed.first, marker == "`" || marker == "~" {
        let fence = trimmed.prefix { $0 == marker }
        if fence.count >= 3 {
          let language = trimmed.dropFirst(fence.count).split(separator: " ").first ?? ""
          open = (fence, indent, language == "swift", previous == skipMarker, index + 2)
          previous = ""
          continue
        }
      }
      if !trimmed.isEmpty { previous = String(trimmed) }
    }
    return found
  }
}
