public import ConcurrencyExtras

/// What `scope(state:action:)` needs of a store or a scoped store: its state, read without
/// observing it, a way to follow its changes, and a way to send. Both scope through
/// ``scoped(state:action:)``.
@MainActor @usableFromInline
protocol StoreScoping<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action: Sendable
  /// The state, without registering an Observation access: a scoped store observes its own part.
  var untrackedState: State { get }
  /// The stores scoped from this one that follow it.
  var dependents: ScopeDependents { get set }
  /// Sends `action`, from a store scoped from this one, at the call site of that store's `send`.
  func send(_ action: Action, at callSite: CallSite) -> StoreTask
}

extension StoreScoping {
  /// A store for the part of this one's state that `read` finds (`nil` when the child is gone),
  /// which sends through `embed`. It keeps this one alive.
  @inlinable
  func scoped<ChildState, ChildAction: Sendable>(
    id: AnyHashableSendable? = nil,
    initial: ChildState,
    read: @escaping (State) -> ChildState?,
    embed: @escaping (ChildAction) -> Action,
    isDuplicate: ((ChildState, ChildState) -> Bool)? = nil
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(
      id: id,
      initial: initial,
      readState: { [self] in read(untrackedState) },
      follow: { [self] dependent in dependents.add(dependent) },
      followChange: { $0.takeParentChange() },
      sendAction: { [self] action, callSite in send(embed(action), at: callSite) },
      isDuplicate: isDuplicate)
  }

  /// A scoped store for a part that is always there.
  @inlinable
  func scoped<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action,
    isDuplicate: ((ChildState, ChildState) -> Bool)? = nil
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(
      initial: toChildState(untrackedState), read: toChildState, embed: fromChildAction,
      isDuplicate: isDuplicate)
  }
}

extension Store: StoreScoping {
  @inlinable
  var untrackedState: State { core.ownerState }

  @inlinable
  func send(_ action: Action, at callSite: CallSite) -> StoreTask {
    send(action, group: nil, origin: nil, callSite: callSite)
  }
}

extension ScopedStore: StoreScoping {
  @inlinable
  func send(_ action: Action, at callSite: CallSite) -> StoreTask {
    sendAction(action, callSite)
  }
}
