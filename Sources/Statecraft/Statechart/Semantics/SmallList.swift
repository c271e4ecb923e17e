/// A short list that keeps its first two elements inline: the transitions a step enables, which
/// are nearly always one or two, without touching the heap.
@usableFromInline struct SmallList<Element> {
  @usableFromInline var first: Element?
  @usableFromInline var second: Element?
  @usableFromInline var more: [Element] = []

  @inlinable init() {}

  @inlinable var count: Int { (first == nil ? 0 : 1) + (second == nil ? 0 : 1) + more.count }
  @inlinable var isEmpty: Bool { first == nil }

  @inlinable subscript(index: Int) -> Element {
    switch index {
    case 0: first!
    case 1: second!
    default: more[index - 2]
    }
  }

  @inlinable mutating func append(_ element: Element) {
    if first == nil {
      first = element
    } else if second == nil {
      second = element
    } else {
      more.append(element)
    }
  }

  /// Removes the elements at `indices`, keeping the others in order.
  @inlinable mutating func remove(where shouldRemove: (Element) -> Bool) {
    var kept = SmallList()
    for index in 0..<count where !shouldRemove(self[index]) { kept.append(self[index]) }
    self = kept
  }

  @inlinable func contains(where predicate: (Element) -> Bool) -> Bool {
    for index in 0..<count where predicate(self[index]) { return true }
    return false
  }
}
