public import DequeModule

extension Deque {
  /// Its elements in an array. An empty deque is not copied: `Array(_:)` of an empty `Deque`
  /// writes the count of the standard library's shared empty-array storage, which
  /// ThreadSanitizer reports when two threads do it at once.
  @inlinable
  package var elementsInArray: [Element] {
    isEmpty ? [] : Array(self)
  }
}
