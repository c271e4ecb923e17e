/// What a runner does for one effect of a chart's step: the one translation of ``ChartEffect``s
/// that the running chart, a chart inside a store and a durable chart share. Each runner does a
/// directive its own way (a handler, an action, an outbox row), but reads it from here.
package enum ChartDirective<ID: Hashable & Sendable, Event: Sendable, Context: Sendable> {
  /// Deliver an output, with the context of the moment it was emitted.
  case output(ChartOutput, context: Context)
  /// Start an invocation: its state was entered.
  case start(ChartInvocationRun<ID, Event, Context>)
  /// Cancel an invocation: its state exited.
  case cancel(ChartInvocationID<ID>)
  /// Report a failure: an action threw, or the chart stopped a livelock.
  case report(ChartReport)
}

extension Statechart {
  /// The directives of a step's `effects`, in order, translated as they are read: an invocation
  /// the chart does not have (from a snapshot of another version of it) starts nothing.
  package func directives(
    for effects: [ChartEffect<ID, Event, Context>]
  ) -> some Sequence<ChartDirective<ID, Event, Context>> {
    effects.lazy.compactMap { effect -> ChartDirective<ID, Event, Context>? in
      switch effect {
      case .output(let output, let context, _):
        return .output(output, context: context)
      case .startInvocation(let id, let context):
        return invocation(id).map { .start(ChartInvocationRun(id: id, invocation: $0, context: context, chart: name)) }
      case .cancelInvocation(let id):
        return .cancel(id)
      case .actionFailed(let error, let callSite):
        return .report(.actionFailed(error, at: callSite, chart: name))
      }
    }
  }

  /// The names of the outputs among a step's `effects`, in order: what a durable chart's outbox
  /// keeps.
  package func outputNames(of effects: [ChartEffect<ID, Event, Context>]) -> [String] {
    directives(for: effects).compactMap { directive in
      if case .output(let output, _) = directive { output.name } else { nil }
    }
  }
}
