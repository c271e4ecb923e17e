#if canImport(SwiftUI)
  public import SwiftUI

  extension Store where Action: CaseRoutable {
    /// A binding for `sheet(item:)`, `popover(item:)` or `navigationDestination(item:)`: the
    /// child's store while it is there; SwiftUI's dismissal sends `dismiss`.
    ///
    /// ```swift
    /// .sheet(item: store.binding(\.detail, action: \.detail, dismiss: .detail(.close))) { detail in
    ///   DetailView(store: detail)
    /// }
    /// ```
    ///
    /// The view that reads the binding observes this store's state, as a view reading
    /// `store.state` does; the child's view observes only the child, through its store.
    public func binding<ChildState, ChildAction>(
      _ toChild: WritableKeyPath<State, ChildState?>,
      action: KeyPath<Action.Cases, EnumCase<Action, ChildAction>>,
      dismiss: Action
    ) -> Binding<ScopedStore<ChildState, ChildAction>?> {
      let paths = SendableKeyPaths(state: toChild, action: action)
      return Binding(
        get: {
          MainActor.assumeIsolated {
            _ = self.state  // observed: the binding changes when the child comes or goes
            return self.presentation(paths.state, action: paths.action, dismiss: dismiss).store
          }
        },
        set: { newValue in
          MainActor.assumeIsolated {
            guard newValue == nil else { return }
            self.presentation(paths.state, action: paths.action, dismiss: dismiss).dismiss()
          }
        })
    }

    /// A binding for `NavigationStack(path:)`: the ids of the stack's screens; going back sends
    /// `.popFrom(id:)`. Give each screen its store with ``StackNavigation/store(for:)``.
    ///
    /// ```swift
    /// NavigationStack(path: store.pathBinding(\.path, action: \.path)) {
    ///   RootView()
    ///     .navigationDestination(for: StackElementID.self) { id in
    ///       if let screen = store.navigation(\.path, action: \.path).store(for: id) {
    ///         ScreenView(store: screen)
    ///       }
    ///     }
    /// }
    /// ```
    public func pathBinding<ElementState, ElementAction>(
      _ toStack: WritableKeyPath<State, StackState<ElementState>>,
      action: KeyPath<Action.Cases, EnumCase<Action, StackAction<ElementState, ElementAction>>>
    ) -> Binding<[StackElementID]> {
      let paths = SendableKeyPaths(state: toStack, action: action)
      return Binding(
        get: {
          MainActor.assumeIsolated {
            _ = self.state  // observed: the path changes with the stack
            return self.navigation(paths.state, action: paths.action).ids
          }
        },
        set: { ids in
          MainActor.assumeIsolated { self.navigation(paths.state, action: paths.action).setIDs(ids) }
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
