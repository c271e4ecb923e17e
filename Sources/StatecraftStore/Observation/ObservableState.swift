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
  /// The storage of the field at `field`, and the field's number, written by the macro: composition
  /// tools write a field in place through its storage, and tell its observers themselves.
  static func _$storage(of field: AnyKeyPath) -> (storage: AnyKeyPath, index: Int)?
  /// Which marked value field number `field` of `value` holds, written by the macro, where the
  /// field's type is known: composition tools compare it before and after they write the field.
  static func _$identity(of field: Int, at value: UnsafeRawPointer) -> FieldIdentity
  /// The observation of the value at `value`, written by the macro: read in place, without copying
  /// the value.
  static func _$fields(at value: UnsafeRawPointer) -> FieldRegistrar
  /// The case an enum value is in, written by the macro for an enum: with `_$fields`, its
  /// payload's observation, it tells one value from another. A struct is in case 0; a case whose
  /// payload the macro cannot observe is negative, and counts as another value whenever it is
  /// written.
  var _$case: Int { get }
  /// The case of the value at `value`, written by the macro for an enum: read in place, without
  /// copying the value.
  static func _$case(at value: UnsafeRawPointer) -> Int
  /// The names of the observed fields, by number, written by the macro: `fieldChanges(sending:)`
  /// names the fields a send changed with them.
  static var _$fieldNames: [String] { get }
}

extension ObservableState {
  /// No field's storage: composition tools go through the fields' key paths.
  public static func _$storage(of field: AnyKeyPath) -> (storage: AnyKeyPath, index: Int)? { nil }

  /// No field compared.
  public static func _$identity(of field: Int, at value: UnsafeRawPointer) -> FieldIdentity { .unobserved }

  /// The observation of the value at `value`.
  public static func _$fields(at value: UnsafeRawPointer) -> FieldRegistrar {
    value.assumingMemoryBound(to: Self.self).pointee._$fields
  }

  /// A struct's: always 0.
  @inlinable public var _$case: Int { 0 }

  /// A struct's: always 0.
  @inlinable public static func _$case(at value: UnsafeRawPointer) -> Int { 0 }

  /// An enum's: none.
  public static var _$fieldNames: [String] { [] }
}

/// Makes a state struct observable field by field, or an enum state observable case by case.
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
///
/// On an enum, whose cases hold marked states, a view that reads the enum is told when it changes
/// case or its case holds another value; the fields of the case's value are observed one by one:
///
/// ```swift
/// @ObservableState
/// enum Destination: Equatable {
///   case idle
///   case edit(Counter)
/// }
/// ```
///
/// A case whose value is not marked (`case alert(String)`), or that holds several values, counts
/// as changed whenever the enum is written while in it.
@attached(
  member, names: named(_$fields), named(_$storage), named(_$identity), named(_$case), named(_$fieldNames),
  named(CodingKeys), named(customMirror))
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
