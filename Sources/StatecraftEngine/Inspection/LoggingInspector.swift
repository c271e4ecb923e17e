import CustomDump
public import Logging

/// An inspector that logs every message an owner processes, with the change it made to the state
/// as a diff, in the manner of The Composable Architecture's `_printChanges()`:
///
/// ```swift
/// struct AppState: Equatable {
///   var counter = 0
///   var isLoading = false
/// }
/// enum AppAction { case increment }
/// ```
///
/// ```swift
/// let store = Store(initialState: AppState()) { (state: inout AppState, action: AppAction) -> Effect<AppAction> in
///   state.counter += 1
///   return .none
/// }
/// store.attach(LoggingInspector())
/// store.send(.increment)
/// // Store<AppState, AppAction, ()> #1 received increment
/// //   AppState(
/// // -   counter: 0,
/// // +   counter: 1,
/// //     isLoading: false
/// //   )
/// ```
///
/// When logging falls behind a busy owner, the owner does not wait for it: past the inspector's
/// ``Inspector/bufferLimit`` records waiting, the oldest are dropped, and a warning says how many.
///
/// Effects starting, finishing and being cancelled are logged one level below, at `trace` when
/// changes are logged at `debug`. Diagnostics are not logged again: the diagnostics handler
/// already logs them.
public final class LoggingInspector: Inspector {
  private let logger: Logger
  private let level: Logger.Level
  /// The message each owner is processing, to log with the change it makes.
  private let received = CriticalState<[UInt64: InspectedValue]>([:])

  /// Creates an inspector that logs to `logger`, at `level`.
  ///
  /// The default, `debug`, is hidden by swift-log's default handler, which shows `info` and above:
  /// pass `level: .info`, or bootstrap logging at `debug`.
  public init(
    logger: Logger = Logger(label: "statecraft.inspector"), level: Logger.Level = .debug
  ) {
    self.logger = logger
    self.level = level
  }

  /// Logs a `stateUpdated` record with the message received before it and the diff of the state,
  /// and an effect's records one level below; remembers a `received` record until then, and logs
  /// nothing for a diagnostic. Warns first when records were dropped before this one.
  public func receive(_ record: InspectionRecord) {
    if record.droppedBefore > 0 {
      logger.warning(
        "\(record.owner): \(record.droppedBefore) inspection records were dropped: the logger fell behind the owner.")
    }
    switch record.kind {
    case .received(let message):
      received.withLock { $0[record.owner.id] = message }
    case .stateUpdated(let before, let after):
      let message = received.withLock { $0.removeValue(forKey: record.owner.id) }
      let change = diff(before.value, after.value).map { "\n" + $0 } ?? " (no state change)"
      logger.log(
        level: level, "\(record.owner) received \(message.map { "\($0)" } ?? "a message")\(change)",
        metadata: ["owner": .string(record.owner.description), "sequence": .stringConvertible(record.sequence)])
    case .effectStarted(let effect):
      logEffect("started", effect, of: record)
    case .effectFinished(let effect):
      logEffect("finished", effect, of: record)
    case .effectCancelled(let effect):
      logEffect("cancelled", effect, of: record)
    case .diagnostic:
      break
    }
  }

  private func logEffect(_ what: String, _ effect: InspectedEffect, of record: InspectionRecord) {
    let effectLevel = Logger.Level.allCases.first { $0 < level && $0 >= .trace } ?? level
    guard logger.logLevel <= effectLevel else { return }
    logger.log(level: effectLevel, "\(record.owner) \(what) \(effect)")
  }
}
