/// The events a chart processed on its own during a step (raised, and sent to itself), kept for
/// inspectors only when one is attached: a step that is not observed carries no more than a nil
/// reference.
@usableFromInline
// Unchecked, and safe: only the interpreter that makes it mutates it, during one step, before the
// step hands it over; after that it is only read. Debug builds check it (`handOver()`).
final class ChartObservations<Event: Sendable>: @unchecked Sendable {
  /// The delayed send that started the step, if a timer did.
  @usableFromInline var startingEvent: Event?
  /// The events processed after that, in order.
  @usableFromInline var events: [Event] = []
  /// Whether a delayed send can start the step: only in a step of timers. In a step of an event,
  /// the event started it, and a send fired in it is one more event processed.
  @usableFromInline let timersStartTheStep: Bool

  #if DEBUG
    /// Whether the step has handed it over: from then on it is only read.
    @usableFromInline var isHandedOver = false
  #endif

  @inlinable
  init(timersStartTheStep: Bool) {
    self.timersStartTheStep = timersStartTheStep
  }

  /// Called by the step that made it when it hands it over; debug builds then refuse changes.
  @inlinable
  func handOver() {
    #if DEBUG
      isHandedOver = true
    #endif
  }

  @inlinable
  func record(_ event: Event, startsTheStep: Bool) {
    #if DEBUG
      assert(!isHandedOver, "a step's observations change only during the step")
    #endif
    if startsTheStep, timersStartTheStep, startingEvent == nil, events.isEmpty {
      startingEvent = event
    } else {
      events.append(event)
    }
  }
}
