/// A short list that keeps its first two elements inline: the transitions a step enables, which
/// are nearly always one or two, without touching the heap.
struct SmallList<Element> {
  private var first: Element?
  private var second: Element?
  private var more: [Element] = []

  init() {}

  var count: Int { (first == nil ? 0 : 1) + (second == nil ? 0 : 1) + more.count }
  var isEmpty: Bool { first == nil }

  subscript(index: Int) -> Element {
    switch index {
    case 0: first!
    case 1: second!
    default: more[index - 2]
    }
  }

  mutating func append(_ element: Element) {
    if first == nil {
      first = element
    } else if second == nil {
      second = element
    } else {
      more.append(element)
    }
  }

  /// Removes the elements at `indices`, keeping the others in order.
  mutating func remove(where shouldRemove: (Element) -> Bool) {
    var kept = SmallList()
    for index in 0..<count where !shouldRemove(self[index]) { kept.append(self[index]) }
    self = kept
  }

  func contains(where predicate: (Element) -> Bool) -> Bool {
    for index in 0..<count where predicate(self[index]) { return true }
    return false
  }
}
