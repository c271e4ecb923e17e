/// One fenced ```` ```swift ```` block of a document: the code a reader sees, or a hidden setup
/// block inside an HTML comment, which the document compiles but does not show.
public struct Sample: Equatable, Sendable {
  /// The block's lines, without the fence's indentation.
  public var lines: [String]
  /// The line of the document the block's first line is on, counting from 1.
  public var line: Int

  public init(lines: [String], line: Int) {
    self.lines = lines
    self.line = line
  }
}
