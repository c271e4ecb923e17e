/// A transition taken when a compound or parallel state is done (XState's `onDone`, SCXML's
/// `done.state.id` event): a compound state is done when it enters a final child, a parallel
/// state when every region is in a final state.
///
/// ```swift
/// enum Kiosk: Hashable, Sendable { case session, till, checkout, payment, receipt, thankYou, monitor, watching, idle }
/// enum KioskEvent: Hashable, Sendable { case paid }
/// ```
///
/// ```swift
/// let kiosk = Statechart<Kiosk, KioskEvent, EmptyChartContext>(initial: .session) {
///   StateNode(parallel: .session) {
///     StateNode(.till, initial: .checkout) {
///       StateNode(.checkout, initial: .payment) {
///         StateNode(.payment) { OnEvent(.paid, target: .receipt) }
///         StateNode(final: .receipt)
///         OnDone(target: .thankYou)                 // this state's done event
///       }
///       StateNode(.thankYou)
///     }
///     StateNode(.monitor, initial: .watching) {
///       StateNode(.watching) {
///         OnDone(of: .checkout, target: .idle)      // another state's done event
///       }
///       StateNode(.idle)
///     }
///   }
/// }
/// let paid = kiosk.transition(from: kiosk.initialTransition().snapshot, on: .paid).snapshot
/// print(paid.isIn(.thankYou), paid.isIn(.idle))   // true true
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
