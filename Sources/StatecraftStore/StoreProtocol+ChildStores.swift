import ConcurrencyExtras
public import IdentifiedCollections

extension StoreProtocol where Action: CaseRoutable {
  /// A store for an optional child feature, which exists only while the child does: a sheet's
  /// store.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Equatable, Sendable { let id: Int; var title: String; var isDone = false }
  /// enum TodoAction: Sendable { case toggle }
  /// struct DetailState: Equatable { var title = "" }
  /// enum DetailAction: Sendable { case rename(String) }
  ///
  /// struct AppState { var todos: IdentifiedArrayOf<Todo> = []; var detail: DetailState? }
  /// @CaseRoutable
  /// enum AppAction: Sendable { case detail(DetailAction), todos(IdentifiedAction<Todo.ID, TodoAction>) }
  ///
  /// func appReducer() -> Reduce<AppState, AppAction> {
  ///   Reduce<AppState, AppAction>.empty
  ///     .ifLet(\.detail, action: \.detail) {
  ///       Reduce { detail, action in
  ///         if case .rename(let title) = action { detail.title = title }
  ///         return .none
  ///       }
  ///     }
  ///     .forEach(\.todos, action: \.todos) {
  ///       Reduce { todo, _ in todo.isDone.toggle(); return .none }
  ///     }
  /// }
  /// ```
  ///
  /// ```swift
  /// let appStore = Store(initialState: AppState(detail: DetailState()), reducer: appReducer())
  /// if let detail = appStore.scope(state: \.detail, action: \.detail) {
  ///   detail.send(.rename("Groceries"))   // in SwiftUI: DetailView(store: detail)
  /// }
  /// ```
  ///
  /// Kept after the child went away, the store reads the child's last state, and its `send` is
  /// reported at its line (``StatecraftEngine/Diagnostic/Kind/childNotPresent``) and changes nothing,
  /// even once another child is presented in its place: a kept store never drives the next child.
  /// An `Identifiable` child is told from the next by its `id`; another, by its absence in between.
  public func scope<ChildState, ChildAction>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>
  ) -> ScopedStore<ChildState, ChildAction>? {
    scopeParent.store.scopedOptional(state: toChild, action: action)
  }

  /// One store per element of a collection feature, in the collection's order, each identified by
  /// its element's id, for SwiftUI's `ForEach`.
  ///
  /// ```swift
  /// let appStore = Store(initialState: AppState(todos: [Todo(id: 1, title: "Buy milk")]), reducer: appReducer())
  /// for todo in appStore.scope(state: \.todos, action: \.todos) {
  ///   todo.send(.toggle)   // in SwiftUI: ForEach(appStore.scope(…)) { todo in TodoRow(store: todo) }
  /// }
  /// ```
  ///
  /// Kept after its element was removed, a store reads the element's last state, and its `send`
  /// is reported at its line (``StatecraftEngine/Diagnostic/Kind/childNotPresent``) and changes nothing.
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> [ScopedStore<ElementState, ElementAction>] {
    scopeParent.store.scopedElements(state: toElements, action: action)
  }
}

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
    guard let initial = untrackedState[keyPath: toChild] else { return nil }
    let isSameChild = sameChildCheck(initial)
    /// The store's child in `state`: `nil` once it is not there, or another child is.
    let read = { (state: State) -> ChildState? in
      guard let child = state[keyPath: toChild], isSameChild(child) else { return nil }
      return child
    }
    let embed = Action.cases[keyPath: action].embed
    let source = SourceReference(scopeSource)
    let node = ScopeNode(
      initial: initial,
      readState: { read(source.object.untrackedState) },
      follow: { follower in source.object.dependents.add(follower) },
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
            "\(action) was sent through the store of a child feature that is gone: \(toChild) is nil"
              + " or holds another child. Nothing changed.",
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
    let elements = untrackedState[keyPath: toElements]
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
