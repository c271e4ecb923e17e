/// The transitions a step enables, one per parallel region the event moves: the first three
/// inline, without touching the heap, the others in an array.
///
/// Not generic, and its slots are not optionals: a generic list of optionals was copied,
/// destroyed and tested through value witnesses on every step. A chart whose event moves more
/// than three parallel regions at once allocates for the others.
@usableFromInline struct TransitionList {
  @usableFromInline var count = 0
  @usableFromInline var first = Self.unused
  @usableFromInline var second = Self.unused
  @usableFromInline var third = Self.unused
  /// The transitions past the inline ones: `nil` rather than empty, so that copying and dropping a
  /// list with none retains and releases nothing.
  @usableFromInline var more: [ChartTransitionRef]?

  /// What fills a slot that holds no transition.
  @inlinable static var unused: ChartTransitionRef { ChartTransitionRef(source: -1, ordinal: -1) }

  @inlinable init() {}

  @inlinable var isEmpty: Bool { count == 0 }

  @inlinable subscript(index: Int) -> ChartTransitionRef {
    switch index {
    case 0: first
    case 1: second
    case 2: third
    default: more![index - 3]
    }
  }

  @inlinable mutating func append(_ transition: ChartTransitionRef) {
    switch count {
    case 0: first = transition
    case 1: second = transition
    case 2: third = transition
    default:
      if more == nil { more = [transition] } else { more!.append(transition) }
    }
    count += 1
  }

  /// Removes the transitions `shouldRemove` picks, keeping the others in order.
  @inlinable mutating func remove(where shouldRemove: (ChartTransitionRef) -> Bool) {
    var kept = TransitionList()
    for index in 0..<count where !shouldRemove(self[index]) { kept.append(self[index]) }
    self = kept
  }

  @inlinable func contains(where predicate: (ChartTransitionRef) -> Bool) -> Bool {
    for index in 0..<count where predicate(self[index]) { return true }
    return false
  }
}
