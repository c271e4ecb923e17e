#if Durable
  import Foundation
  import Statecraft

  // Invocations of durable instances: started and cancelled by committed steps' effects,
  // started again on load, their events committed while their state is active.
  extension DurableCharts {
    /// Starts and cancels the invocations a committed step's effects name. Outputs are the
    /// outbox's; a failed action was recorded in the step.
    func perform(_ effects: [ChartEffect<ID, Event, Context>], of id: String, replacing: Bool = true) {
      for effect in effects {
        switch effect {
        case .startInvocation(let invocation, let context):
          startInvocation(invocation, context: context, of: id, replacing: replacing)
        case .cancelInvocation(let invocation):
          invocations.cancel(.init(instance: id, invocation: invocation))
        case .output, .actionFailed:
          continue
        }
      }
    }

    @discardableResult
    func startInvocation(
      _ invocation: ChartInvocationID<ID>, context: Context, of id: String, replacing: Bool
    ) -> Bool {
      let chart = self.chart
      // One weak reference, made here, for the task and its closures: capturing `[weak self]` in
      // the task would load it strongly for a moment to capture it again in `deliver`, keeping a
      // released runtime alive while its invocations start.
      weak let runtime = self
      return invocations.start(.init(instance: id, invocation: invocation), replacing: replacing) {
        // Nothing is delivered once the invocation is cancelled, or its runtime released.
        let deliver: @Sendable (Event) async -> Void = { event in
          guard !Task.isCancelled, let runtime else { return }
          await runtime.deliver(event, to: id, from: invocation)
        }
        do {
          if let done = try await chart.runInvocation(invocation, context: context, send: deliver) {
            await deliver(done)
          }
        } catch {
          guard !Task.isCancelled, let runtime else { return }
          runtime.report(
            "The invocation \(invocation) of instance '\(id)' threw \(error). Give its Invoke an onError: to"
              + " turn the error into an event.", error: error, invocation: invocation)
        }
      }
    }

    /// Commits an invocation's event while its state is active. A failure to commit is tried
    /// again with the same event id (a connection cut mid-commit may have applied it), then
    /// reported.
    func deliver(_ event: Event, to id: String, from invocation: ChartInvocationID<ID>) async {
      let eventID = DurableEventID.invocationEvent("\(invocation)", delivery: UUID().uuidString)
      guard
        let lastError = await DurableCore<Snapshot>.retryingCommit({
          _ = try await step(id, eventID: eventID, event: event, whileIn: invocation.state)
        })
      else { return }
      report(
        "The event \(event) of the invocation \(invocation) could not be committed to instance '\(id)':"
          + " \(lastError)", error: lastError, invocation: invocation)
    }

    func report(_ message: String, error: (any Error)?, invocation: ChartInvocationID<ID>) {
      diagnostics.report(
        Diagnostic(
          kind: .effectFailed, message: message, source: "DurableCharts(\(definition))", error: error,
          callSite: chart.callSite(of: invocation)))
    }

    /// Waits until no invocation runs in this runtime, for tests.
    func settleInvocations() async {
      await invocations.settle()
    }
  }
#endif
