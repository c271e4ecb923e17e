/// The timers in firing order, as a persistent treap: a binary search tree on (due time, sequence
/// number) whose nodes are also a heap on a priority mixed from the sequence number, which keeps
/// its height logarithmic in expectation.
///
/// Persistent, because a snapshot is a value: the pure step function returns a new snapshot and
/// leaves the one it was given, and a running chart's observers keep theirs. Nodes never change;
/// an insertion or removal copies the O(log n) nodes on its path and shares the rest, so that
/// copying a snapshot costs O(1) and a step that touches one timer O(log n), however many are
/// pending. (A sorted array, or a heap in one buffer, is copied whole by the first change after
/// every copy.)
@usableFromInline
struct ChartTimerTree<ID: Hashable & Sendable, Event: Sendable>: Sendable {
  @usableFromInline typealias Timer = ChartTimer<ID, Event>

  @usableFromInline
  final class Node: Sendable {
    @usableFromInline let timer: Timer
    @usableFromInline let priority: UInt64
    @usableFromInline let left: Node?
    @usableFromInline let right: Node?

    @inlinable init(_ timer: Timer, priority: UInt64, left: Node?, right: Node?) {
      self.timer = timer
      self.priority = priority
      self.left = left
      self.right = right
    }

    @inlinable func with(left: Node?) -> Node { Node(timer, priority: priority, left: left, right: right) }
    @inlinable func with(right: Node?) -> Node { Node(timer, priority: priority, left: left, right: right) }
  }

  /// The tree: `nil` when no timer is pending.
  @usableFromInline var root: Node?

  @inlinable init() {}

  @inlinable var isEmpty: Bool { root == nil }

  /// The timer that fires first: the leftmost node.
  @inlinable var first: Timer? {
    guard var node = root else { return nil }
    while let left = node.left { node = left }
    return node.timer
  }

  /// Every timer, in firing order.
  @inlinable var sorted: [Timer] {
    var result: [Timer] = []
    var stack: [Node] = []
    var node = root
    while node != nil || !stack.isEmpty {
      while let current = node {
        stack.append(current)
        node = current.left
      }
      let next = stack.removeLast()
      result.append(next.timer)
      node = next.right
    }
    return result
  }

  @inlinable mutating func insert(_ timer: Timer) {
    let (less, greater) = Self.split(root, at: timer)
    root = Self.merge(Self.merge(less, Node(timer, priority: Self.priority(of: timer), left: nil, right: nil)), greater)
  }

  /// Removes the timer that fires first.
  @inlinable mutating func removeFirst() {
    guard let root else { return }
    self.root = Self.removingFirst(root)
  }

  /// Removes `timer`, if it is here.
  @inlinable mutating func remove(_ timer: Timer) {
    var removed = false
    root = Self.removing(timer, from: root, removed: &removed)
  }

  // MARK: The treap's operations, each along one path

  @inlinable static func precedes(_ lhs: Timer, _ rhs: Timer) -> Bool {
    (lhs.due, lhs.sequence) < (rhs.due, rhs.sequence)
  }

  /// A priority hashed from the sequence number with the process's random seed: consecutive
  /// numbers get unrelated priorities, and no snapshot from elsewhere can choose numbers that make
  /// the tree a chain (whose recursion would be as deep as it is long). The tree's shape changes
  /// nothing but speed.
  @inlinable static func priority(of timer: Timer) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(timer.sequence)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// The timers before `pivot`, and those from it on.
  @inlinable static func split(_ node: Node?, at pivot: Timer) -> (Node?, Node?) {
    guard let node else { return (nil, nil) }
    if precedes(node.timer, pivot) {
      let (less, greater) = split(node.right, at: pivot)
      return (node.with(right: less), greater)
    }
    let (less, greater) = split(node.left, at: pivot)
    return (less, node.with(left: greater))
  }

  /// Both trees as one, every timer of `lhs` firing before every timer of `rhs`.
  @inlinable static func merge(_ lhs: Node?, _ rhs: Node?) -> Node? {
    guard let lhs else { return rhs }
    guard let rhs else { return lhs }
    if lhs.priority >= rhs.priority { return lhs.with(right: merge(lhs.right, rhs)) }
    return rhs.with(left: merge(lhs, rhs.left))
  }

  @inlinable static func removingFirst(_ node: Node) -> Node? {
    guard let left = node.left else { return node.right }
    return node.with(left: removingFirst(left))
  }

  @inlinable static func removing(_ timer: Timer, from node: Node?, removed: inout Bool) -> Node? {
    guard let node else { return nil }
    if node.timer.sequence == timer.sequence {
      removed = true
      return merge(node.left, node.right)
    }
    if precedes(timer, node.timer) {
      let left = removing(timer, from: node.left, removed: &removed)
      return removed ? node.with(left: left) : node
    }
    let right = removing(timer, from: node.right, removed: &removed)
    return removed ? node.with(right: right) : node
  }
}
