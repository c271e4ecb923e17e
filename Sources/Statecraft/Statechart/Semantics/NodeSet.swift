/// A set of a chart's states, by their index in document order: a bit set that needs no heap for
/// charts of up to 128 states, and iterates in document order or its reverse, the orders in which
/// SCXML enters and exits states.
struct NodeSet: Hashable, Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  /// Words for states 128 and up; empty, and unallocated, for smaller charts.
  private var rest: [UInt64] = []

  init() {}

  var isEmpty: Bool { low == 0 && high == 0 && rest.allSatisfy { $0 == 0 } }

  var count: Int {
    low.nonzeroBitCount + high.nonzeroBitCount + rest.reduce(0) { $0 + $1.nonzeroBitCount }
  }

  func contains(_ index: Int) -> Bool {
    let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
    return self.word(word) & (1 << UInt64(bit)) != 0
  }

  mutating func insert(_ index: Int) {
    let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
    update(word) { $0 |= 1 << UInt64(bit) }
  }

  mutating func remove(_ index: Int) {
    let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
    update(word) { $0 &= ~(1 << UInt64(bit)) }
  }

  mutating func formUnion(_ other: NodeSet) {
    low |= other.low
    high |= other.high
    for index in other.rest.indices where other.rest[index] != 0 {
      update(index + 2) { $0 |= other.rest[index] }
    }
  }

  mutating func subtract(_ other: NodeSet) {
    low &= ~other.low
    high &= ~other.high
    for index in rest.indices where index < other.rest.count { rest[index] &= ~other.rest[index] }
  }

  func intersection(_ other: NodeSet) -> NodeSet {
    var result = NodeSet()
    result.low = low & other.low
    result.high = high & other.high
    let count = min(rest.count, other.rest.count)
    if count > 0 { result.rest = (0..<count).map { rest[$0] & other.rest[$0] } }
    return result
  }

  func intersects(_ other: NodeSet) -> Bool {
    if low & other.low != 0 || high & other.high != 0 { return true }
    for index in 0..<min(rest.count, other.rest.count) where rest[index] & other.rest[index] != 0 {
      return true
    }
    return false
  }

  /// The members in `range`.
  func intersection(with range: ClosedRange<Int>) -> NodeSet {
    var result = NodeSet()
    for index in range where contains(index) { result.insert(index) }
    return result
  }

  /// Whether any member lies in `range`.
  func containsAny(in range: ClosedRange<Int>) -> Bool {
    for index in range where contains(index) { return true }
    return false
  }

  /// Calls `body` with each member, in document order.
  func forEach(_ body: (Int) throws -> Void) rethrows {
    for word in 0..<(2 + rest.count) {
      var bits = self.word(word)
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        try body(word * 64 + bit)
        bits &= bits - 1
      }
    }
  }

  /// Calls `body` with each member, in reverse document order.
  func forEachReversed(_ body: (Int) throws -> Void) rethrows {
    for word in (0..<(2 + rest.count)).reversed() {
      var bits = self.word(word)
      while bits != 0 {
        let bit = 63 - bits.leadingZeroBitCount
        try body(word * 64 + bit)
        bits &= ~(1 << UInt64(bit))
      }
    }
  }

  /// The members, in document order.
  var members: [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    forEach { result.append($0) }
    return result
  }

  private func word(_ index: Int) -> UInt64 {
    switch index {
    case 0: low
    case 1: high
    default: index - 2 < rest.count ? rest[index - 2] : 0
    }
  }

  private mutating func update(_ index: Int, _ body: (inout UInt64) -> Void) {
    switch index {
    case 0: body(&low)
    case 1: body(&high)
    default:
      if index - 2 >= rest.count { rest.append(contentsOf: repeatElement(0, count: index - 1 - rest.count)) }
      body(&rest[index - 2])
    }
  }

  static func == (lhs: NodeSet, rhs: NodeSet) -> Bool {
    guard lhs.low == rhs.low, lhs.high == rhs.high else { return false }
    let count = max(lhs.rest.count, rhs.rest.count)
    for index in 0..<count where lhs.word(index + 2) != rhs.word(index + 2) { return false }
    return true
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(low)
    hasher.combine(high)
    for word in rest where word != 0 { hasher.combine(word) }
  }
}
