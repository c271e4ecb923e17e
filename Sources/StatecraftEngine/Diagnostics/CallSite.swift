/// Where a piece of code was written: the `send` that queued an action, the effect that threw, the
/// line that created a store.
///
/// Statecraft's APIs capture it with default arguments, as `#fileID`, `#filePath`, `#line` and
/// `#column`, so that a ``Diagnostic`` can point at the code that caused it and a test helper can
/// report an issue there:
///
/// <!-- sample: skip -->
/// ```swift
/// public func send(
///   _ action: Action,
///   fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///   line: UInt = #line, column: UInt = #column
/// ) -> StoreTask
/// ```
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
  // Stored in this order, with 32-bit line and column, so that each number sits in the padding
  // after a string: 48 bytes instead of 64, in every owner's identity and every queued message.

  /// The file, as `Module/File.swift`.
  public let fileID: StaticString
  @usableFromInline let storedLine: UInt32
  /// The file's full path, for tools that open it.
  public let filePath: StaticString
  @usableFromInline let storedColumn: UInt32

  /// The line, counting from 1.
  @inlinable
  public var line: UInt { UInt(storedLine) }
  /// The column, counting from 1.
  @inlinable
  public var column: UInt { UInt(storedColumn) }

  /// The place where this initialiser is called, or the one given.
  ///
  /// Lines and columns past 4,294,967,295 are clamped to it.
  @inlinable
  public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.fileID = fileID
    self.storedLine = UInt32(clamping: line)
    self.filePath = filePath
    self.storedColumn = UInt32(clamping: column)
  }

  /// `Module/File.swift:12:5`.
  public var description: String { "\(fileID):\(line):\(column)" }

  /// Two call sites are equal when their file IDs, file paths, lines and columns are, compared as
  /// text: the same line reached through two string literals is one call site.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column
      && lhs.fileID.description == rhs.fileID.description
      && lhs.filePath.description == rhs.filePath.description
  }
}
