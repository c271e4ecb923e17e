import Synchronization

/// One invocation to run, as every chart runner runs it: the events it sends and its done event
/// are delivered while it is neither cancelled nor over, whatever task sends them; an error
/// becomes its `onError` event, or a report.
package struct ChartInvocationRun<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  package let id: ChartInvocationID<ID>
  let invocation: ChartInvocation<ID, Event, Context>
  let context: Context
  let chart: String

  /// Where the invocation's `Invoke` was written: what its effect and its events report at.
  package var callSite: CallSite { invocation.callSite }

  /// Runs the invocation to its end, and returns what to report, if anything.
  ///
  /// - Parameters:
  ///   - isCancelled: Whether this invocation was cancelled: its own handle's state, never the
  ///     calling task's, so that an event sent from a task the invocation spawned is stopped too.
  ///   - deliver: Delivers an event to the chart.
  ///
  /// Every event, the done event included, is delivered only while the invocation is neither
  /// cancelled nor over: once its work has returned, an event that a task it left behind sends is
  /// dropped. An error thrown once it was cancelled is the cancellation's echo, and is dropped.
  /// Any other goes to the `Invoke`'s `onError` (a `CancellationError` included: the invocation
  /// was not cancelled, so something it waited on was), whose event is delivered; without
  /// `onError`, a `CancellationError` is dropped and any other error is returned as a report.
  package func run(
    isCancelled: @escaping @Sendable () -> Bool,
    deliver: @escaping @Sendable (Event) async -> Void
  ) async -> ChartReport? {
    let lifetime = Lifetime()
    let send: @Sendable (Event) async -> Void = { event in
      guard !lifetime.isOver.load(ordering: .acquiring), !isCancelled() else { return }
      await deliver(event)
    }
    defer { lifetime.isOver.store(true, ordering: .releasing) }
    do {
      if let done = try await invocation.run(context, send) { await send(done) }
      return nil
    } catch {
      guard !isCancelled() else { return nil }
      if let onError = invocation.onError {
        if let event = onError(error) { await send(event) }
        return nil
      }
      if error is CancellationError { return nil }
      return .invocationFailed(id, chart: chart, error: error, at: invocation.callSite)
    }
  }

  /// Whether the invocation's work has returned: its events after that are dropped.
  private final class Lifetime: Sendable {
    let isOver = Atomic(false)
  }
}
