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
/// `send` goes through the parent's mailbox, reducer and effects, so everything the parent
/// guarantees holds here too. A scoped store keeps its parent alive.
///
/// **Observation is per child.** A view that reads a scoped store's `state` is invalidated only
/// when that part of the state changes: not when a sibling changes, nor the parent's other fields,
/// nor when an action changes nothing. A scoped store keeps its part of the state from the moment
/// it is first read, and after each action of the parent compares it with the new one, when the
/// part is `Equatable` (a part that is not is taken to change with every action of its parent).
/// Reading it costs the same at any depth of scoping.
@MainActor
public final class ScopedStore<State, Action: Sendable>: Observable, Identifiable {
  /// The part of the parent's state this store is for, read without observing the parent; `nil`
  /// when the child is gone.
  @usableFromInline let readState: @MainActor () -> State?
  @usableFromInline let sendAction: @MainActor (Action, CallSite) -> StoreTask
  /// Asks the parent to tell this store after each of its changes.
  private let follow: @MainActor (any ScopeDependent) -> Void
  /// Takes the parent's change: made where the store is scoped, in inlinable code, so that the
  /// work each action does at each level runs specialised for the client's types.
  private let followChange: @MainActor (ScopedStore) -> Void
  /// Whether two states are equal, when `State` is `Equatable`.
  @usableFromInline let isDuplicate: ((State, State) -> Bool)?
  /// The state as of the parent's last change, once the store follows its parent.
  // No runtime exclusivity checks on this and the other fields marked so below, which every level
  // checked on every action: they are read and written on the main actor alone, and no access
  // overlaps another (observers are told before `current` is written; dependents are told from a
  // copy).
  @exclusivity(unchecked) @usableFromInline var current: State?
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\ScopedStore.state`, built once per specialisation: building it per Observation call put
  /// two allocations in every read and every change.
  @usableFromInline let stateKeyPath: KeyPath<ScopedStore, State>
  /// The stores scoped from this one that follow it.
  @exclusivity(unchecked) @usableFromInline var dependents = ScopeDependents()
  @exclusivity(unchecked) @usableFromInline var isFollowing = false
  /// Whether `state` was ever read, so that an observer may have registered: a store read only by
  /// the stores scoped from it (a level a view passes through) tells no registrar of its changes.
  @exclusivity(unchecked) @usableFromInline var isObserved = false

  /// The id of the element this store is for, in a collection feature, so that SwiftUI's
  /// `ForEach` keeps each row's identity; this store's own identity otherwise.
  public nonisolated let id: AnyHashableSendable

  @usableFromInline
  init(
    id: AnyHashableSendable?,
    initial: State,
    readState: @escaping @MainActor () -> State?,
    follow: @escaping @MainActor (any ScopeDependent) -> Void,
    followChange: @escaping @MainActor (ScopedStore) -> Void,
    sendAction: @escaping @MainActor (Action, CallSite) -> StoreTask,
    isDuplicate: ((State, State) -> Bool)?
  ) {
    self.readState = readState
    self.follow = follow
    self.followChange = followChange
    self.sendAction = sendAction
    self.isDuplicate = isDuplicate ?? duplicateCheck(for: State.self)
    self.id = id ?? AnyHashableSendable(StoreIdentity())
    self.current = initial
    self.stateKeyPath = SharedKeyPath.of { \ScopedStore.state }
  }

  /// The child state. Reading it inside SwiftUI or `withObservationTracking` observes this part of
  /// the parent's state alone. After its child went away (an optional child, an element), it is
  /// the child's last state.
  @inlinable
  public var state: State {
    isObserved = true
    registrar.access(self, keyPath: stateKeyPath)
    return untrackedState
  }

  /// The state, without observing it: what stores scoped from this one read.
  @inlinable
  var untrackedState: State {
    if !isFollowing { startFollowing() }
    return current!
  }

  /// Follows the parent from the first read on: a store no one reads costs its parent nothing.
  @usableFromInline
  func startFollowing() {
    isFollowing = true
    follow(self)
    if let fresh = readState() { current = fresh }
  }

  /// Reads the new state, and tells observers and the stores scoped from this one, unless it is
  /// equal to the last.
  @inlinable
  func takeParentChange() {
    guard let new = readState() else { return }  // the child is gone: keep its last state
    if let isDuplicate, let current, isDuplicate(current, new) { return }
    if isObserved {
      registrar.withMutation(of: self, keyPath: stateKeyPath) { current = new }
    } else {
      current = new
    }
    tellDependents()
  }

  /// Sends the parent's version of `action` to the parent store.
  @inlinable
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
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(state: toChildState, action: fromChildAction)
  }

  /// Scopes further, to an `Equatable` part of this scoped store, compared with its own `==`.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(state: toChildState, action: fromChildAction, isDuplicate: { $0 == $1 })
  }

  /// A store's own identity, for stores that are not for an element.
  private final class StoreIdentity: Hashable, Sendable {
    static func == (lhs: StoreIdentity, rhs: StoreIdentity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
}

extension ScopedStore: ScopeDependent {
  @usableFromInline
  func parentChanged() {
    followChange(self)
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
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(state: toChildState, action: fromChildAction)
  }

  /// Returns a store for an `Equatable` feature of this store, whose changes are found with its
  /// own `==`, specialised for its type.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(state: toChildState, action: fromChildAction, isDuplicate: { $0 == $1 })
  }
}

/// Whether two values of `Value` are equal, when it is `Equatable`: found once per scoped store.
private func duplicateCheck<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equatable.equality(as: type)
}

extension Equatable {
  /// `==`, for values known only as `Value`, which is `Self`. The function is cast once, here:
  /// casting each value at each comparison cost a dynamic cast per scoped store per action.
  fileprivate static func equality<Value>(as type: Value.Type) -> ((Value, Value) -> Bool)? {
    let equal: (Self, Self) -> Bool = (==)
    return equal as? (Value, Value) -> Bool
  }
}
