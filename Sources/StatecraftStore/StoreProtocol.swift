/// What ``Store`` and ``ScopedStore`` share: a state to read, actions to send, and the stores of
/// the features inside it (`scope(state:action:)`, `presentation(_:action:dismiss:)`,
/// ``navigation(_:action:)`` and, with SwiftUI, the bindings), written once for both.
///
/// Code that works with either store takes `some StoreProtocol<State, Action>`:
///
/// ```swift
/// struct ProfileState: Equatable { var name = "" }
/// enum ProfileAction: Sendable { case rename(String) }
/// struct ProfileHost { var profile = ProfileState() }
/// enum ProfileHostAction: Sendable { case profile(ProfileAction) }
///
/// @MainActor
/// func greet(_ profile: some StoreProtocol<ProfileState, ProfileAction>) -> String {
///   profile.send(.rename("Ada"))
///   return "Hello, \(profile.state.name)"
/// }
/// ```
///
/// ```swift
/// let host = Store(initialState: ProfileHost()) { (state: inout ProfileHost, action: ProfileHostAction) in
///   if case .profile(.rename(let name)) = action { state.profile.name = name }
///   return .none
/// }
/// print(greet(host.scope(state: \.profile, action: ProfileHostAction.profile)))   // Hello, Ada
/// ```
///
/// Statecraft's two stores are its conforming types. Another type should not conform: the
/// scoping and sending it would get run through the `scopeParent` it hands out, so they would act
/// on that store, whatever its own `state` says.
@MainActor
public protocol StoreProtocol<State, Action>: AnyObject, Sendable {
  /// The state of the store's feature.
  associatedtype State
  /// The actions of the store's feature.
  associatedtype Action: Sendable

  /// The state. Reading it inside SwiftUI or `withObservationTracking` observes it.
  var state: State { get }

  /// What the stores scoped from this one follow and send through. It has no public members.
  @_documentation(visibility: internal)
  var scopeParent: ScopeParent<State, Action> { get }
}

extension StoreProtocol {
  /// Sends `action` to the store: a ``ScopedStore`` sends the parent's version of it to the parent
  /// store. ``Store`` has its own `send`, which does the same with its reducer; this one serves
  /// scoped stores and generic code.
  @inlinable
  @discardableResult
  public func send(
    _ action: Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StoreTask {
    scopeParent.store.send(action, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Returns a store for one feature of this store, for a view or module that should see only that
  /// feature.
  ///
  /// ```swift
  /// let host = Store(initialState: ProfileHost()) { (state: inout ProfileHost, action: ProfileHostAction) in
  ///   if case .profile(.rename(let name)) = action { state.profile.name = name }
  ///   return .none
  /// }
  /// let profile = host.scope(state: \.profile, action: ProfileHostAction.profile)
  /// print(profile.state.name.isEmpty)   // true
  /// ```
  ///
  /// A scoped store scopes further in the same way.
  ///
  /// - Parameters:
  ///   - toChildState: Reads the feature's state, usually a key path such as `\.profile`.
  ///   - fromChildAction: Embeds a feature action in this store's actions, usually a case such as
  ///     `ProfileHostAction.profile`.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scopeParent.store.scoped(state: toChildState, action: fromChildAction)
  }

  /// Returns a store for an `Equatable` feature of this store, whose changes are found with its
  /// own `==`, specialised for its type.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scopeParent.store.scoped(state: toChildState, action: fromChildAction)
  }
}

extension Store: StoreProtocol {
  /// The store's internals, for the stores scoped from it.
  @_documentation(visibility: internal)
  @inlinable
  public var scopeParent: ScopeParent<State, Action> { ScopeParent(self) }
}

extension ScopedStore: StoreProtocol {
  /// The scoped store's internals, for the stores scoped from it.
  @_documentation(visibility: internal)
  @inlinable
  public var scopeParent: ScopeParent<State, Action> { ScopeParent(self) }
}
