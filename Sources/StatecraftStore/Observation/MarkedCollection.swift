public import IdentifiedCollections
public import OrderedCollections

/// A collection of marked values, each under an id: an `IdentifiedArray` or a ``StackState`` of
/// `@ObservableState` values. A field that holds one is told changed when its ids change or an id
/// holds another value, not when `forEach` runs an element in place, which the element tells its
/// own readers.
@_documentation(visibility: internal)
public protocol MarkedCollection: Collection where Element: ObservableState {
  associatedtype ElementID: Hashable
  /// The ids of the elements, in order.
  var _$ids: OrderedSet<ElementID> { get }
}

extension MarkedCollection {
  /// Whether two collections hold the same ids in the same order, each with the same value.
  @inlinable
  func holdsSameValues(as other: Self) -> Bool {
    _$ids == other._$ids && zip(self, other).allSatisfy { FieldIdentity($0) == FieldIdentity($1) }
  }
}

extension IdentifiedArray: MarkedCollection where Element: ObservableState {
  /// The ids of the elements, in order.
  @inlinable public var _$ids: OrderedSet<ID> { ids }
}

extension StackState: MarkedCollection where Element: ObservableState {
  /// The ids of the screens, root first.
  @inlinable public var _$ids: OrderedSet<StackElementID> { ids }
}
