import ConcurrencyExtras

extension StoreProtocol where Action: CaseRoutable {
  /// An optional child as a sheet or a pushed screen sees it; see ``Presentation``.
  ///
  /// ```swift
  /// struct DetailState: Equatable { var saves = 0 }
  /// enum DetailAction: Sendable { case save, close }
  ///
  /// struct AppState { var detail: DetailState? }
  /// @CaseRoutable enum AppAction: Sendable { case show, detail(DetailAction) }
  ///
  /// func appReducer() -> Reduce<AppState, AppAction> {
  ///   Reduce<AppState, AppAction> { state, action in
  ///     switch action {
  ///     case .show: state.detail = DetailState()
  ///     case .detail(.close): state.detail = nil
  ///     case .detail: break
  ///     }
  ///     return .none
  ///   }
  ///   .ifLet(\.detail, action: \.detail) {
  ///     Reduce { detail, action in
  ///       if case .save = action { detail.saves += 1 }
  ///       return .none
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reducer: appReducer())
  /// store.send(.show)
  /// let detail = store.presentation(\.detail, action: \.detail, dismiss: .detail(.close))
  /// print(detail.isPresented)   // true
  /// detail.dismiss()
  /// ```
  public func presentation<ChildState, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    dismiss: Action
  ) -> Presentation<ChildState, ChildAction> {
    scopeParent.store.presenting(toChild, action: action, dismiss: dismiss)
  }

  /// An optional, identifiable child as a sheet or a pushed screen sees it: a child replaced by
  /// one of another id is another sheet. See ``Presentation``.
  public func presentation<ChildState: Identifiable, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
    dismiss: Action
  ) -> Presentation<ChildState, ChildAction> where ChildState.ID: Sendable {
    scopeParent.store.presenting(toChild, action: action, dismiss: dismiss) { AnyHashableSendable($0.id) }
  }

  /// A navigation stack as `NavigationStack(path:)` sees it; see ``StackNavigation``.
  ///
  /// ```swift
  /// struct ScreenState: Equatable { var saves = 0 }
  /// enum ScreenAction: Sendable { case save }
  ///
  /// struct StackAppState { var path = StackState<ScreenState>() }
  /// @CaseRoutable enum StackAppAction: Sendable { case path(StackAction<ScreenState, ScreenAction>) }
  ///
  /// func stackReducer() -> Reduce<StackAppState, StackAppAction> {
  ///   Reduce<StackAppState, StackAppAction>.empty
  ///     .forEach(\.path, action: \.path) {
  ///       Reduce { screen, _ in screen.saves += 1; return .none }
  ///     }
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: StackAppState(), reducer: stackReducer())
  /// store.send(.path(.push(ScreenState())))
  /// let path = store.navigation(\.path, action: \.path)
  /// path.store(for: path.ids[0])?.send(.save)
  /// ```
  public func navigation<ElementState, ElementAction>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action: KeyPath<Action.Cases, EnumCase<Action, StackAction<ElementState, ElementAction>>>
  ) -> StackNavigation<ElementState, ElementAction> {
    scopeParent.store.navigating(toStack, action: action)
  }
}
