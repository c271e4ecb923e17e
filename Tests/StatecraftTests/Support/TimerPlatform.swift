/// Whether a running chart's timer registers its sleep with the clock within the step that sets
/// it: where `Task.immediate` is, so that a test can advance a test clock right after the send.
/// Earlier Apple platforms start the timer's task later, and such a test may miss the timer.
let timersSleepWithinTheirStep: Bool = {
  if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) { return true }
  return false
}()
