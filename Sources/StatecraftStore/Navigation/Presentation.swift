import ConcurrencyExtras

/// An optional child feature as a sheet, a popover or a pushed screen sees it: its store while it
/// is there, and a way to dismiss it. SwiftUI's `Binding` for `sheet(item:)` is made from it
/// (`Store.binding(_:action:dismiss:)`, with SwiftUI); on Linux, use it directly.
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
/// detail.store?.send(.save)
/// detail.dismiss()            // sends .detail(.close), whose reducer sets `detail` to nil
/// ```
@MainActor
public struct Presentation<ChildState, ChildAction: Sendable> {
  /// The child's store, or `nil` while the child is not there. Its `id` is the same for as long
  /// as the child is (its key path, and its `id` when it is `Identifiable`), so that a sheet
  /// presented for it stays up while it changes.
  public let store: ScopedStore<ChildState, ChildAction>?
  private let sendDismiss: @MainActor (CallSite) -> Void

  init(store: ScopedStore<ChildState, ChildAction>?, dismiss: @escaping @MainActor (CallSite) -> Void) {
    self.store = store
    self.sendDismiss = dismiss
  }

  /// Whether the child is there.
  public var isPresented: Bool { store != nil }

  /// Sends the dismiss action, if the child is there: the parent's reducer ends the child, and
  /// with it every effect the child started. A diagnostic the action causes is reported at the
  /// line of this call.
  ///
  /// - Parameters:
  ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
  ///   - filePath: The caller's file path, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  public func dismiss(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    guard store != nil else { return }
    sendDismiss(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A navigation stack as SwiftUI's `NavigationStack(path:)` sees it: the ids of its screens, and
/// a way to pop them. Pushes are actions (`.path(.push(…))`), sent as any other.
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
/// store.send(.path(.push(ScreenState())))
/// let path = store.navigation(\.path, action: \.path)
/// print(path.ids)                // [#0, #1]
/// path.store(for: 0)?.send(.save)
/// path.setIDs([0])               // the back button: sends .path(.popFrom(id: 1))
/// ```
@MainActor
public struct StackNavigation<ElementState, ElementAction: Sendable> {
  /// The ids of the screens, root first.
  public let ids: [StackElementID]
  private let makeStore: @MainActor (StackElementID) -> ScopedStore<ElementState, ElementAction>?
  private let popFrom: @MainActor (StackElementID, CallSite) -> Void

  init(
    ids: [StackElementID],
    store: @escaping @MainActor (StackElementID) -> ScopedStore<ElementState, ElementAction>?,
    popFrom: @escaping @MainActor (StackElementID, CallSite) -> Void
  ) {
    self.ids = ids
    self.makeStore = store
    self.popFrom = popFrom
  }

  /// The store of the screen `id`, or `nil` if it is not on the stack.
  public func store(for id: StackElementID) -> ScopedStore<ElementState, ElementAction>? {
    makeStore(id)
  }

  /// What SwiftUI writes when the user goes back: a shorter path pops the screens past it, with
  /// one `.popFrom(id:)`. A path that is not a prefix of the stack (SwiftUI never writes one for
  /// a back navigation) pops from the first id that differs, and pushes nothing: pushes are
  /// actions. A diagnostic the pop causes, such as a screen already gone from a stale
  /// `StackNavigation`, is reported at the line of this call.
  ///
  /// - Parameters:
  ///   - newIDs: The path SwiftUI wrote.
  ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
  ///   - filePath: The caller's file path, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  public func setIDs(
    _ newIDs: [StackElementID],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let kept = zip(ids, newIDs).prefix { $0 == $1 }.count
    guard kept < ids.count else { return }
    popFrom(ids[kept], CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The identity of a presented child's store: where it is, and which child.
struct PresentationID: Hashable, Sendable {
  let site: ChildSite
  let child: AnyHashableSendable?
}
