/// A state whose steps depend on a clock that only the state records: a statechart's snapshot.
///
/// A journal writes the clock's time at every step of such an owner, so that replay takes each
/// step at its time. An owner that does not keep the state after a step for its inspector (see
/// ``StateSampling``) still records that time, in ``InspectedValue/notKept(clockTime:)``, so that
/// the journal need not have the whole state kept to know it.
@usableFromInline
package protocol ClockedState {
  /// The clock's time after the step that made this state.
  var clockTime: Duration { get }
}
