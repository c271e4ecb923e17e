/// A piece of Swift to compile: one fenced ```` ```swift ```` block of a document (or a hidden
/// setup block inside an HTML comment, which the document compiles but does not show), or the
/// whole of a tutorial's code file.
public struct Sample: Equatable, Sendable {
  /// The file it comes from, as compile errors should name it.
  public var file: String
  /// Its lines, without the fence's indentation.
  public var lines: [String]
  /// The line of `file` its first line is on, counting from 1.
  public var line: Int
  /// Whether it is a whole Swift file, whose top level holds only declarations, as in any file of
  /// a module, rather than a block a reader may run line by line.
  public var isWholeFile: Bool

  public init(file: String, lines: [String], line: Int) {
    self.file = file
    self.lines = lines
    self.line = line
    self.isWholeFile = false
  }

  /// The whole of a Swift file, such as a tutorial step's code.
  public init(file: String, contents: String) {
    var lines = contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    self.init(file: file, lines: lines, line: 1)
    isWholeFile = true
  }
}
