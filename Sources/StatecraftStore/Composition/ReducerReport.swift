import StatecraftCharts

/// A mistake that a composed reducer found in an action, or a failure of a chart it runs, carried
/// as an effect so that the reducer stays a pure function: the store reports it at `callSite`, or
/// at the line of the `send` that sent the action when it has none.
@usableFromInline
struct ReducerReport: Sendable {
  @usableFromInline let kind: Diagnostic.Kind
  @usableFromInline let message: String
  @usableFromInline let callSite: CallSite?
  @usableFromInline let error: (any Error)?

  @inlinable
  init(kind: Diagnostic.Kind, message: String, callSite: CallSite? = nil, error: (any Error)? = nil) {
    self.kind = kind
    self.message = message
    self.callSite = callSite
    self.error = error
  }
}

extension Effect {
  /// A report of a chart's failure, at its own call site, with its error.
  static func report(_ report: ChartReport) -> Self {
    Self(
      .report(ReducerReport(kind: report.kind, message: report.message, callSite: report.callSite, error: report.error))
    )
  }
}

extension Diagnostic.Kind {
  /// An action was sent to a child feature that is not there: an optional child that is `nil`, an
  /// element id that the collection does not hold, an enum case that is not the current one, or a
  /// popped stack element. Nothing changed.
  public static let childNotPresent = Diagnostic.Kind("childNotPresent")
}
