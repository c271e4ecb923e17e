/// A diagnostic that running a chart produces, worded once for every runner: the running chart,
/// a chart inside a store, and a durable chart report the same kind, words, error value and call
/// site for the same failure. Each runner hands it to its own diagnostics, with its own source.
package struct ChartReport: Sendable {
  package let kind: Diagnostic.Kind
  package let message: String
  package let callSite: CallSite?
  package let error: (any Error)?

  package init(kind: Diagnostic.Kind, message: String, callSite: CallSite?, error: (any Error)? = nil) {
    self.kind = kind
    self.message = message
    self.callSite = callSite
    self.error = error
  }

  /// An action of `chart` threw `error` at `callSite`, or the chart stopped a livelock, which is
  /// no action's error and raises no execution error: its message says what looped.
  package static func actionFailed(_ error: any Error, at callSite: CallSite, chart: String) -> Self {
    let message =
      (error as? ChartLivelock).map { "\(chart): \($0)" }
      ?? "An action of \(chart) threw \(error); the chart raised an execution error."
    return Self(kind: .actionFailed, message: message, callSite: callSite, error: error)
  }

  /// The invocation `id` of `chart` threw `error`, and its `Invoke` has no `onError`.
  package static func invocationFailed(
    _ id: Any, chart: String, error: any Error, at callSite: CallSite
  ) -> Self {
    Self(
      kind: .effectFailed,
      message:
        "The invocation \(id) of \(chart) threw \(error). Give its Invoke an onError: to turn the error into an event.",
      callSite: callSite, error: error)
  }

  /// `event` found no transition in `snapshot`.
  package static func unhandled(_ event: Any, in snapshot: Any, at callSite: CallSite?) -> Self {
    Self(
      kind: .unhandledEvent, message: "\(event) has no transition in \(snapshot); it was ignored.", callSite: callSite)
  }

  /// `event` was sent to `chart` once it had reached a top-level final state.
  package static func done(_ event: Any, chart: String, at callSite: CallSite?) -> Self {
    Self(kind: .chartDone, message: "\(event) was sent to \(chart), which is done; it was ignored.", callSite: callSite)
  }

  /// What is wrong with `chart`'s definition, each at the line of the element concerned.
  package static func problems<ID, Event, Context>(of chart: Statechart<ID, Event, Context>) -> [Self] {
    chart.validate().map { Self(kind: .invalidChart, message: $0.message, callSite: $0.callSite) }
  }

  /// What is wrong with `snapshot`, restored into `chart`, at `callSite`: where it was restored.
  package static func problems<ID, Event, Context>(
    restoring snapshot: ChartSnapshot<ID, Event, Context>, into chart: Statechart<ID, Event, Context>,
    at callSite: CallSite?
  ) -> [Self] {
    chart.validate(snapshot).map { Self(kind: .invalidSnapshot, message: $0.message, callSite: callSite) }
  }

  /// The report as a diagnostic of `source`.
  package func diagnostic(source: String) -> Diagnostic {
    Diagnostic(kind: kind, message: message, source: source, error: error, callSite: callSite)
  }
}

extension OwnerServices {
  /// Reports `report` as this owner's, to its handler and its inspectors.
  package func report(_ report: ChartReport) {
    self.report(report.kind, report.message, callSite: report.callSite, error: report.error)
  }
}
