import IssueReporting
public import Statecraft

extension DiagnosticHandler {
  /// A handler that reports every diagnostic as a test issue, in XCTest and Swift Testing alike.
  ///
  /// ```swift
  /// let store = DiagnosticHandler.$current.withValue(.reportingIssues()) {
  ///   Store(initialState: AppState(), reduce: reduce)
  /// }
  /// ```
  ///
  /// The issue points at the line that created the handler: diagnostics happen inside the store,
  /// where no test line exists.
  public static func reportingIssues(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    Self { diagnostic in
      reportIssue(
        diagnostic.description, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
