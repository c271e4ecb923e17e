#if canImport(SwiftUI)
  public import SwiftUI

  extension StoreProtocol where Action: CaseRoutable {
    /// A binding for `sheet(item:)`, `popover(item:)` or `navigationDestination(item:)`: the
    /// child's store while it is there; SwiftUI's dismissal sends `dismiss`.
    ///
    /// ```swift
    /// import SwiftUI
    ///
    /// struct DetailState: Equatable { var title = "" }
    /// enum DetailAction: Sendable { case close }
    /// struct AppState { var detail: DetailState? }
    /// @CaseRoutable enum AppAction: Sendable { case show, detail(DetailAction) }
    ///
    /// struct DetailView: View {
    ///   let store: ScopedStore<DetailState, DetailAction>
    ///   var body: some View { Text(store.state.title) }
    /// }
    ///
    /// struct AppView: View {
    ///   let store: Store<AppState, AppAction, Void>
    ///   var body: some View {
    ///     Button("Show") { store.send(.show) }
    ///       .sheet(item: store.binding(\.detail, action: \.detail, dismiss: .detail(.close))) { detail in
    ///         DetailView(store: detail)
    ///       }
    ///   }
    /// }
    /// ```
    ///
    /// The view that reads the binding observes the child's field (the whole state, for a state
    /// that is not `@ObservableState`): it is told when the child comes or goes, not by the child's
    /// actions, which the child's view observes through its store. A diagnostic the dismissal
    /// causes is reported at the line that made the binding.
    ///
    /// - Parameters:
    ///   - toChild: The optional child's state.
    ///   - action: The case of the parent's action that carries the child's actions.
    ///   - dismiss: The action that ends the child.
    ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
    ///   - filePath: The caller's file path, for diagnostics.
    ///   - line: The caller's line, for diagnostics.
    ///   - column: The caller's column, for diagnostics.
    public func binding<ChildState, ChildAction>(
      _ toChild: WritableKeyPath<State, ChildState?>,
      action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
      dismiss: Action,
      fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column
    ) -> Binding<ScopedStore<ChildState, ChildAction>?> {
      let paths = SendableKeyPaths(state: toChild, action: action)
      return Binding(
        get: {
          MainActor.assumeIsolated {
            // Observed: `presentation` reads the child's field, so the binding changes when the
            // child comes or goes.
            self.presentation(paths.state, action: paths.action, dismiss: dismiss).store
          }
        },
        set: { newValue in
          MainActor.assumeIsolated {
            guard newValue == nil else { return }
            self.presentation(paths.state, action: paths.action, dismiss: dismiss)
              .dismiss(fileID: fileID, filePath: filePath, line: line, column: column)
          }
        })
    }

    /// A binding for `NavigationStack(path:)`: the ids of the stack's screens; going back sends
    /// `.popFrom(id:)`. Give each screen its store with ``StackNavigation/store(for:)``.
    ///
    /// ```swift
    /// import SwiftUI
    ///
    /// struct ScreenState: Equatable { var title = "" }
    /// enum ScreenAction: Sendable { case save }
    /// struct StackAppState { var path = StackState<ScreenState>() }
    /// @CaseRoutable enum StackAppAction: Sendable { case path(StackAction<ScreenState, ScreenAction>) }
    ///
    /// struct ScreenView: View {
    ///   let store: ScopedStore<ScreenState, ScreenAction>
    ///   var body: some View { Button("Save \(store.state.title)") { store.send(.save) } }
    /// }
    ///
    /// struct StackView: View {
    ///   let store: Store<StackAppState, StackAppAction, Void>
    ///   var body: some View {
    ///     NavigationStack(path: store.pathBinding(\.path, action: \.path)) {
    ///       Button("Open") { store.send(.path(.push(ScreenState(title: "Detail")))) }
    ///         .navigationDestination(for: StackElementID.self) { id in
    ///           if let screen = store.navigation(\.path, action: \.path).store(for: id) {
    ///             ScreenView(store: screen)
    ///           }
    ///         }
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// A diagnostic that going back causes is reported at the line that made the binding.
    ///
    /// - Parameters:
    ///   - toStack: The stack's state.
    ///   - action: The case of the parent's action that carries the stack's actions.
    ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
    ///   - filePath: The caller's file path, for diagnostics.
    ///   - line: The caller's line, for diagnostics.
    ///   - column: The caller's column, for diagnostics.
    public func pathBinding<ElementState, ElementAction>(
      _ toStack: WritableKeyPath<State, StackState<ElementState>>,
      action: KeyPath<Action.Cases, EnumCase<Action, StackAction<ElementState, ElementAction>>>,
      fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column
    ) -> Binding<[StackElementID]> {
      let paths = SendableKeyPaths(state: toStack, action: action)
      return Binding(
        get: {
          MainActor.assumeIsolated {
            // Observed: `navigation` reads the stack's field, so the path changes with the stack.
            self.navigation(paths.state, action: paths.action).ids
          }
        },
        set: { ids in
          MainActor.assumeIsolated {
            self.navigation(paths.state, action: paths.action)
              .setIDs(ids, fileID: fileID, filePath: filePath, line: line, column: column)
          }
        })
    }
  }

  /// Key paths that a binding's closures capture.
  // Unchecked, and safe: a key path is immutable once made, so it may be read from any thread.
  private struct SendableKeyPaths<StatePath, ActionPath>: @unchecked Sendable {
    let state: StatePath
    let action: ActionPath
  }
#endif
