extension StepRing {
  /// Steps written since the last take: `count` of them from `start`, wrapping around, in room
  /// for `allocated`, which grows by doubling up to the steps the ring keeps (its capacity, or
  /// its reader's lower ``AnyStepRing/stepLimit``): an owner that takes few steps between takes
  /// keeps little. Each step has a slot for its states beside it, in
  /// `states`, initialised only while the step holds them.
  @usableFromInline
  // Unchecked: handed through the ring's slot between the writer that holds it and the one reader
  // that took it, each touching its steps only while it holds them.
  struct Storage: @unchecked Sendable {
    @usableFromInline var steps: UnsafeMutablePointer<Step>
    /// The states of `steps[i]` at `states[i]`, if it holds states.
    @usableFromInline var states: UnsafeMutablePointer<StepStates<State>>
    @usableFromInline var allocated: Int
    @usableFromInline var start = 0
    @usableFromInline var count = 0
    @usableFromInline var dropped: UInt64 = 0
    /// How many of the steps hold states.
    @usableFromInline var holdingStates = 0

    init(allocated: Int) {
      self.steps = .allocate(capacity: allocated)
      self.states = .allocate(capacity: allocated)
      self.allocated = allocated
    }

    init(emptied: Storage) {
      self.steps = emptied.steps
      self.states = emptied.states
      self.allocated = emptied.allocated
    }

    /// The sequence number of the newest step's `stateUpdated` record; `nil` when empty.
    var lastSequence: UInt64? {
      guard count > 0 else { return nil }
      let last = start + count - 1
      return steps[last < allocated ? last : last - allocated].received + 1
    }

    /// Whether writing a step needs room made first: the ring holds `capacity` steps, or, for a
    /// step that holds states, `statesLimit` that do.
    @inlinable @inline(__always)
    func isFull(capacity: Int, statesLimit: Int, holdingStates holds: Bool) -> Bool {
      count >= capacity || holds && holdingStates >= statesLimit
    }

    /// Writes a step after the last, or over the oldest once the ring's capacity is reached; a
    /// step that holds states first drops the oldest while `statesLimit` steps hold states.
    /// `initializeStates` initialises the step's states slot if it holds states.
    @inlinable @inline(__always)
    mutating func append(
      _ step: consuming Step, capacity: Int, statesLimit: Int,
      initializeStates: (UnsafeMutablePointer<StepStates<State>>) -> Void
    ) {
      let holds = step.holdsStates
      if _slowPath(holds && holdingStates >= statesLimit) {
        dropOldest(whileHoldingStates: statesLimit)
      }
      if count == allocated, allocated < capacity { grow(capacity: capacity) }
      let index: Int
      if count < allocated {
        index = start &+ count >= allocated ? start &+ count &- allocated : start &+ count
        count &+= 1
      } else {
        index = start
        if (steps + index).pointee.holdsStates {
          (states + index).deinitialize(count: 1)
          holdingStates &-= 1
        }
        (steps + index).deinitialize(count: 1)
        start = start &+ 1 == allocated ? 0 : start &+ 1
        dropped &+= 1
      }
      (steps + index).initialize(to: step)
      if holds {
        initializeStates(states + index)
        holdingStates &+= 1
      }
    }

    /// Drops the oldest steps, counting them, until fewer than `statesLimit` hold states.
    @inlinable @inline(never)
    mutating func dropOldest(whileHoldingStates statesLimit: Int) {
      while count > 0, holdingStates >= statesLimit {
        let oldest = (steps + start).move()
        if oldest.holdsStates {
          (states + start).deinitialize(count: 1)
          holdingStates -= 1
        }
        start = start + 1 == allocated ? 0 : start + 1
        count -= 1
        dropped += 1
      }
    }

    /// Doubles the room, up to `capacity`, keeping the steps in order.
    @inlinable @inline(never)
    mutating func grow(capacity: Int) {
      let room = min(capacity, 2 * allocated)
      let largerSteps = UnsafeMutablePointer<Step>.allocate(capacity: room)
      let largerStates = UnsafeMutablePointer<StepStates<State>>.allocate(capacity: room)
      for offset in 0..<count {
        let index = start + offset < allocated ? start + offset : start + offset - allocated
        if (steps + index).pointee.holdsStates {
          (largerStates + offset).moveInitialize(from: states + index, count: 1)
        }
        (largerSteps + offset).moveInitialize(from: steps + index, count: 1)
      }
      steps.deallocate()
      states.deallocate()
      steps = largerSteps
      states = largerStates
      allocated = room
      start = 0
    }

    /// Destroys the steps it holds, and frees their room.
    func deallocate() {
      for offset in 0..<count {
        let index = start + offset < allocated ? start + offset : start + offset - allocated
        if (steps + index).pointee.holdsStates { (states + index).deinitialize(count: 1) }
        (steps + index).deinitialize(count: 1)
      }
      steps.deallocate()
      states.deallocate()
    }
  }
}
