public import Logging

/// Receives every ``Diagnostic`` that Statecraft reports.
///
/// A store or machine captures ``current`` when it is created and reports to it for its whole life.
/// To route one object's diagnostics elsewhere, create it inside `withValue`:
///
/// ```swift
/// struct AppState { var counter = 0 }
/// enum AppAction { case increment }
///
/// func reduce(_ state: AppState, _ action: AppAction) -> (AppState, Effect<AppAction>) {
///   var state = state
///   state.counter += 1
///   return (state, .none)
/// }
/// ```
///
/// ```swift
/// let store = DiagnosticHandler.$current.withValue(.init { diagnostic in
///   print("statecraft:", diagnostic.description)
/// }) {
///   Store(initialState: AppState(), reduce: reduce)
/// }
/// store.send(.increment)
/// ```
///
/// The default, ``logging(to:)``, writes through swift-log, so `LoggingSystem.bootstrap` decides
/// where diagnostics go app-wide.
public struct DiagnosticHandler: Sendable {
  private let handle: @Sendable (Diagnostic) -> Void
  /// Whether this is ``standard``, the handler of code that set none: an owner created under it
  /// need not keep the handler it was created under.
  package let isStandard: Bool

  /// Creates a handler from a closure. It may be called from any thread.
  public init(_ handle: @escaping @Sendable (Diagnostic) -> Void) {
    self.handle = handle
    self.isStandard = false
  }

  private init(standard handler: Self) {
    self.handle = handler.handle
    self.isStandard = true
  }

  /// The handler of code that set none: it logs to the `statecraft` logger.
  package static let standard = DiagnosticHandler(standard: .logging(to: Logger(label: "statecraft")))

  /// Hands a diagnostic to the handler.
  public func report(_ diagnostic: Diagnostic) {
    handle(diagnostic)
  }

  /// A handler that logs each diagnostic to `logger`: effect failures at `error` level, everything
  /// else at `warning`.
  ///
  /// ```swift
  /// import Logging
  ///
  /// var logger = Logger(label: "com.example.checkout")
  /// logger.logLevel = .error   // effect failures only
  /// let store = DiagnosticHandler.$current.withValue(.logging(to: logger)) {
  ///   Store(initialState: AppState(), reduce: reduce)
  /// }
  /// store.send(.increment)
  /// ```
  ///
  /// Each entry carries the diagnostic's kind and source as metadata, with its error and call
  /// site when it has them.
  public static func logging(to logger: Logger) -> Self {
    Self { diagnostic in
      let level: Logger.Level = diagnostic.kind == .effectFailed ? .error : .warning
      var metadata: Logger.Metadata = [
        "kind": .string(diagnostic.kind.name),
        "source": .string(diagnostic.source),
      ]
      if let error = diagnostic.error {
        metadata["error"] = .string(String(describing: error))
      }
      if let callSite = diagnostic.callSite {
        metadata["callSite"] = .string(callSite.description)
      }
      logger.log(level: level, "\(diagnostic.message)", metadata: metadata)
    }
  }

  /// The handler that newly created stores and machines capture: by default it logs to a
  /// `Logger` labelled `"statecraft"`.
  @TaskLocal public static var current: DiagnosticHandler = .standard
}
