/// An effect, as an inspector sees it: its number within its owner, the id it was started under,
/// and the line that created it.
///
/// The same effect has the same ``number`` in its `effectStarted`, `effectFinished` and
/// `effectCancelled` records.
public struct InspectedEffect: Sendable, Hashable, CustomStringConvertible {
  /// Counts the effects of one owner, from 1, in the order they started.
  public let number: UInt64
  /// The id the effect is cancellable by, if it has one.
  public let id: EffectID?
  /// Where the effect was created, such as the line of `.run` or of `Runtime.map`.
  public let callSite: CallSite?

  package init(number: UInt64, id: EffectID?, callSite: CallSite?) {
    self.number = number
    self.id = id
    self.callSite = callSite
  }

  public var description: String {
    "effect #\(number)" + (id.map { " (id \($0.base))" } ?? "") + (callSite.map { " from \($0)" } ?? "")
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.number == rhs.number && lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}
