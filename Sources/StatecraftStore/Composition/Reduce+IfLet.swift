extension Reduce where Action: CaseRoutable {
  /// Runs `child` on an optional part of the state while it is there: a sheet, a detail screen.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Equatable, Sendable {
  ///   let id: Int
  ///   var title: String
  ///   var isDone = false
  /// }
  /// enum TodoAction: Sendable { case toggle }
  ///
  /// struct DetailState: Equatable, Sendable { var todo: Todo; var saves = 0 }
  /// enum DetailAction: Sendable { case save, close }
  ///
  /// struct AppState {
  ///   var todos: IdentifiedArrayOf<Todo> = []
  ///   var detail: DetailState?
  /// }
  ///
  /// @CaseRoutable
  /// enum AppAction: Sendable {
  ///   case showDetail(Todo)
  ///   case detail(DetailAction)
  ///   case todos(IdentifiedAction<Todo.ID, TodoAction>)
  /// }
  ///
  /// func todoReducer() -> Reduce<Todo, TodoAction> {
  ///   Reduce { todo, action in
  ///     switch action {
  ///     case .toggle: todo.isDone.toggle()
  ///     }
  ///     return .none
  ///   }
  /// }
  ///
  /// func detailReducer() -> Reduce<DetailState, DetailAction> {
  ///   Reduce { detail, action in
  ///     if case .save = action { detail.saves += 1 }
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let appReducer = Reduce<AppState, AppAction> { state, action in
  ///   switch action {
  ///   case .showDetail(let todo): state.detail = DetailState(todo: todo); return .none
  ///   case .detail(.close): state.detail = nil; return .none   // ends the detail's effects
  ///   case .detail, .todos: return .none
  ///   }
  /// }
  /// .ifLet(\.detail, action: \.detail) { detailReducer() }
  ///
  /// let store = Store(initialState: AppState(), reducer: appReducer)
  /// store.send(.showDetail(Todo(id: 1, title: "Buy milk")))
  /// store.send(.detail(.save))
  /// store.send(.detail(.close))
  /// ```
  ///
  /// - The child's reducer runs before this one, for the child's actions only.
  /// - When the child becomes `nil`, every effect it started is cancelled, and nothing they were
  ///   about to deliver arrives. A child presented again starts afresh.
  /// - An action for the child while it is `nil` is reported at the line of its `send`
  ///   (``StatecraftEngine/Diagnostic/Kind/childNotPresent``), and changes nothing: this reducer does not see it.
  /// - The child ends when this reducer sees it gone: a child removed by code that does not go
  ///   through this reducer (a grandparent overwriting the whole state) ends when the next
  ///   action passes here, or with the store.
  ///
  /// For a child that is `Identifiable`, replacing it with one of another id ends it too.
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    then child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self {
    let path = StatePath(toChild)
    return ifLet(
      path, route: Action.cases[keyPath: action], identify: ChildPresence(path: path), child: child)
  }

  /// Runs `child` on an optional, identifiable part of the state while it is there. As
  /// ``ifLet(_:action:then:)-2fw3r``, and a child replaced by one with another id ends too.
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    then child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self where ChildState.ID: Sendable {
    let path = StatePath(toChild)
    return ifLet(
      path, route: Action.cases[keyPath: action], identify: ChildByID(path: path), child: child)
  }

  /// - Parameter identify: Tells one child from another: by its presence, or by its `id`. A
  ///   value of a concrete type, so that its reads are inlined into the reducer: they run twice
  ///   at each level of a tree on each action routed through it.
  @inlinable
  func ifLet<ChildState, ChildAction, Identify: ChildIdentity>(
    _ path: StatePath<State, ChildState?>,
    route: EnumCase<Action, ChildAction>,
    identify: Identify,
    child: @escaping () -> Reduce<ChildState, ChildAction>
  ) -> Self where Identify.State == State, Identify.Child == ChildState {
    typealias Identity = Identify.ID
    let child = LazyReduce(child)
    let toChild = path.keyPath
    let key = { (identity: Identity) in ChildScopeKey(site: toChild, identity: identity) }
    /// The children ended between `before` and `after`: this one, if it went away, or those under
    /// it, if it stayed. Read through pointers: unwrapping the children would copy them, and their
    /// children, at every level below.
    let childEnded: (UnsafePointer<ChildState?>, UnsafePointer<ChildState?>) -> [[ChildScopeKey]] = {
      before, after in
      guard before.pointee != nil else { return [] }
      // An optional's payload is at its start.
      let beforeChild = UnsafeRawPointer(before).assumingMemoryBound(to: ChildState.self)
      let afterChild = UnsafeRawPointer(after).assumingMemoryBound(to: ChildState.self)
      let id = identify.identity(of: beforeChild.pointee)
      guard after.pointee != nil, identify.identity(of: afterChild.pointee) == id else { return [[key(id)]] }
      guard let ended = child.reducer.ended else { return [] }
      return ended(beforeChild.pointee, afterChild.pointee).map { [key(id)] + $0 }
    }
    /// What the child starts when it appears, in its own scope.
    let childStarted: (inout ChildState) -> Effect<Action> = { childState in
      guard let started = child.reducer.started else { return .none }
      return started(&childState).map(route.embed).inChild(key(identify.identity(of: childState)))
    }
    return Self(
      { state, action in
        // Two reads of the child, before and after: each is a key-path projection, at every level
        // of a deep tree.
        if let childAction = route.extract(action) {
          guard let before = identify.current(&state) else {
            return .childNotPresent(action, "\(toChild) is nil")
          }
          // The child's reducer finds what it ends under it; this one, whether it ended.
          var effect = Effect.merging(
            path.modify(&state) { child(&$0!, childAction) }.map(route.embed)
              .inChild(key(before)),
            reduce(&state, action))
          let after = identify.current(&state)
          guard after != before else { return effect }
          effect = .merging(effect, .endChildren([key(before)]))
          guard after != nil else { return effect }
          return .merging(effect, path.modify(&state) { childStarted(&$0!) })
        }
        // Kept whole while this reducer runs: something under the child could end. The child after
        // is read in place.
        let beforeChild = path.get(in: &state)
        let effect = reduce(&state, action)
        let (ended, beforeID) = withUnsafePointer(to: beforeChild) { before in
          let ended = path.withPart(in: &state) { childEnded(before, $0) }
          guard before.pointee != nil else { return (ended, Identity?.none) }
          // An optional's payload is at its start.
          let child = UnsafeRawPointer(before).assumingMemoryBound(to: ChildState.self)
          return (ended, identify.identity(of: child.pointee))
        }
        let ending = Effect.merging(effect, .endChildren(paths: ended))
        // A child that appeared, or was replaced, starts what it starts.
        guard let afterID = identify.current(&state), beforeID != afterID else { return ending }
        return .merging(ending, path.modify(&state) { childStarted(&$0!) })
      },
      ended: Self.ended(ended) { before, after in
        path.withPart(of: before) { before in path.withPart(of: after) { childEnded(before, $0) } }
      },
      started: Self.started(started) { state in
        path.isPresent(in: &state) ? path.modify(&state) { childStarted(&$0!) } : .none
      })
  }
}

/// How ``Reduce/ifLet(_:action:then:)`` tells one child from another.
@usableFromInline
protocol ChildIdentity<State, Child> {
  associatedtype State
  associatedtype Child
  associatedtype ID: Hashable & Sendable
  /// The identity of the child in `state`, or `nil` when it is not there. In place: a copy of
  /// the state at every level of a tree, twice on every action, would cost more than the rest.
  func current(_ state: inout State) -> ID?
  /// The identity of `child`.
  func identity(of child: Child) -> ID
}

/// A child that is not `Identifiable`: known by its presence alone, read without copying it.
@usableFromInline
struct ChildPresence<State, Child>: ChildIdentity {
  @usableFromInline let path: StatePath<State, Child?>

  @inlinable init(path: StatePath<State, Child?>) { self.path = path }

  @inlinable func current(_ state: inout State) -> Bool? { path.isPresent(in: &state) ? true : nil }

  @inlinable func identity(of child: Child) -> Bool { true }
}

/// An `Identifiable` child: known by its `id`, so that one replaced by another ends.
@usableFromInline
struct ChildByID<State, Child: Identifiable>: ChildIdentity where Child.ID: Sendable {
  @usableFromInline let path: StatePath<State, Child?>

  @inlinable init(path: StatePath<State, Child?>) { self.path = path }

  @inlinable func current(_ state: inout State) -> Child.ID? { path.withPart(in: &state) { $0.pointee?.id } }

  @inlinable func identity(of child: Child) -> Child.ID { child.id }
}
