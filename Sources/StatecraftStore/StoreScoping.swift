public import ConcurrencyExtras

/// What `scope(state:action:)` needs of a store or a scoped store: the state that the stores
/// scoped from it follow, and a way to send. Both scope through ``scoped(state:action:)``.
@MainActor @usableFromInline
protocol StoreScoping<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action: Sendable
  associatedtype Source: ScopeSource<State>
  /// What the stores scoped from this one follow: the store itself, or a scoped store's node.
  var scopeSource: Source { get }
  /// Sends `action`, from a store scoped from this one, at the call site of that store's `send`.
  func send(_ action: Action, at callSite: CallSite) -> StoreTask
  /// The store at the root of the tree, which reports the diagnostics of the stores scoped from it.
  var root: any ScopeRoot { get }
}

/// The store at the root of a tree of scoped stores: it reports what its scoped stores find, such
/// as an action sent through the store of a child that is gone.
@MainActor @usableFromInline
protocol ScopeRoot: AnyObject {
  func report(_ kind: Diagnostic.Kind, _ message: String, at callSite: CallSite)
}

extension StoreScoping {
  /// The state, without registering an Observation access.
  @inlinable
  var untrackedState: State { scopeSource.untrackedState }

  /// A store for the part of this one's state that `read` finds (`nil` when the child is gone),
  /// which sends through `embed`. It keeps this one alive.
  ///
  /// - Parameter followChange: Takes a change of this store's state into the new store's node;
  ///   by default, through `read` and the state's `==` found at run time.
  @inlinable
  func scoped<ChildState, ChildAction: Sendable>(
    id: AnyHashableSendable? = nil,
    initial: ChildState,
    read: @escaping (State) -> ChildState?,
    embed: @escaping (ChildAction) -> Action,
    followChange: (@MainActor (ScopeNode<ChildState>) -> Void)? = nil
  ) -> ScopedStore<ChildState, ChildAction> {
    let source = SourceReference(scopeSource)
    return scoped(
      id: id, initial: initial, read: read, embed: embed,
      followChange: followChange ?? { node in node.takeParentChange(read(source.object.untrackedState)) })
  }

  /// ``scoped(id:initial:read:embed:followChange:)`` with a `followChange` that is not optional:
  /// an optional closure is stored at its most general abstraction, and calling it costs a
  /// reabstraction thunk at each level on each action.
  @inlinable
  func scoped<ChildState, ChildAction: Sendable>(
    id: AnyHashableSendable?,
    initial: ChildState,
    read: @escaping (State) -> ChildState?,
    embed: @escaping (ChildAction) -> Action,
    followChange: @escaping @MainActor (ScopeNode<ChildState>) -> Void
  ) -> ScopedStore<ChildState, ChildAction> {
    let source = SourceReference(scopeSource)
    var readObservedState: (@MainActor () -> ChildState?)?
    if isMarked(State.self) { readObservedState = { read(source.object.observedState) } }
    let node = ScopeNode(
      initial: initial,
      readState: { read(source.object.untrackedState) },
      readObservedState: readObservedState,
      follow: { follower in source.object.addFollower(follower) },
      followChange: followChange)
    return ScopedStore(
      id: id, node: node, root: root,
      sendAction: { [self] action, callSite in send(embed(action), at: callSite) })
  }

  /// A scoped store for a part that is always there.
  @inlinable
  func scoped<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(initial: toChildState(untrackedState), read: toChildState, embed: fromChildAction)
  }

  /// A scoped store for an `Equatable` part that is always there. Each change is read and compared
  /// in one closure, specialised for the part's type, with its own `==`: a comparison through a
  /// stored function costs two reabstraction thunks at each level on each action, and the read
  /// through an optional one more.
  @inlinable
  func scoped<ChildState: Equatable, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    let source = SourceReference(scopeSource)
    return scoped(
      id: nil, initial: toChildState(source.object.untrackedState), read: toChildState,
      embed: fromChildAction,
      followChange: { node in node.takeEquatableParentChange(toChildState(source.object.untrackedState)) })
  }
}

extension Store: StoreScoping, ScopeSource, ScopeRoot {
  @inlinable
  var scopeSource: Store { self }

  @inlinable
  var root: any ScopeRoot { self }

  @usableFromInline
  func report(_ kind: Diagnostic.Kind, _ message: String, at callSite: CallSite) {
    core.services.report(kind, message, callSite: callSite)
  }

  @inlinable
  var untrackedState: State { core.ownerState }

  @inlinable
  var observedState: State { state }

  @usableFromInline
  func addFollower(_ follower: ScopeFollower) {
    dependents.add(follower)
  }

  @inlinable
  func send(_ action: Action, at callSite: CallSite) -> StoreTask {
    send(action, group: nil, origin: nil, callSite: callSite)
  }
}

extension ScopedStore: StoreScoping {
  @inlinable
  var scopeSource: ScopeNode<State> { node }

  @inlinable
  func send(_ action: Action, at callSite: CallSite) -> StoreTask {
    sendAction(action, callSite)
  }
}

/// Whether `State` is marked `@ObservableState`: the parts of a marked state that are marked too
/// are read through it rather than followed.
@usableFromInline
func isMarked<State>(_: State.Type) -> Bool {
  State.self is any ObservableState.Type
}
