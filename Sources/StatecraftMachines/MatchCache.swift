/// What a running machine remembers of its definition's matching: for each state case, the
/// `When`s that can match it, so that an event does not try every `When`.
///
/// It belongs to one running machine, never to the definition: a ``StateMachine`` stays a pure
/// value that many machines share, whatever each of them has seen. What it holds depends only on
/// the definition and a case number (a case pattern is tested by case number, so any value of the
/// case gives the same answer). Only the machine's processor touches it, so it needs no lock.
@usableFromInline
struct MatchCache {
  /// Indexed by state case number; `nil` until that case is first seen. An array, not a
  /// dictionary: case numbers are small, and hashing would cost more than the lookups it saves.
  @usableFromInline var whensByStateCase: [[Int]?] = []

  @usableFromInline
  init() {}

  /// Case numbers the table indexes directly; a type that numbers its cases beyond (a hand-written
  /// `dslCaseIndex`) is matched without it.
  @usableFromInline static var tableSize: Int { 256 }

  /// Whether `index` has a slot in a table indexed by case number.
  @inlinable
  static func isTableIndex(_ index: Int) -> Bool { index >= 0 && index < tableSize }

  /// Grows a table indexed by case number so that it has a slot for `index`, one of
  /// ``isTableIndex(_:)``.
  @inlinable
  static func makeRoom(in table: inout [[Int]?], for index: Int) {
    if table.count <= index { table.append(contentsOf: repeatElement(nil, count: index + 1 - table.count)) }
  }
}
