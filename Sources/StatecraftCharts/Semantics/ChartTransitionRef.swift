/// A transition of a chart, by its source state and its place among the source's transitions.
///
/// Not nested in the generic interpreter: a type nested there has generic metadata, and a step
/// copied and tested lists of them through their value witnesses.
@usableFromInline struct ChartTransitionRef: Equatable {
  // Half-width, so that a list of them stays small to copy.
  @usableFromInline let storedSource: Int32
  @usableFromInline let storedOrdinal: Int32

  @inlinable var source: Int { Int(storedSource) }
  @inlinable var ordinal: Int { Int(storedOrdinal) }

  @inlinable
  init(source: Int, ordinal: Int) {
    storedSource = Int32(truncatingIfNeeded: source)
    storedOrdinal = Int32(truncatingIfNeeded: ordinal)
  }
}
