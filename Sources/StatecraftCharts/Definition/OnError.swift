/// A transition taken when an action fails: an ``ChartAction/assign(_:)-((Context)->Void)`` that throws raises an
/// execution error on the internal queue (SCXML's `error.execution`), and the rest of that
/// action's block is skipped.
///
/// ```swift
/// enum Import: Hashable, Sendable { case parsing, parsed, invalid }
/// struct Document: Sendable { var lines: [String] }
/// struct ImportContext: Sendable {
///   var text = ""
///   var document: Document?
/// }
/// struct ParseError: Error {}
///
/// enum Parser {
///   static func parse(_ text: String) throws -> Document {
///     guard !text.isEmpty else { throw ParseError() }
///     return Document(lines: text.components(separatedBy: "\n"))
///   }
/// }
/// ```
///
/// ```swift
/// let chart = Statechart<Import, String, ImportContext>(initial: .parsing, context: ImportContext()) {
///   StateNode(.parsing) {
///     Entry(.assign { try $0.document = Parser.parse($0.text) })
///     OnError(target: .invalid)
///     Always(target: .parsed, guard: { $0.context.document != nil })
///   }
///   StateNode(.parsed)
///   StateNode(.invalid)
/// }
/// #expect(chart.validate().isEmpty)
/// ```
///
/// Eventless transitions are taken before raised and error events are processed, as SCXML says:
/// without its guard, the `Always` above would leave `.parsing` before the error is seen.
public struct OnError<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  let transition: ChartTransition<ID, Event, Context>

  /// On an execution error.
  public init(
    target: ID? = nil, type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    transition = ChartTransition(
      trigger: .executionError, targets: target.map { [$0] } ?? [], type: type, guard: condition,
      actions: .fixed(actions),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
