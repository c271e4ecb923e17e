/// A compound state's initial transition with actions (SCXML's `<initial>`): when the state is
/// entered without a target inside it, it enters `targets` and runs `actions`, after the state's
/// own ``Entry`` actions and before its children's.
///
/// ```swift
/// enum Auth: Hashable, Sendable { case session, signedOut, signedIn }
/// enum AuthEvent: Sendable { case signIn, signOut }
/// struct Login: Sendable { var attempts = 0 }
/// ```
///
/// ```swift
/// let chart = Statechart<Auth, AuthEvent, Login>(initial: .session, context: Login()) {
///   StateNode(.session) {
///     Initial(.signedOut, actions: [.assign { $0.attempts = 0 }])
///     StateNode(.signedOut) { OnEvent(.signIn, target: .signedIn) }
///     StateNode(.signedIn) { OnEvent(.signOut, target: .signedOut) }
///   }
/// }
/// #expect(chart.validate().isEmpty)
/// ```
///
/// Use it instead of ``StateNode``'s `initial:` parameter, not with it.
public struct Initial<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  let targets: [ID]
  let actions: [ChartAction<ID, Event, Context>]
  let callSite: CallSite

  /// Enters `targets` (several only in different regions of a parallel descendant), running
  /// `actions`.
  public init(
    _ targets: ID..., actions: [ChartAction<ID, Event, Context>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.targets = targets
    self.actions = actions
    self.callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
