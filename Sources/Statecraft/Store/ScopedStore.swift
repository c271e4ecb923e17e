public import Observation

/// A view of one feature inside a larger store: it reads part of the parent's state and sends the
/// parent's actions.
///
/// ```swift
/// let profile = appStore.scope(state: \.profile, action: AppAction.profile)
/// ProfileView(store: profile)   // sees ProfileState, sends ProfileAction
/// ```
///
/// A scoped store owns nothing: its `state` is read from the parent at each access, so it is
/// always current, and observing it observes the parent. `send` goes through the parent's mailbox,
/// reducer and effects, so everything the parent guarantees holds here too. A scoped store keeps
/// its parent alive.
@MainActor
public final class ScopedStore<State, Action: Sendable>: Observable {
  private let readState: @MainActor () -> State
  private let sendAction: @MainActor (Action) -> StoreTask

  init(
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> StoreTask
  ) {
    self.readState = readState
    self.sendAction = sendAction
  }

  /// A scoped store over a parent (a store, or another scoped store) that it reads and sends through.
  convenience init<ParentState, ParentAction>(
    readParent: @escaping @MainActor () -> ParentState,
    sendParent: @escaping @MainActor (ParentAction) -> StoreTask,
    state toChildState: @escaping (ParentState) -> State,
    action fromChildAction: @escaping (Action) -> ParentAction
  ) {
    self.init(
      readState: { toChildState(readParent()) },
      sendAction: { sendParent(fromChildAction($0)) }
    )
  }

  /// The child state, read from the parent store.
  public var state: State { readState() }

  /// Sends the parent's version of `action` to the parent store.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sendAction(action)
  }

  /// Scopes further, to a part of this scoped store.
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore<ChildState, ChildAction>(
      readParent: { [self] in state }, sendParent: { [self] in send($0) },
      state: toChildState, action: fromChildAction)
  }
}

extension Store {
  /// Returns a store for one feature of this store, for a view or module that should see only that
  /// feature.
  ///
  /// - Parameters:
  ///   - toChildState: Reads the feature's state, usually a key path such as `\.profile`.
  ///   - fromChildAction: Embeds a feature action in this store's actions, usually a case such as
  ///     `AppAction.profile`.
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore<ChildState, ChildAction>(
      readParent: { [self] in state }, sendParent: { [self] in send($0) },
      state: toChildState, action: fromChildAction)
  }
}
