/// The identity of one element of a ``StackState``: numbered as elements are pushed, never reused
/// by the same stack, so that a screen pushed again is a new element whose effects start afresh.
///
/// Numbers are deterministic (the first element pushed on an empty stack is 0, the next 1), so
/// that a test names them: `.path(.element(id: 0, action: .save))`.
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The element's number in its stack.
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }
  public init(integerLiteral value: Int) { self.rawValue = value }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "#\(rawValue)" }
}
