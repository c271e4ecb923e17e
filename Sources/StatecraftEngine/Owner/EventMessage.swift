/// What the mailbox of an owner driven by events carries (a declarative machine, a statechart): a
/// request to start, a user's event, or a chart's signal that a timer is due.
///
/// Inspectors see an event as itself, and the other two by name.
@usableFromInline
package enum EventMessage<Event: Sendable>: InspectableMessage, CustomStringConvertible {
  /// Start: enter the initial state, or perform the effects of the initial transition or of a
  /// restored snapshot. Happens once.
  case start
  case event(Event)
  /// A timer is due. Only charts have timers.
  case timers
  /// A step of every timer due, which a chart behind its clock takes to catch up. Never sent: the
  /// chart records it in place of the `timers` that started the step, so that replay fires every
  /// timer due too.
  case timersCaughtUp

  @usableFromInline
  package var description: String {
    switch self {
    case .start: "start"
    case .event(let event): "\(event)"
    case .timers: "timers"
    case .timersCaughtUp: "timers (caught up)"
    }
  }

  @usableFromInline
  package var inspectedMessage: Any {
    if case .event(let event) = self { return event }
    return self
  }
}

/// A message that may be a step the chart's clock started, asked by code that does not know the
/// event's type (a journal, which takes any `Action`).
package protocol ClockStartable {
  /// Whether the chart's clock started the step: a timer came due.
  var startedByClock: Bool { get }
  /// Whether the step fired every timer due, not just the first.
  var firesEveryTimerDue: Bool { get }
}

extension EventMessage: ClockStartable {
  package var startedByClock: Bool {
    switch self {
    case .timers, .timersCaughtUp: true
    case .start, .event: false
    }
  }

  package var firesEveryTimerDue: Bool {
    if case .timersCaughtUp = self { return true }
    return false
  }
}
