import Synchronization

/// A running chart: what one event means to the engine's ``OwnerCore``. The core holds the chart's
/// snapshot, mailbox, observers and effects; this type brings the chart's step function, and
/// performs the effects it returns: outputs, invocations and the timer of the next due timer.
final class ChartCore<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: MessageProcessor {
  typealias Snapshot = ChartSnapshot<ID, Event, Context>
  typealias Outputs = @Sendable (ChartOutput, Context) async -> Void

  enum Message: Sendable, CustomStringConvertible {
    /// Perform the effects of the initial transition, or of resuming a restored snapshot.
    case start
    case event(Event)
    /// A timer is due.
    case timers

    var description: String {
      switch self {
      case .start: "start"
      case .event(let event): "\(event)"
      case .timers: "timers"
      }
    }
  }

  /// What only the holder of the processing right touches.
  struct ProcessingState {
    /// The effects of the initial transition or of the restore, until the first message.
    var initialEffects: [ChartEffect<ID, Event, Context>]?
    var invocations: [ChartInvocationID<ID>: EffectHandle] = [:]
    /// The task sleeping until the first timer is due.
    var armedTimer: (due: Duration, handle: EffectHandle)?
  }

  let chart: Statechart<ID, Event, Context>
  let core: OwnerCore<Snapshot, Message>
  let clock: ChartClock
  let outputs: Outputs?
  let processing: ProcessorLocal<ProcessingState>
  /// Whether something asked the chart to start.
  let startRequested = Atomic<Bool>(false)
  /// Whether the chart reached a top-level final state.
  let isDone = Atomic<Bool>(false)

  init<C: Clock>(
    chart: Statechart<ID, Event, Context>, restoring snapshot: Snapshot?, clock: C,
    outputs: Outputs?, callSite: CallSite
  ) where C.Duration == Duration {
    self.chart = chart
    self.clock = ChartClock(clock, startingAt: snapshot?.time ?? .zero)
    self.outputs = outputs
    let first = snapshot.map(chart.resumption(of:)) ?? chart.initialTransition(at: .zero)
    self.processing = ProcessorLocal(ProcessingState(initialEffects: first.effects))
    self.core = OwnerCore(
      state: first.snapshot, type: AsyncStatechartSequence<ID, Event, Context>.self,
      callSite: callSite,
      inspectMessage: { message in
        if case .event(let event) = message { return event }
        return message
      })
    for problem in chart.validate() {
      core.context.report(.invalidChart, problem.message, callSite: problem.callSite)
    }
  }

  deinit {
    core.close()
  }

  var ownIsolation: (any Actor)? { nil }

  func send(_ event: Event, callSite: CallSite, isolation: isolated (any Actor)? = #isolation) async {
    guard !isDone.load(ordering: .relaxed) else {
      core.context.report(
        .chartDone, "\(event) was sent to \(chart.name), which is done; it was ignored.",
        callSite: callSite)
      return
    }
    await core.send(.event(event), callSite: callSite, inline: true, processor: self)
  }

  /// Starts the chart if nothing has yet: performs its initial effects and arms its timers.
  func startIfNeeded() {
    guard !startRequested.exchange(true, ordering: .relaxed) else { return }
    core.post(.start, callSite: nil, processor: self)
  }

  func start(isolation: isolated (any Actor)? = #isolation) async {
    startRequested.store(true, ordering: .relaxed)
    await core.send(.start, callSite: nil, inline: true, processor: self)
  }

  func process(
    _ message: Message, number: UInt64, state: Snapshot, callSite: CallSite?, origin: EffectHandle?,
    core: OwnerCore<Snapshot, Message>, isolation: isolated (any Actor)?
  ) async -> OwnerCore<Snapshot, Message>.Finished {
    if let initial = processing.value.initialEffects {
      processing.value.initialEffects = nil
      startRequested.store(true, ordering: .relaxed)
      await perform(initial, in: state, number: number)
      guard !state.isDone else {
        finishChart()
        return core.finish()
      }
    }
    let step: ChartStep<ID, Event, Context>
    switch message {
    case .start:
      return core.finish()
    case .timers:
      processing.value.armedTimer = nil
      step = chart.step(state, event: nil, at: clock.now())
    case .event(let event):
      step = chart.step(state, event: event, at: clock.now())
      if !step.handled {
        core.context.report(
          .unhandledEvent, "\(event) has no transition in \(state); it was ignored.",
          callSite: callSite)
      }
    }
    if !step.changed, step.effects.isEmpty {
      armTimer(for: step.snapshot)
      return core.finish()
    }
    _ = core.commit(step.snapshot, finishing: false)
    await perform(step.effects, in: step.snapshot, number: number)
    if step.snapshot.isDone { finishChart() }
    return core.finish()
  }

  /// Performs a step's effects in order, then arms the timer of the next due timer.
  private func perform(
    _ effects: [ChartEffect<ID, Event, Context>], in snapshot: Snapshot, number: UInt64,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    for effect in effects {
      switch effect {
      case .output(let output, let context, _):
        guard let outputs else {
          core.context.report(
            .unmappedOutput,
            "\(chart.name) emitted the output \(output), but the running chart has no output handler.")
          continue
        }
        await core.onBehalf(of: number) {
          _ = isolation
          await outputs(output, context)
        }
      case .startInvocation(let id):
        startInvocation(id, context: snapshot.context)
      case .cancelInvocation(let id):
        processing.value.invocations.removeValue(forKey: id)?.cancel()
      case .actionFailed(let error, let callSite):
        core.context.report(
          .actionFailed, "An action of \(chart.name) threw \(error); the chart raised an execution error.",
          callSite: callSite, error: error)
      }
    }
    armTimer(for: snapshot)
  }

  private func startInvocation(_ id: ChartInvocationID<ID>, context: Context) {
    guard let invocation = chart.invocation(id) else { return }
    let handle = core.effects.start(callSite: invocation.callSite) { [weak self] handle in
      let deliver: @Sendable (Event) async -> Void = { [weak self] event in
        guard !handle.isCancelled, let self else { return }
        await self.core.send(
          .event(event), callSite: invocation.callSite, origin: handle, inline: true, processor: self)
      }
      do {
        if let done = try await invocation.run(context, deliver) { await deliver(done) }
      } catch {
        guard !handle.isCancelled, let onError = invocation.onError else { throw error }
        if let event = onError(error) { await deliver(event) }
      }
      _ = self
    }
    if let handle { processing.value.invocations[id] = handle }
  }

  /// Keeps one task sleeping until the first timer of `snapshot` is due.
  private func armTimer(for snapshot: Snapshot) {
    let due = snapshot.timers.first?.due
    if due == processing.value.armedTimer?.due { return }
    processing.value.armedTimer?.handle.cancel()
    processing.value.armedTimer = nil
    guard let due else { return }
    let clock = self.clock
    let handle = core.effects.start(callSite: nil) { [weak self] handle in
      try await clock.sleep(due)
      guard let self, !handle.isCancelled else { return }
      self.core.post(.timers, callSite: nil, origin: handle, processor: self)
    }
    if let handle { processing.value.armedTimer = (due, handle) }
  }

  /// The chart reached a top-level final state: it processes nothing more, cancels what runs, and
  /// ends its observers' sequences after the final snapshot.
  private func finishChart() {
    isDone.store(true, ordering: .relaxed)
    processing.value.invocations = [:]
    processing.value.armedTimer = nil
    core.close()
  }
}
