/// Which values of a type a DSL pattern can match, for going straight to the `When`s that a case
/// can match instead of trying them all.
@usableFromInline
enum CaseFilter: Sendable {
  /// A case pattern: it matches every value of one case and nothing else, so testing one value of a
  /// case tells for all of them. The test compares case numbers, not payloads, so it gives the same
  /// answer for every value of the case, `Double.nan` payloads included.
  case caseOnly
  /// A value pattern: it matches only values of the case with this index (`nil` if unknown).
  case value(caseIndex: Int?)
  /// A set: it may match any case.
  case any

  /// Whether the pattern can match values of case `caseIndex`; `sample` is one such value, and
  /// `matches` tests the pattern on it.
  @inlinable
  func admits(caseIndex: Int, _ matches: () -> Bool) -> Bool {
    switch self {
    case .any: true
    case .value(let index): index == nil || index == caseIndex
    case .caseOnly: matches()
    }
  }
}
