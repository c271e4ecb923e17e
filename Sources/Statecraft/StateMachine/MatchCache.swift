/// What a running machine remembers of its definition's matching, so that an event does not try
/// every `When` and rebuild every `On`.
///
/// It belongs to one running machine, never to the definition: a ``StateMachine`` stays a pure
/// value that many machines share, whatever each of them has seen. Only the machine's processor
/// touches it, so it needs no lock. It holds:
/// - for each state case, the `When`s that can match it;
/// - for each `When`, the `On`s it built for the last state it matched, reused while the machine
///   stays in an equal state (a definition's closures are pure), with, for each event case, the
///   `On`s that can match it.
@usableFromInline
struct MatchCache<S: DSLCompatible, E: DSLCompatible> {
  @usableFromInline
  struct BuiltOns {
    @usableFromInline let state: S
    @usableFromInline let ons: [On<S, E>]
    /// Indexed by event case number.
    @usableFromInline var byEventCase: [[Int]?] = []

    @usableFromInline
    init(state: S, ons: [On<S, E>]) {
      self.state = state
      self.ons = ons
    }
  }

  /// Indexed by state case number; `nil` until that case is first seen. Arrays, not
  /// dictionaries: case numbers are small, and hashing would cost more than the lookups it saves.
  @usableFromInline var whensByStateCase: [[Int]?] = []
  /// Indexed by `When` number.
  @usableFromInline var onsByWhen: [BuiltOns?] = []

  @usableFromInline
  init() {}

  /// Case numbers the tables index directly; a type that numbers its cases beyond (a hand-written
  /// `dslCaseIndex`) is matched without them.
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
