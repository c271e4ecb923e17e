/// The states before and after a step in a ``StepRing``, at the steps whose states the reader
/// needs (every step for a reader that keeps them all, a journal's keyframes for one that samples).
/// A ring keeps them in room of their own beside its steps, initialised only where a step holds
/// them, so that a step without them moves no state, and one with them allocates nothing.
@usableFromInline
package struct StepStates<State> {
  @usableFromInline package let before: State
  @usableFromInline package let after: State

  @inlinable
  package init(before: State, after: State) {
    self.before = before
    self.after = after
  }
}
