public import IdentifiedCollections

extension Store where Action: CaseRoutable {
  /// A store for an optional child feature, which exists only while the child does: a sheet's
  /// store.
  ///
  /// ```swift
  /// if let detail = appStore.scope(state: \.detail, action: \.detail) {
  ///   DetailView(store: detail)
  /// }
  /// ```
  ///
  /// Kept after the child went away, the store reads the child's last state, and its `send` is
  /// reported at its line (``Diagnostic/Kind/childNotPresent``) and changes nothing.
  public func scope<ChildState, ChildAction>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>
  ) -> ScopedStore<ChildState, ChildAction>? {
    scopedOptional(state: toChild, action: action)
  }

  /// One store per element of a collection feature, in the collection's order, each identified by
  /// its element's id, for SwiftUI's `ForEach`.
  ///
  /// ```swift
  /// ForEach(appStore.scope(state: \.todos, action: \.todos)) { todo in
  ///   TodoRow(store: todo)
  /// }
  /// ```
  ///
  /// Kept after its element was removed, a store reads the element's last state, and its `send`
  /// is reported at its line (``Diagnostic/Kind/childNotPresent``) and changes nothing.
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> [ScopedStore<ElementState, ElementAction>] {
    scopedElements(state: toElements, action: action)
  }
}

extension ScopedStore where Action: CaseRoutable {
  /// A store for an optional child of this feature; see ``Store/scope(state:action:)-(WritableKeyPath<State,ChildState?>,_)``.
  public func scope<ChildState, ChildAction>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>
  ) -> ScopedStore<ChildState, ChildAction>? {
    scopedOptional(state: toChild, action: action)
  }

  /// One store per element of a collection of this feature; see
  /// ``Store/scope(state:action:)-(KeyPath<State,IdentifiedArray<ID,ElementState>>,_)``.
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> [ScopedStore<ElementState, ElementAction>] {
    scopedElements(state: toElements, action: action)
  }
}

extension StoreScoping where Action: CaseRoutable {
  func scopedOptional<ChildState, ChildAction>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>
  ) -> ScopedStore<ChildState, ChildAction>? {
    guard let initial = state[keyPath: toChild] else { return nil }
    let route = Action.cases[keyPath: action]
    let last = LastState(initial)
    return ScopedStore(
      readState: { [self] in
        if let current = state[keyPath: toChild] { last.value = current }
        return last.value
      },
      sendAction: { [self] action, callSite in
        send(
          route.embed(action), fileID: callSite.fileID, filePath: callSite.filePath,
          line: callSite.line, column: callSite.column)
      })
  }

  func scopedElements<ID: Hashable & Sendable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> [ScopedStore<ElementState, ElementAction>] {
    let route = Action.cases[keyPath: action]
    let elements = state[keyPath: toElements]
    return zip(elements.ids, elements.elements).map { id, element in
      let last = LastState(element)
      return ScopedStore(
        id: EffectID(id),
        readState: { [self] in
          if let current = state[keyPath: toElements][id: id] { last.value = current }
          return last.value
        },
        sendAction: { [self] action, callSite in
          send(
            route.embed(.element(id: id, action: action)), fileID: callSite.fileID,
            filePath: callSite.filePath, line: callSite.line, column: callSite.column)
        })
    }
  }
}

/// The last state a child store read while its child was there.
@MainActor
private final class LastState<State> {
  var value: State
  init(_ value: State) { self.value = value }
}
