public import Observation

/// What a scoped store follows of its parent: its part of the state as of the parent's last
/// change, the registrar its observers use, and the stores scoped from it. The store above holds
/// it strongly (see ``ScopeFollower``); the scoped store holds it too, and marks it released when
/// it goes.
///
/// A part marked `@ObservableState` of a marked parent is not followed: it is read from the parent
/// at each read, through the parent's observed fields, so that a view that reads it observes the
/// part's own fields and the parent's fields that lead to it, and an action costs nothing for the
/// scoped stores whose part it did not change. Such a node follows its parent only when a store
/// scoped from it follows it (an unmarked part), or to see its optional child go.
@MainActor @usableFromInline
final class ScopeNode<State>: ScopeFollower, ScopeSource, Observable {
  /// The part of the parent's state this node is for, read without observing the parent; `nil`
  /// when the child is gone.
  @usableFromInline let readState: @MainActor () -> State?
  /// The part, read through the parent's observed state, for a marked part of a marked parent.
  @usableFromInline let readObservedState: (@MainActor () -> State?)?
  /// The observation of the part, for a marked part of a marked parent: such a node reads its part
  /// afresh at each read, and arms it when it hands it out.
  @usableFromInline let fieldsOf: FieldBox.Reader<State>?
  /// Asks the parent to tell this node after each of its changes.
  private let follow: @MainActor (ScopeFollower) -> Void
  /// Takes the parent's change: made where the store is scoped, in inlinable code, so that the
  /// work each action does at each level runs specialised for the client's types.
  private let followChange: @MainActor (ScopeNode) -> Void
  /// Whether two states are equal, when `State` is `Equatable` but the store was scoped where
  /// that was not known (a store scoped for an `Equatable` part compares with `==` directly).
  @usableFromInline let isDuplicate: ((State, State) -> Bool)?
  /// The state as of the parent's last change, once the node follows its parent.
  // No runtime exclusivity checks on this and the other fields marked so below, which every level
  // would run on every action: they are read and written on the main actor alone, and no access
  // overlaps another (observers are told before `current` is written; dependents are told from a
  // copy).
  @exclusivity(unchecked) @usableFromInline var current: State?
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\ScopeNode.state`, built once per specialisation, since building it allocates: built per
  /// Observation call, it would put two allocations in every read and every change.
  @usableFromInline let stateKeyPath: KeyPath<ScopeNode, State>
  /// The nodes of the stores scoped from this one's store that follow it.
  @exclusivity(unchecked) @usableFromInline var dependents = ScopeDependents()
  @exclusivity(unchecked) @usableFromInline var isFollowing = false
  /// Whether `state` was ever read, so that an observer may have registered: a store read only by
  /// the stores scoped from it (a level a view passes through) tells no registrar of its changes.
  @exclusivity(unchecked) @usableFromInline var isObserved = false
  /// Whether the child this node is for went away, for the store of an optional child: it stays
  /// gone, and the node keeps its last state, even when another child takes its place.
  @usableFromInline var isChildGone = false

  @usableFromInline
  init(
    initial: State,
    readState: @escaping @MainActor () -> State?,
    readObservedState: (@MainActor () -> State?)? = nil,
    follow: @escaping @MainActor (ScopeFollower) -> Void,
    followChange: @escaping @MainActor (ScopeNode) -> Void
  ) {
    self.readState = readState
    self.fieldsOf = readObservedState == nil ? nil : FieldBox.reader(for: State.self)
    self.readObservedState = fieldsOf == nil ? nil : readObservedState
    self.follow = follow
    self.followChange = followChange
    self.isDuplicate = duplicateCheck(for: State.self)
    self.current = initial
    self.stateKeyPath = SharedKeyPath.of { \ScopeNode.state }
    super.init()
  }

  /// The state, observed: what the scoped store's `state` returns.
  @inlinable
  var state: State {
    if fieldsOf != nil { return markedState(observed: true) }
    isObserved = true
    registrar.access(self, keyPath: stateKeyPath)
    return untrackedState
  }

  /// The state, without observing it: what stores scoped from this one read.
  @inlinable
  var untrackedState: State {
    if fieldsOf != nil { return markedState(observed: false) }
    if !isFollowing { startFollowing() }
    return current!
  }

  /// The state of a marked part, read afresh from the parent; its last state once it is gone.
  /// Read observed, the part is armed, so that a view that reads its fields observes them.
  @usableFromInline
  func markedState(observed: Bool) -> State {
    guard !isChildGone, let fresh = observed ? readObservedState!() : readState() else {
      return current!
    }
    current = fresh
    if observed { fieldsOf!(fresh).arm() }
    return fresh
  }

  /// Adds a store scoped from this one to those told of this one's changes. A node that reads its
  /// part afresh starts following its own parent then, to tell them.
  @usableFromInline
  func addFollower(_ follower: ScopeFollower) {
    dependents.add(follower)
    if fieldsOf != nil, !isFollowing {
      isFollowing = true
      follow(self)
    }
  }

  @inlinable
  var observedState: State { state }

  /// Follows the parent from the first read on: a store no one reads costs its parent nothing.
  @usableFromInline
  func startFollowing() {
    isFollowing = true
    follow(self)
    if let fresh = readState() { current = fresh }
  }

  @usableFromInline
  override func parentChanged() {
    followChange(self)
  }

  /// Takes the parent's new state for this node, `nil` when the child is gone, and tells
  /// observers and the stores scoped from this one, unless it is equal to the last.
  @inlinable
  func takeParentChange(_ new: State?) {
    guard let new else { return }  // the child is gone: keep its last state
    if fieldsOf != nil { return relay(new) }
    if let isDuplicate, let current, isDuplicate(current, new) { return }
    take(new)
  }

  /// Stores a new state, and tells observers and the stores scoped from this one.
  @inlinable
  func take(_ new: State) {
    if isObserved {
      // `willSet` and `didSet` rather than `withMutation`: its closure, isolated to the main actor
      // and passed to a nonisolated function, checked its executor at run time on every change.
      registrar.willSet(self, keyPath: stateKeyPath)
      current = new
      registrar.didSet(self, keyPath: stateKeyPath)
    } else {
      current = new
    }
    tellDependents()
  }

  /// Keeps a marked part's new state and tells the stores scoped from this one, which compare it
  /// with their own: the node's observers observe the part's fields instead.
  @usableFromInline
  func relay(_ new: State) {
    current = new
    tellDependents()
  }
}

extension ScopeNode where State: Equatable {
  /// ``takeParentChange(_:)``, comparing with `State`'s own `==`.
  @inlinable
  func takeEquatableParentChange(_ new: State) {
    if fieldsOf != nil { return relay(new) }
    if let current, current == new { return }
    take(new)
  }
}

/// Whether two values of `Value` are equal, when it is `Equatable`: found once per scoped store.
private func duplicateCheck<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equatable.equality(as: type)
}

extension Equatable {
  /// `==`, for values known only as `Value`, which is `Self`. The function is cast once, here:
  /// casting each value at each comparison would cost a dynamic cast per scoped store per action.
  fileprivate static func equality<Value>(as type: Value.Type) -> ((Value, Value) -> Bool)? {
    let equal: (Self, Self) -> Bool = (==)
    return equal as? (Value, Value) -> Bool
  }
}
