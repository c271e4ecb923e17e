import ConcurrencyExtras

/// What `scope(state:action:)` needs of a store or a scoped store: its state, read without
/// observing it, a way to follow its changes, and a way to send. Both scope through
/// ``scoped(state:action:)``.
@MainActor
protocol StoreScoping<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action: Sendable
  /// The state, without registering an Observation access: a scoped store observes its own part.
  var untrackedState: State { get }
  /// The stores scoped from this one that follow it.
  var dependents: ScopeDependents { get set }
  func send(
    _ action: Action, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreTask
}

extension StoreScoping {
  /// A store for the part of this one's state that `read` finds (`nil` when the child is gone),
  /// which sends through `embed`. It keeps this one alive.
  func scoped<ChildState, ChildAction: Sendable>(
    id: AnyHashableSendable? = nil,
    initial: ChildState,
    read: @escaping (State) -> ChildState?,
    embed: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(
      id: id,
      initial: initial,
      readState: { [self] in read(untrackedState) },
      follow: { [self] dependent in dependents.add(dependent) },
      sendAction: { [self] action, callSite in
        send(
          embed(action), fileID: callSite.fileID, filePath: callSite.filePath,
          line: callSite.line, column: callSite.column)
      })
  }

  /// A scoped store for a part that is always there.
  func scoped<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(initial: toChildState(untrackedState), read: toChildState, embed: fromChildAction)
  }
}

extension Store: StoreScoping {
  var untrackedState: State { core.ownerState }
}

extension ScopedStore: StoreScoping {}
