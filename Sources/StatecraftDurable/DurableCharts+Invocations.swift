#if Durable
  import Foundation
  import Statecraft

  // Invocations of durable instances: started and cancelled by committed steps' effects,
  // started again on load, their events committed while their state is active.
  extension DurableCharts {
    /// Does what a committed step's effects say, as every chart runner translates them: starts and
    /// cancels invocations, and reports failures. Outputs are the outbox's.
    func perform(_ effects: [ChartEffect<ID, Event, Context>], of id: String, replacing: Bool = true) {
      for directive in chart.directives(for: effects) {
        switch directive {
        case .start(let invocation):
          start(invocation, of: id, replacing: replacing)
        case .cancel(let invocation):
          invocations.cancel(.init(instance: id, invocation: invocation))
        case .report(let report):
          diagnostics.report(report.diagnostic(source: source(of: id)))
        case .output:
          continue
        }
      }
    }

    @discardableResult
    func start(_ invocation: ChartInvocationRun<ID, Event, Context>, of id: String, replacing: Bool) -> Bool {
      // One weak reference, made here, for the task and its closures: capturing `[weak self]` in
      // the task would load it strongly for a moment to capture it again in `deliver`, keeping a
      // released runtime alive while its invocations start.
      weak let runtime = self
      let source = source(of: id)
      let diagnostics = self.diagnostics
      return invocations.start(.init(instance: id, invocation: invocation.id), replacing: replacing) { isCancelled in
        let report = await invocation.run(isCancelled: { isCancelled() || runtime == nil }) { event in
          await runtime?.deliver(event, to: id, from: invocation.id)
        }
        if let report { diagnostics.report(report.diagnostic(source: source)) }
      }
    }

    /// Commits an invocation's event while its state is active. A failure to commit is tried
    /// again with the same event id (a connection cut mid-commit may have applied it), then
    /// reported.
    func deliver(_ event: Event, to id: String, from invocation: ChartInvocationID<ID>) async {
      let eventID = DurableEventID.invocationEvent("\(invocation)", delivery: UUID().uuidString)
      guard
        let lastError = await DurableLedger<Snapshot>.retryingCommit({
          _ = try await step(id, eventID: eventID, event: event, whileIn: invocation.state)
        })
      else { return }
      diagnostics.report(
        Diagnostic(
          kind: .effectFailed,
          message: "The event \(event) of the invocation \(invocation) could not be committed: \(lastError)",
          source: source(of: id), error: lastError, callSite: chart.callSite(of: invocation)))
    }

    /// What a diagnostic about instance `id` comes from: its runtime and the instance, so that
    /// its message reads as the same failure's on any chart runner.
    func source(of id: String) -> String {
      "DurableCharts(\(definition)), instance '\(id)'"
    }

    /// Waits until no invocation runs in this runtime, for tests.
    func settleInvocations() async {
      await invocations.settle()
    }
  }
#endif
