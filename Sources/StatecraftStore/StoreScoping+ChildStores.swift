import ConcurrencyExtras
import IdentifiedCollections

extension StoreScoping where Action: CaseRoutable {
  /// The store of the optional child at `toChild`, for as long as that child is there.
  ///
  /// The store follows its parent from the start, so that it sees its child go: once the slot is
  /// `nil`, or holds a child of another `id`, the store's child is gone for good. Its `send` is
  /// then reported (`childNotPresent`, at the line of the `send`) and changes nothing, even when
  /// another child has taken the slot: a kept store never drives the next child. An `Identifiable`
  /// child is known by its `id`; one that is not, by its presence alone, so that one dismissed and
  /// presented again within one run of actions (between two of the parent's notifications) is
  /// taken as the same child, as `ifLet` takes it.
  ///
  /// - Parameter id: The store's id, from the child; the store's own identity without one.
  func scopedOptional<ChildState, ChildAction>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    id: (ChildState) -> AnyHashableSendable? = { _ in nil }
  ) -> ScopedStore<ChildState, ChildAction>? {
    scopedOptional(
      child: { $0[keyPath: toChild] }, gone: { "\(toChild) is nil or holds another child" }, action: action,
      id: id)
  }

  /// The store of the child that `child` reads (`nil` when there is none), for as long as that
  /// child is there; see ``scopedOptional(state:action:id:)``.
  ///
  /// - Parameter gone: Says why a send through the store changed nothing, once its child is gone:
  ///   described only then.
  func scopedOptional<ChildState, ChildAction>(
    child: @escaping (State) -> ChildState?,
    gone: @escaping () -> String,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    id: (ChildState) -> AnyHashableSendable? = { _ in nil }
  ) -> ScopedStore<ChildState, ChildAction>? {
    // Observed: the view that asks for the store is told when the child comes or goes.
    guard let initial = child(scopeSource.observedState) else { return nil }
    let isSameChild = sameChildCheck(initial)
    /// The store's child in `state`: `nil` once it is not there, or another child is.
    let read = { (state: State) -> ChildState? in
      guard let child = child(state), isSameChild(child) else { return nil }
      return child
    }
    let embed = Action.cases[keyPath: action].embed
    let source = SourceReference(scopeSource)
    var readObservedState: (@MainActor () -> ChildState?)?
    if isMarked(State.self) { readObservedState = { read(source.object.observedState) } }
    let node = ScopeNode(
      initial: initial,
      readState: { read(source.object.untrackedState) },
      readObservedState: readObservedState,
      follow: { follower in source.object.addFollower(follower) },
      followChange: { node in
        guard !node.isChildGone else { return }
        guard let child = read(source.object.untrackedState) else {
          node.isChildGone = true
          return
        }
        node.takeParentChange(child)
      })
    node.startFollowing()
    let root = self.root
    return ScopedStore(
      id: id(initial), node: node, root: root,
      sendAction: { [self] action, callSite in
        // Checked at the send too: the parent may not have told the node of its last change yet.
        if !node.isChildGone, read(untrackedState) == nil { node.isChildGone = true }
        guard !node.isChildGone else {
          root.report(
            .childNotPresent,
            "\(action) was sent through the store of a child feature that is gone: \(gone()). Nothing"
              + " changed.",
            at: callSite)
          return StoreTask(nil)
        }
        return send(embed(action), at: callSite)
      })
  }

  func scopedElements<ID: Hashable & Sendable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> [ScopedStore<ElementState, ElementAction>] {
    let route = Action.cases[keyPath: action]
    // Observed: the view that asks for the stores is told when elements come, go or move.
    let elements = scopeSource.observedState[keyPath: toElements]
    return zip(elements.ids, elements.elements).map { id, element in
      scoped(
        id: AnyHashableSendable(id), initial: element,
        read: { $0[keyPath: toElements][id: id] },
        embed: { route.embed(.element(id: id, action: $0)) })
    }
  }
}

/// Whether a child is the same as `initial`: by `id` when it is `Identifiable`, always otherwise.
/// Found once per store; the check itself compares ids of their own type.
private func sameChildCheck<Child>(_ initial: Child) -> (Child) -> Bool {
  guard let identifiable = Child.self as? any Identifiable.Type else { return { _ in true } }
  return identifiable.sameIdentity(as: initial) ?? { _ in true }
}

extension Identifiable {
  /// Whether a value has `initial`'s `id`, for values known only as `Value`, which is `Self`.
  fileprivate static func sameIdentity<Value>(as initial: Value) -> ((Value) -> Bool)? {
    guard let initial = initial as? Self else { return nil }
    let id = initial.id
    let isSame: (Self) -> Bool = { $0.id == id }
    return isSame as? (Value) -> Bool
  }
}
