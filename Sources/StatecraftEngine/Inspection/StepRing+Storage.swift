extension StepRing {
  /// Steps written since the last take: `count` of them from `start`, wrapping around, in room
  /// for `allocated`, which grows by doubling up to the ring's capacity: an owner that takes few
  /// steps between takes keeps little.
  @usableFromInline
  // Unchecked: handed through the ring's slot between the writer that holds it and the one reader
  // that took it, each touching its steps only while it holds them.
  struct Storage: @unchecked Sendable {
    @usableFromInline var steps: UnsafeMutablePointer<Step>
    @usableFromInline var allocated: Int
    @usableFromInline var start = 0
    @usableFromInline var count = 0
    @usableFromInline var dropped: UInt64 = 0
    /// How many of the steps hold states.
    @usableFromInline var holdingStates = 0

    init(allocated: Int) {
      self.steps = .allocate(capacity: allocated)
      self.allocated = allocated
    }

    init(emptied: Storage) {
      self.steps = emptied.steps
      self.allocated = emptied.allocated
    }

    /// Whether writing a step needs room made first: the ring holds `capacity` steps, or, for a
    /// step that holds states, `statesLimit` that do.
    @inlinable @inline(__always)
    func isFull(capacity: Int, statesLimit: Int, holdingStates holds: Bool) -> Bool {
      count >= capacity || holds && holdingStates >= statesLimit
    }

    /// Writes a step after the last, or over the oldest once the ring's capacity is reached; a
    /// step that holds states first drops the oldest while `statesLimit` steps hold states.
    @inlinable @inline(__always)
    mutating func append(_ step: consuming Step, capacity: Int, statesLimit: Int) {
      if _slowPath(step.holdsStates && holdingStates >= statesLimit) {
        dropOldest(whileHoldingStates: statesLimit)
      }
      if count == allocated, allocated < capacity { grow(capacity: capacity) }
      if step.holdsStates { holdingStates &+= 1 }
      if count < allocated {
        var index = start &+ count
        if index >= allocated { index &-= allocated }
        (steps + index).initialize(to: step)
        count &+= 1
      } else {
        if (steps + start).pointee.holdsStates { holdingStates &-= 1 }
        (steps + start).pointee = step
        start = start &+ 1 == allocated ? 0 : start &+ 1
        dropped &+= 1
      }
    }

    /// Drops the oldest steps, counting them, until fewer than `statesLimit` hold states.
    @inlinable @inline(never)
    mutating func dropOldest(whileHoldingStates statesLimit: Int) {
      while count > 0, holdingStates >= statesLimit {
        let oldest = (steps + start).move()
        if oldest.holdsStates { holdingStates -= 1 }
        start = start + 1 == allocated ? 0 : start + 1
        count -= 1
        dropped += 1
      }
    }

    /// Doubles the room, up to `capacity`, keeping the steps in order.
    @inlinable @inline(never)
    mutating func grow(capacity: Int) {
      let larger = UnsafeMutablePointer<Step>.allocate(capacity: min(capacity, 2 * allocated))
      let first = min(count, allocated - start)
      larger.moveInitialize(from: steps + start, count: first)
      (larger + first).moveInitialize(from: steps, count: count - first)
      steps.deallocate()
      steps = larger
      allocated = min(capacity, 2 * allocated)
      start = 0
    }

    /// Destroys the steps it holds, and frees their room.
    func deallocate() {
      let first = min(count, allocated - start)
      (steps + start).deinitialize(count: first)
      steps.deinitialize(count: count - first)
      steps.deallocate()
    }
  }
}
