/// What `scope(state:action:)` needs of a store or a scoped store: its state, and a way to send.
/// Both scope through ``scoped(state:action:)``.
@MainActor
protocol StoreScoping<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action: Sendable
  var state: State { get }
  func send(
    _ action: Action, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreTask
}

extension StoreScoping {
  /// A scoped store that reads part of this one's state and sends its actions through this one.
  /// It keeps this one alive.
  func scoped<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(
      readState: { [self] in toChildState(state) },
      sendAction: { [self] action, callSite in
        send(
          fromChildAction(action), fileID: callSite.fileID, filePath: callSite.filePath,
          line: callSite.line, column: callSite.column)
      })
  }
}

extension Store: StoreScoping {}
extension ScopedStore: StoreScoping {}
