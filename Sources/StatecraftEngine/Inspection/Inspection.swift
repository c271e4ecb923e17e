import Synchronization

/// The inspectors of one owner, and the serial delivery of its records to them.
///
/// An owner creates it when its first inspector is attached (see ``OwnerContext``). The hot paths
/// ask the owner's `isInspected` first, a relaxed atomic load: an owner with no inspector builds no
/// record, copies no state and takes no lock. Records are numbered and queued under one lock,
/// then delivered outside it through a ``MailboxStateMachine``: whoever finds the queue idle
/// delivers until it is empty. Records of one owner thus reach inspectors one at a time and in
/// order, even when effects emit them from several threads, and an inspector that causes a record
/// itself (by reporting a diagnostic) does not deadlock: that record waits its turn.
@usableFromInline
package final class Inspection: Sendable {
  private struct State {
    var inspectors: [any Inspector]
    var lastSequence: UInt64 = 0
    var delivery = MailboxStateMachine<InspectionRecord>()
    /// The owner's state before the message being processed, until its update is recorded.
    var stateBefore: InspectedValue?
  }

  private let state: CriticalState<State>

  package init(inspectors: [any Inspector]) {
    self.state = CriticalState(State(inspectors: inspectors))
  }

  /// Attaches another inspector; it receives the records emitted from now on.
  package func attach(_ inspector: any Inspector) {
    state.withLock { $0.inspectors.append(inspector) }
  }

  /// Keeps the owner's state before the message being processed, until
  /// ``takeStateBefore()`` records its update. Kept here, so that an owner nobody inspects keeps
  /// no room for it.
  package func keepStateBefore(_ before: InspectedValue) {
    state.withLock { $0.stateBefore = before }
  }

  /// The state that ``keepStateBefore(_:)`` kept, once.
  package func takeStateBefore() -> InspectedValue? {
    state.withLock { $0.stateBefore.take() }
  }

  /// Numbers, timestamps and delivers a record of `owner`.
  package func emit(_ kind: InspectionRecord.Kind, owner: OwnerIdentity, callSite: CallSite?) {
    var (action, inspectors) = state.withLock { state in
      state.lastSequence &+= 1
      let record = InspectionRecord(
        owner: owner, sequence: state.lastSequence, time: .now, kind: kind, callSite: callSite)
      return (state.delivery.submit(record), state.inspectors)
    }
    while case .process(let record, _) = action {
      for inspector in inspectors { inspector.receive(record) }
      (action, inspectors) = state.withLock { state in
        switch state.delivery.next() {
        case .process(let record, let number): (.process(record, number: number), state.inspectors)
        case .idle: (.enqueued, [])
        }
      }
    }
  }
}
