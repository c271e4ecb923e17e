/// Whether a transition whose targets lie inside its source state exits that state.
///
/// ```swift
/// enum Editor: Hashable, Sendable { case editing, clean, dirty }
/// enum EditorEvent: Sendable { case reset, reload, edit }
/// ```
///
/// ```swift
/// let chart = Statechart<Editor, EditorEvent, EmptyChartContext>(initial: .editing, context: .init()) {
///   StateNode(.editing, initial: .clean) {
///     OnEvent(.reset, target: .clean, type: .internal)   // stays in .editing: no exit, no entry
///     OnEvent(.reload, target: .clean)                   // exits and re-enters .editing
///     StateNode(.clean) { OnEvent(.edit, target: .dirty) }
///     StateNode(.dirty)
///   }
/// }
/// #expect(chart.validate().isEmpty)
/// ```
///
/// SCXML's default, and Statecraft's, is `.external`: a transition exits its source and enters its
/// targets again, even when they are inside it. XState's default is the other way round (it
/// re-enters only with `reenter: true`).
public enum ChartTransitionType: String, Sendable, Hashable, Codable {
  /// The transition exits its source state, even when its targets are descendants of it.
  case external
  /// A transition from a compound state whose targets are all its descendants does not exit or
  /// re-enter the source. From any other state it behaves as `.external`.
  case `internal`
}
