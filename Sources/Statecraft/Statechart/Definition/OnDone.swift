/// A transition taken when a compound or parallel state is done (XState's `onDone`, SCXML's
/// `done.state.id` event): a compound state is done when it enters a final child, a parallel
/// state when every region is in a final state.
///
/// ```swift
/// StateNode(.checkout, initial: .payment) {
///   StateNode(.payment) { OnEvent(.paid, target: .receipt) }
///   StateNode(final: .receipt)
///   OnDone(target: .thankYou)                 // this state's done event
/// }
/// StateNode(.monitor) {
///   OnDone(of: .checkout, target: .idle)      // another state's done event
/// }
/// ```
public struct OnDone<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  let transition: ChartTransition<ID, Event, Context>

  /// On the done event of `state`, or of the state this transition belongs to when `nil`.
  public init(
    of state: ID? = nil,
    target: ID? = nil, type: ChartTransitionType = .external,
    guard condition: (@Sendable (ChartGuardInput<ID, Event, Context>) -> Bool)? = nil,
    actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    transition = ChartTransition(
      trigger: .done(state), targets: target.map { [$0] } ?? [], type: type, guard: condition,
      actions: .fixed(actions),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
