public import ConcurrencyExtras
public import Observation

/// A view of one feature inside a larger store: it reads part of the parent's state and sends the
/// parent's actions.
///
/// ```swift
/// struct AvatarState: Equatable { var url = "" }
/// enum AvatarAction: Sendable { case set(String) }
/// struct ProfileState: Equatable { var name = ""; var avatar = AvatarState() }
/// enum ProfileAction: Sendable { case rename(String), avatar(AvatarAction) }
///
/// struct AppState { var profile = ProfileState(); var launches = 0 }
/// enum AppAction: Sendable { case profile(ProfileAction), launched }
///
/// func reduce(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
///   switch action {
///   case .profile(.rename(let name)): state.profile.name = name
///   case .profile(.avatar(.set(let url))): state.profile.avatar.url = url
///   case .launched: state.launches += 1
///   }
///   return .none
/// }
/// ```
///
/// ```swift
/// let appStore = Store(initialState: AppState(), reducer: reduce)
/// let profile = appStore.scope(state: \.profile, action: AppAction.profile)
/// profile.send(.rename("Ada"))   // sees ProfileState, sends ProfileAction
/// print(profile.state.name)      // Ada
/// ```
///
/// `send` goes through the parent's mailbox, reducer and effects, so everything the parent
/// guarantees holds here too. A scoped store keeps its parent alive.
///
/// **Observation is per child.** A view that reads a scoped store's `state` is invalidated only
/// when that part of the state changes: not when a sibling changes, nor the parent's other fields,
/// nor when an action changes nothing. A scoped store keeps its part of the state from the moment
/// it is first read, and after each action of the parent compares it with the new one, when the
/// part is `Equatable` (a part that is not is taken to change with every action of its parent).
/// Reading it costs the same at any depth of scoping.
///
/// A part marked `@ObservableState` of a state marked too is observed field by field, and its store
/// does not follow its parent: it reads its part when it is read, so that an action costs nothing
/// for the stores whose part it did not change. A view that reads `row.state.title` is told when
/// the title changes, or the path that leads to the row does (the row replaced or removed, rows
/// added, removed or moved).
@MainActor
public final class ScopedStore<State, Action: Sendable>: Observable, Identifiable {
  /// Its part of the parent's state, its observers and the stores scoped from it: held by the
  /// store above too, which tells it of each change.
  @usableFromInline let node: ScopeNode<State>
  @usableFromInline let sendAction: @MainActor (Action, CallSite) -> StoreTask
  /// The store at the root of the tree, which reports this store's diagnostics.
  @usableFromInline let root: any ScopeRoot

  /// The id of the element this store is for, in a collection feature, so that SwiftUI's
  /// `ForEach` keeps each row's identity; this store's own identity otherwise.
  public nonisolated let id: AnyHashableSendable

  @usableFromInline
  init(
    id: AnyHashableSendable?,
    node: ScopeNode<State>,
    root: any ScopeRoot,
    sendAction: @escaping @MainActor (Action, CallSite) -> StoreTask
  ) {
    self.node = node
    self.root = root
    self.sendAction = sendAction
    self.id = id ?? AnyHashableSendable(StoreIdentity())
  }

  /// Tells the store above to drop this store's node at its next change.
  deinit {
    node.isReleased.store(true, ordering: .relaxed)
  }

  /// The child state. Reading it inside SwiftUI or `withObservationTracking` observes this part of
  /// the parent's state alone. After its child went away (an optional child, an element), it is
  /// the child's last state.
  @inlinable
  public var state: State { node.state }

  /// A store's own identity, for stores that are not for an element.
  private final class StoreIdentity: Hashable, Sendable {
    static func == (lhs: StoreIdentity, rhs: StoreIdentity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
}
