/// Finds the Swift blocks of a Markdown document.
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
