/// The identity of one element of a ``StackState``: numbered as elements are pushed, never reused
/// by the same stack, so that a screen pushed again is a new element whose effects start afresh.
///
/// Numbers are deterministic (the first element pushed on an empty stack is 0, the next 1), so
/// that a test names them: `.path(.element(id: 0, action: .save))`.
///
/// ```swift
/// var stack = StackState<String>()
/// let list = stack.append("list")
/// let detail = stack.append("detail")
/// print(list == 0, list < detail, detail)   // true true #1
/// ```
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The element's number in its stack.
  public let rawValue: Int

  /// The id numbered `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The id numbered `value`, so that a test writes `0` for the first element pushed.
  public init(integerLiteral value: Int) { self.rawValue = value }

  /// Orders ids by number: of two elements of one stack, the one pushed later is greater.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  /// The number after a `#`: `#0` for the first element pushed.
  public var description: String { "#\(rawValue)" }
}
