/// An effect, as an inspector sees it: its number within its owner, the id it was started under,
/// and the line that created it.
///
/// The same effect has the same ``number`` in its `effectStarted`, `effectFinished` and
/// `effectCancelled` records.
///
/// ```swift
/// let recorder = InspectionRecorder()
/// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
///   count += step
///   return step > 0 ? Effect<Int>.task { -1 }.cancellable(id: "undo") : .none
/// }
/// store.attach(recorder)
/// await store.send(1).finish()
/// for record in recorder.records {
///   if case .effectFinished(let effect) = record.kind {
///     print(effect)   // effect #1 (id undo) from Module/File.swift:…
///   }
/// }
/// ```
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

  /// `effect #3 (id search) from Module/File.swift:12:5`: its number, then its id and call site
  /// when it has them.
  public var description: String {
    "effect #\(number)" + (id.map { " (id \($0.base))" } ?? "") + (callSite.map { " from \($0)" } ?? "")
  }

  /// Two inspected effects are equal when their numbers and ids are. The call site is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.number == rhs.number && lhs.id == rhs.id }
  /// Hashes the ``number`` alone: equal effects have equal numbers.
  public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}
