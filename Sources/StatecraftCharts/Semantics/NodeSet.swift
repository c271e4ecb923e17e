/// A set of a chart's states, by their index in document order: a bit set that needs no heap for
/// charts of up to 128 states, and iterates in document order or its reverse, the orders in which
/// SCXML enters and exits states.
@usableFromInline struct NodeSet: Hashable, Sendable {
  @usableFromInline var low: UInt64 = 0
  @usableFromInline var high: UInt64 = 0
  /// Words for states 128 and up; `nil` for smaller charts, so that copying a set retains nothing.
  @usableFromInline var overflow: [UInt64]? = nil

  @inlinable init() {}

  /// How many words the set has.
  @inlinable var wordCount: Int { 2 + (overflow?.count ?? 0) }

  @inlinable var isEmpty: Bool {
    low == 0 && high == 0 && (overflow?.allSatisfy { $0 == 0 } ?? true)
  }

  @inlinable var count: Int {
    low.nonzeroBitCount + high.nonzeroBitCount
      + (overflow?.reduce(0) { $0 + $1.nonzeroBitCount } ?? 0)
  }

  @inlinable func contains(_ index: Int) -> Bool {
    let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
    return self.word(word) & (1 << UInt64(bit)) != 0
  }

  @inlinable mutating func insert(_ index: Int) {
    let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
    update(word) { $0 |= 1 << UInt64(bit) }
  }

  @inlinable mutating func remove(_ index: Int) {
    let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
    update(word) { $0 &= ~(1 << UInt64(bit)) }
  }

  @inlinable mutating func formUnion(_ other: NodeSet) {
    low |= other.low
    high |= other.high
    guard let words = other.overflow else { return }
    for index in words.indices where words[index] != 0 {
      update(index + 2) { $0 |= words[index] }
    }
  }

  @inlinable mutating func subtract(_ other: NodeSet) {
    low &= ~other.low
    high &= ~other.high
    guard overflow != nil, let words = other.overflow else { return }
    for index in words.indices where index + 2 < wordCount {
      update(index + 2) { $0 &= ~words[index] }
    }
  }

  @inlinable func intersection(_ other: NodeSet) -> NodeSet {
    var result = NodeSet()
    result.low = low & other.low
    result.high = high & other.high
    if let mine = overflow, let theirs = other.overflow {
      result.overflow = zip(mine, theirs).map { $0 & $1 }
    }
    return result
  }

  @inlinable func union(_ other: NodeSet) -> NodeSet {
    var result = self
    result.formUnion(other)
    return result
  }

  @inlinable func intersects(_ other: NodeSet) -> Bool {
    if low & other.low != 0 || high & other.high != 0 { return true }
    guard let mine = overflow, let theirs = other.overflow else { return false }
    return zip(mine, theirs).contains { $0 & $1 != 0 }
  }

  /// The members in `range`.
  @inlinable func intersection(with range: ClosedRange<Int>) -> NodeSet {
    var result = self
    result.keep(range)
    return result
  }

  /// Whether any member lies in `range`.
  @inlinable func containsAny(in range: ClosedRange<Int>) -> Bool {
    var members = self
    members.keep(range)
    return !members.isEmpty
  }

  /// Removes the members outside `range`, a word at a time.
  @inlinable mutating func keep(_ range: ClosedRange<Int>) {
    low &= Self.mask(range, word: 0)
    high &= Self.mask(range, word: 1)
    guard var words = overflow else { return }
    for index in words.indices { words[index] &= Self.mask(range, word: index + 2) }
    overflow = words
  }

  /// The bits of word `word` that `range` covers.
  @inlinable static func mask(_ range: ClosedRange<Int>, word: Int) -> UInt64 {
    let first = word * 64
    let last = first + 63
    guard range.upperBound >= first, range.lowerBound <= last else { return 0 }
    let low = Swift.max(range.lowerBound, first) - first
    let high = Swift.min(range.upperBound, last) - first
    let upTo: UInt64 = high == 63 ? ~0 : (1 << UInt64(high + 1)) - 1
    return upTo & ~((1 << UInt64(low)) - 1)
  }

  /// Calls `body` with each member, in document order.
  @inlinable func forEach(_ body: (Int) throws -> Void) rethrows {
    for word in 0..<wordCount {
      var bits = self.word(word)
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        try body(word * 64 + bit)
        bits &= bits - 1
      }
    }
  }

  /// Calls `body` with each member, in reverse document order.
  @inlinable func forEachReversed(_ body: (Int) throws -> Void) rethrows {
    for word in (0..<wordCount).reversed() {
      var bits = self.word(word)
      while bits != 0 {
        let bit = 63 - bits.leadingZeroBitCount
        try body(word * 64 + bit)
        bits &= ~(1 << UInt64(bit))
      }
    }
  }

  /// The members, in document order.
  @inlinable var members: [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    forEach { result.append($0) }
    return result
  }

  @inlinable func word(_ index: Int) -> UInt64 {
    switch index {
    case 0: low
    case 1: high
    default: index - 2 < (overflow?.count ?? 0) ? overflow![index - 2] : 0
    }
  }

  @inlinable mutating func update(_ index: Int, _ body: (inout UInt64) -> Void) {
    switch index {
    case 0: body(&low)
    case 1: body(&high)
    default:
      var words = overflow ?? []
      overflow = nil
      if index - 2 >= words.count {
        words.append(contentsOf: repeatElement(0, count: index - 1 - words.count))
      }
      body(&words[index - 2])
      overflow = words
    }
  }

  @inlinable static func == (lhs: NodeSet, rhs: NodeSet) -> Bool {
    guard lhs.low == rhs.low, lhs.high == rhs.high else { return false }
    let count = max(lhs.wordCount, rhs.wordCount)
    for index in 2..<max(count, 2) where lhs.word(index) != rhs.word(index) { return false }
    return true
  }

  @inlinable func hash(into hasher: inout Hasher) {
    hasher.combine(low)
    hasher.combine(high)
    for word in overflow ?? [] where word != 0 { hasher.combine(word) }
  }
}
