/// One thing that happened in a store, machine or chart, as its inspectors receive it.
///
/// An owner emits, in this order for each message it takes from its mailbox:
/// - ``Kind/received(_:)``: the action, event or request it is about to process;
/// - ``Kind/stateUpdated(before:after:)``: its state before and after processing it (equal when
///   nothing changed);
///
/// A statechart also emits a `received` for each event it processes on its own within a macrostep
/// (raised, or sent to itself with no delay), after the message that started the step and before
/// the step's `stateUpdated`: the step's state reflects them all. A step that its clock starts
/// begins with a `received` of the chart's timer message; if a delayed send fired, a `received` of
/// that send follows it. The first `received` of a step is what started it.
///
/// and, whenever they happen, ``Kind/effectStarted(_:)``, ``Kind/effectFinished(_:)``,
/// ``Kind/effectCancelled(_:)`` and ``Kind/diagnostic(_:)``.
///
/// ```swift
/// func log(_ record: InspectionRecord) {
///   switch record.kind {
///   case .received(let action): print("\(record.owner) received \(action)")
///   case .stateUpdated(let before, let after): print(before, "→", after)
///   default: break
///   }
/// }
/// ```
///
/// Records of one owner reach an inspector one at a time, in ``sequence`` order.
public struct InspectionRecord: Sendable, CustomStringConvertible {
  /// What happened.
  ///
  /// ```swift
  /// let recorder = InspectionRecorder()
  /// let store = Store(initialState: 0) { (count: inout Int, step: Int) -> Effect<Int> in
  ///   count += step
  ///   return .none
  /// }
  /// store.attach(recorder)
  /// store.send(2)
  /// for record in recorder.records {
  ///   switch record.kind {
  ///   case .received(let message): print("received", message)              // received 2
  ///   case .stateUpdated(let before, let after): print(before, "→", after)   // 0 → 2
  ///   case .effectStarted, .effectFinished, .effectCancelled, .diagnostic: break
  ///   }
  /// }
  /// ```
  public enum Kind: Sendable {
    /// The owner took this action, event or request from its mailbox and is processing it.
    case received(InspectedValue)
    /// The owner finished processing the message it last received: its state before and after.
    case stateUpdated(before: InspectedValue, after: InspectedValue)
    /// An effect started.
    case effectStarted(InspectedEffect)
    /// An effect's operation returned.
    case effectFinished(InspectedEffect)
    /// An effect was cancelled: by its id, by its owner's release, by a newer effect with
    /// `cancelInFlight`, or by a state change. It delivers nothing from now on.
    case effectCancelled(InspectedEffect)
    /// The owner reported a diagnostic.
    case diagnostic(Diagnostic)
  }

  /// The store, machine or chart it happened in.
  public var owner: OwnerIdentity { storage.owner }
  /// Counts the owner's records from 1. A gap is records that were dropped: see
  /// ``droppedBefore``.
  public var sequence: UInt64 { storage.sequence }
  /// When it happened.
  public var time: ContinuousClock.Instant { Self.epoch.advanced(by: storage.sinceEpoch) }
  /// What happened.
  public var kind: Kind { storage.kind }
  /// For a ``Kind/received(_:)`` record, where the message was sent from: the line of a `send`,
  /// or the line that created the effect that delivered it. `nil` when no line of user code sent
  /// it.
  public var callSite: CallSite? { storage.callSite }
  /// How many of the owner's records were dropped just before this one, because a slow inspector
  /// let more than its ``Inspector/bufferLimit`` records wait (for the live inspector, also a
  /// store's steps its ring overwrote, or that the server had no time to describe). Zero almost
  /// always.
  public package(set) var droppedBefore: UInt64 = 0

  /// The record's fields in one object: a record is copied into queues and handed to every
  /// inspector, and copying it is then one retain, not a copy of its existentials and strings
  /// through their value witnesses.
  private final class Storage: Sendable {
    let owner: OwnerIdentity
    let sequence: UInt64
    /// Kept as a `Duration` since ``InspectionRecord/epoch``: `ContinuousClock.Instant` is not
    /// frozen, so every copy of one, and of a tuple holding one, goes through the runtime.
    let sinceEpoch: Duration
    let kind: Kind
    let callSite: CallSite?

    init(
      owner: OwnerIdentity, sequence: UInt64, sinceEpoch: Duration, kind: Kind,
      callSite: CallSite?
    ) {
      self.owner = owner
      self.sequence = sequence
      self.sinceEpoch = sinceEpoch
      self.kind = kind
      self.callSite = callSite
    }
  }

  private let storage: Storage

  package init(
    owner: OwnerIdentity, sequence: UInt64, time: ContinuousClock.Instant, kind: Kind,
    callSite: CallSite? = nil
  ) {
    self.init(
      owner: owner, sequence: sequence, sinceEpoch: Self.epoch.duration(to: time), kind: kind,
      callSite: callSite)
  }

  package init(
    owner: OwnerIdentity, sequence: UInt64, sinceEpoch: Duration, kind: Kind,
    callSite: CallSite? = nil
  ) {
    storage = Storage(
      owner: owner, sequence: sequence, sinceEpoch: sinceEpoch, kind: kind, callSite: callSite)
  }

  /// The instant records count their time from: the first time any record was made.
  package static let epoch = ContinuousClock.now

  /// The time since ``epoch``: what the inspection path reads, without making an `Instant`.
  package static var sinceEpoch: Duration { epoch.duration(to: .now) }

  /// `Store<AppState, AppAction, ()> #3 [12] received increment`: the owner, the sequence number,
  /// what happened, and how many records were dropped before it, if any.
  public var description: String {
    let what: String
    switch kind {
    case .received(let message): what = "received \(message)"
    case .stateUpdated(let before, let after): what = "state \(before) → \(after)"
    case .effectStarted(let effect): what = "started \(effect)"
    case .effectFinished(let effect): what = "finished \(effect)"
    case .effectCancelled(let effect): what = "cancelled \(effect)"
    case .diagnostic(let diagnostic): what = "\(diagnostic)"
    }
    let dropped = droppedBefore > 0 ? " (\(droppedBefore) records dropped before it)" : ""
    return "\(owner) [\(sequence)] \(what)\(dropped)"
  }
}
