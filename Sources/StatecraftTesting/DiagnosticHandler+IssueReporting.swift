import IssueReporting
public import Statecraft

extension DiagnosticHandler {
  /// A handler that reports every diagnostic as a test issue, in XCTest and Swift Testing alike.
  ///
  /// ```swift
  /// struct AppState { var counter = 0 }
  /// enum AppAction { case increment }
  ///
  /// func reduce(_ state: AppState, _ action: AppAction) -> (AppState, Effect<AppAction>) {
  ///   var state = state
  ///   state.counter += 1
  ///   return (state, .none)
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = DiagnosticHandler.$current.withValue(.reportingIssues()) {
  ///   Store(initialState: AppState(), reduce: reduce)
  /// }
  /// store.send(.increment)
  /// ```
  ///
  /// The issue points at the code that caused the diagnostic (``/StatecraftEngine/Diagnostic/callSite``): the
  /// effect that threw, the `send` made from a reducer. A diagnostic that no line of code caused is
  /// reported at the line that created the handler.
  public static func reportingIssues(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    let fallback = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self { diagnostic in
      let site = diagnostic.callSite ?? fallback
      reportIssue(
        diagnostic.description, fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
    }
  }
}
