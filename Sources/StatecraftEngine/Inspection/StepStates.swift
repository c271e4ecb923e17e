/// The states a step in a ``StepRing`` holds for its reader, at the steps whose states the reader
/// needs (a journal's keyframes): boxed, so that a step without them carries one empty reference
/// rather than two empty optionals of the owner's state, which a large or generic state makes
/// costly to move.
@usableFromInline
// Unchecked: it holds copies of states its owner has finished with, as a ring's step does (see
// `StepRing`); `after` is set only by the owner's step in progress, before the step is written.
package final class StepStates<State>: @unchecked Sendable {
  @usableFromInline package let before: State
  /// The state after the step; `nil` when it did not change.
  @usableFromInline package var after: State?

  @inlinable
  package init(before: State, after: State? = nil) {
    self.before = before
    self.after = after
  }
}
