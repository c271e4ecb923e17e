import StatecraftEngine

/// The rings a journal reads: the one its owner writes its steps to now, and those of owners gone
/// before it, closed, whose last steps the next write takes first.
struct JournalRings {
  private(set) var current: AnyStepRing?
  private(set) var retired: [AnyStepRing] = []

  /// Takes `ring` as the current one, and retires a closed current ring. While an owner still
  /// writes to the current ring, closes `ring` at once and retires it instead: a journal reads one
  /// owner's ring at a time, and the other owner makes records from now on, but may have written
  /// steps to its ring already.
  mutating func adopt(_ ring: AnyStepRing) -> Bool {
    if let current {
      guard current.isClosed else {
        ring.closeForOwner()
        retired.append(ring)
        return false
      }
      retired.append(current)
    }
    current = ring
    return true
  }

  /// Lets go of `taken`, closed rings whose last steps were taken.
  mutating func forget(_ taken: [AnyStepRing]) {
    retired.removeAll { ring in taken.contains { $0 === ring } }
    if let current, taken.contains(where: { $0 === current }) { self.current = nil }
  }
}
