public import Statecraft

/// Collects diagnostics, so that a test can assert on them.
///
/// ```swift
/// struct AppState { var items: [String] = [] }
/// enum AppAction { case load }
/// struct LoadFailed: Error {}
///
/// func reduce(_ state: AppState, _ action: AppAction) -> (AppState, Effect<AppAction>) {
///   (state, .run { _ in throw LoadFailed() })
/// }
/// ```
///
/// ```swift
/// let recorder = DiagnosticRecorder()
/// let store = DiagnosticHandler.$current.withValue(recorder.handler) {
///   Store(initialState: AppState(), reduce: reduce)
/// }
/// await store.send(.load).finish()
/// #expect(recorder.kinds == [.effectFailed])
/// ```
public final class DiagnosticRecorder: Sendable {
  private let recorded = CriticalState<[Diagnostic]>([])

  /// Creates an empty recorder.
  public init() {}

  /// The handler that records into this recorder.
  public var handler: DiagnosticHandler {
    DiagnosticHandler { diagnostic in self.recorded.withLock { $0.append(diagnostic) } }
  }

  /// Every diagnostic recorded so far, in order.
  public var diagnostics: [Diagnostic] { recorded.withLock { $0 } }

  /// The kinds of the recorded diagnostics, in order.
  public var kinds: [Diagnostic.Kind] { diagnostics.map(\.kind) }
}
