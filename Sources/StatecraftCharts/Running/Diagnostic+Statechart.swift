extension Diagnostic.Kind {
  /// A chart's definition has a problem (see ``ChartProblem``); the running chart works around it.
  public static let invalidChart = Diagnostic.Kind("invalidChart")
  /// A chart's action threw; the chart raised an execution error (see ``OnError``).
  public static let actionFailed = Diagnostic.Kind("actionFailed")
  /// A restored snapshot does not fit the chart: a state it names is not the chart's, or its active
  /// states are not a configuration the chart can be in. The chart runs from it anyway.
  public static let invalidSnapshot = Diagnostic.Kind("invalidSnapshot")
  /// An event was sent to a chart that had reached a top-level final state. It was ignored.
  public static let chartDone = Diagnostic.Kind("chartDone")
}
