/// Where a piece of code was written: the `send` that queued an action, the effect that threw, the
/// line that created a store.
///
/// Statecraft's APIs capture it with default arguments, as `#fileID`, `#filePath`, `#line` and
/// `#column`, so that a ``Diagnostic`` can point at the code that caused it and a test helper can
/// report an issue there:
///
/// ```swift
/// public func send(
///   _ action: Action,
///   fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///   line: UInt = #line, column: UInt = #column
/// ) -> StoreTask
/// ```
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
  /// The file, as `Module/File.swift`.
  public let fileID: StaticString
  /// The file's full path, for tools that open it.
  public let filePath: StaticString
  /// The line, counting from 1.
  public let line: UInt
  /// The column, counting from 1.
  public let column: UInt

  /// The place where this initialiser is called, or the one given.
  @inlinable
  public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12:5`.
  public var description: String { "\(fileID):\(line):\(column)" }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column
      && lhs.fileID.description == rhs.fileID.description
      && lhs.filePath.description == rhs.filePath.description
  }
}
