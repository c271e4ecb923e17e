public import ConcurrencyExtras
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
public final class ScopedStore<State, Action: Sendable>: Observable, Identifiable {
  private let readState: @MainActor () -> State
  private let sendAction: @MainActor (Action, CallSite) -> StoreTask

  /// The id of the element this store is for, in a collection feature, so that SwiftUI's
  /// `ForEach` keeps each row's identity; this store's own identity otherwise.
  public nonisolated let id: AnyHashableSendable

  init(
    id: AnyHashableSendable? = nil,
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action, CallSite) -> StoreTask
  ) {
    self.readState = readState
    self.sendAction = sendAction
    self.id = id ?? AnyHashableSendable(Identity())
  }

  /// A store's own identity, for stores that are not for an element.
  private final class Identity: Hashable, Sendable {
    static func == (lhs: Identity, rhs: Identity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }

  /// The child state, read from the parent store.
  public var state: State { readState() }

  /// Sends the parent's version of `action` to the parent store.
  @discardableResult
  public func send(
    _ action: Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StoreTask {
    sendAction(action, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Scopes further, to a part of this scoped store.
  ///
  /// ```swift
  /// let avatar = profile.scope(state: \.avatar, action: ProfileAction.avatar)
  /// ```
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(state: toChildState, action: fromChildAction)
  }
}

extension Store {
  /// Returns a store for one feature of this store, for a view or module that should see only that
  /// feature.
  ///
  /// ```swift
  /// let profile = appStore.scope(state: \.profile, action: AppAction.profile)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Reads the feature's state, usually a key path such as `\.profile`.
  ///   - fromChildAction: Embeds a feature action in this store's actions, usually a case such as
  ///     `AppAction.profile`.
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(state: toChildState, action: fromChildAction)
  }
}
