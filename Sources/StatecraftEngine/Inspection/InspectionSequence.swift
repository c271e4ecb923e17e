public import Synchronization

/// An owner's record sequence numbers, shared by its records and the ring its steps go to.
@usableFromInline
package final class InspectionSequence: Sendable {
  @usableFromInline let last = Atomic<UInt64>(0)

  package init() {}

  /// The first of the next `count` numbers.
  @inlinable
  package func next(count: UInt64) -> UInt64 {
    last.wrappingAdd(count, ordering: .relaxed).newValue - count + 1
  }

  /// The next number, from 1.
  @inlinable
  package func next() -> UInt64 {
    // Wrapping: a plain `add` checks for overflow in a compare-and-exchange loop, where this is
    // one locked add. A 64-bit count never wraps.
    last.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
