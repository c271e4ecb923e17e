/// The first 128 states of a ``NodeSet``, as two words: what a plain step computes with.
@usableFromInline struct NodeWords: Sendable {
  @usableFromInline var low: UInt64
  @usableFromInline var high: UInt64

  @inlinable init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  init(_ set: NodeSet) {
    self.init(low: set.low, high: set.high)
  }

  @inlinable var isEmpty: Bool { low | high == 0 }

  @inlinable func intersection(_ other: NodeWords) -> NodeWords {
    NodeWords(low: low & other.low, high: high & other.high)
  }

  @inlinable func union(_ other: NodeWords) -> NodeWords {
    NodeWords(low: low | other.low, high: high | other.high)
  }

  @inlinable func subtracting(_ other: NodeWords) -> NodeWords {
    NodeWords(low: low & ~other.low, high: high & ~other.high)
  }

  @inlinable func isSubset(of other: NodeWords) -> Bool {
    subtracting(other).isEmpty
  }

  /// Calls `body` with each member, in document order.
  @inlinable func forEach(_ body: (Int) -> Void) {
    for word in 0..<2 {
      var bits = word == 0 ? low : high
      while bits != 0 {
        body(word * 64 + bits.trailingZeroBitCount)
        bits &= bits - 1
      }
    }
  }
}
