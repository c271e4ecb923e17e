public import Statecraft

/// An inspector that keeps every record it receives, so that a test can assert on what a store or
/// machine did.
///
/// ```swift
/// struct Counter { var count = 0 }
/// enum CounterAction: Equatable { case increment }
///
/// func reduce(_ counter: inout Counter, _ action: CounterAction) -> Effect<CounterAction> {
///   counter.count += 1
///   return .none
/// }
/// ```
///
/// ```swift
/// let recorder = InspectionRecorder()
/// let store = Store(initialState: Counter(), reducer: reduce)
/// store.attach(recorder)
/// store.send(.increment)
/// #expect(recorder.received.map { $0.value(as: CounterAction.self) } == [.increment])
/// ```
///
/// Attach it to every owner created in a scope with `withInspector(recorder) { … }`.
public final class InspectionRecorder: Inspector {
  private let recorded = CriticalState<[InspectionRecord]>([])

  /// Creates an empty recorder.
  public init() {}

  /// Appends `record` to ``records``. Safe from any thread.
  public func receive(_ record: InspectionRecord) {
    recorded.withLock { $0.append(record) }
  }

  /// Every record received so far, in the order they arrived.
  public var records: [InspectionRecord] { recorded.withLock { $0 } }

  /// The messages received (actions, events, requests), in order.
  public var received: [InspectedValue] {
    records.compactMap { record in
      if case .received(let message) = record.kind { return message }
      return nil
    }
  }

  /// The state after each processed message, in order.
  public var states: [InspectedValue] {
    records.compactMap { record in
      if case .stateUpdated(_, let after) = record.kind { return after }
      return nil
    }
  }

  /// A short name for each record's kind, in order, such as `["received", "stateUpdated",
  /// "effectStarted"]`: handy to assert on the shape of what happened.
  public var kinds: [String] {
    records.map { record in
      switch record.kind {
      case .received: "received"
      case .stateUpdated: "stateUpdated"
      case .effectStarted: "effectStarted"
      case .effectFinished: "effectFinished"
      case .effectCancelled: "effectCancelled"
      case .diagnostic: "diagnostic"
      }
    }
  }
}
