/// A state whose fields are observed one by one: a view that reads `store.state.title` is not
/// invalidated by a change to `store.state.count`, and an action that changes nothing invalidates
/// no view.
///
/// Conform with the ``ObservableState()`` macro; its requirement is the macro's to write:
///
/// ```swift
/// @ObservableState
/// struct Editor: Equatable {
///   var title = ""
///   var count = 0
/// }
///
/// @MainActor func title(in store: Store<Editor, String, Void>) -> String {
///   store.state.title  // observes `title` alone
/// }
/// ```
public protocol ObservableState {
  /// The value's observation, written by the macro.
  var _$fields: FieldRegistrar { get }
}

/// Makes a state struct observable field by field.
///
/// ```swift
/// @ObservableState
/// struct Counter: Equatable {
///   var count = 0
///   var title = "Counter"
/// }
///
/// @MainActor func makeStore() -> Store<Counter, Int, Void> {
///   Store(initialState: Counter()) { state, delta in
///     state.count += delta
///     return .none
///   }
/// }
/// ```
///
/// A view that reads `store.state.title` is invalidated when an action changes `title`, and by no
/// other action; a send that leaves every field as it was tells no view. Each stored `var` becomes
/// a property with the same name, over private storage; `let`s, computed and static properties, and
/// properties marked ``ObservationStateIgnored()`` are left as they are.
///
/// A state that is not marked is observed whole: a view that reads any of it is invalidated by
/// every action. The Composing Features article has the details, under "Observation per field".
///
/// Declare `Codable` on the struct itself, not in an extension, so that the macro keeps the JSON
/// keys the fields' names.
@attached(member, names: named(_$fields), named(CodingKeys), named(customMirror))
@attached(memberAttribute)
@attached(extension, conformances: ObservableState, CustomReflectable)
public macro ObservableState() = #externalMacro(module: "StatecraftMacros", type: "ObservableStateMacro")

/// Leaves a stored property of an ``ObservableState()`` struct unobserved: changing it tells no
/// view.
///
/// ```swift
/// @ObservableState
/// struct Search {
///   var query = ""
///   @ObservationStateIgnored var keystrokes = 0
/// }
/// ```
@attached(peer)
public macro ObservationStateIgnored() =
  #externalMacro(module: "StatecraftMacros", type: "ObservationStateIgnoredMacro")

/// The accessors of field number `index` of an ``ObservableState()`` struct, which that macro
/// attaches to each stored `var`.
@_documentation(visibility: internal)
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro _ObservedField(_ index: Int) =
  #externalMacro(module: "StatecraftMacros", type: "ObservedFieldMacro")
