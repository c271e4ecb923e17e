public import Synchronization

/// A running chart: what one event means to the engine's `OwnerCore`. The core holds the chart's
/// snapshot, mailbox, observers and effects; this type brings the chart's step function, and
/// performs the effects it returns: outputs, invocations and the timer of the next due timer.
@usableFromInline
final class ChartProcessor<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: MessageProcessor {
  @usableFromInline typealias Snapshot = ChartSnapshot<ID, Event, Context>
  @usableFromInline typealias Outputs = @Sendable (ChartOutput, Context) async -> Void

  @usableFromInline typealias Message = EventMessage<Event>

  /// What only the holder of the processing right touches.
  @usableFromInline
  struct ProcessingState {
    /// The effects of the initial transition or of the restore, until the first message.
    @usableFromInline var initialEffects: [ChartEffect<ID, Event, Context>]?
    @usableFromInline var invocations: [ChartInvocationID<ID>: EffectHandle] = [:]
    /// The task sleeping until the first timer is due.
    @usableFromInline var armedTimer: (due: Duration, handle: EffectHandle)?
    /// While the chart is behind its clock (each timer step finds the next timer already due):
    /// the smallest lag seen, and how many steps since then did not improve on it. A backlog
    /// drains, its lag shrinking step by step; timers that fall due faster than the chart fires
    /// them one per step do not (see ``noteBehindTheClock(lag:)``).
    @usableFromInline var behindTheClock: (smallestLag: Duration, steps: Int)?
    /// Whether the next step of timers fires every timer due, as the step function does, rather
    /// than one.
    @usableFromInline var catchUpInOneStep = false
  }

  @usableFromInline let chart: Statechart<ID, Event, Context>
  @usableFromInline let core: OwnerCore<Snapshot, Message>
  @usableFromInline let clock: ChartClock
  @usableFromInline let outputs: Outputs?
  @usableFromInline let processing: ProcessorLocal<ProcessingState>
  /// Whether something asked the chart to start.
  @usableFromInline let startRequested = Atomic<Bool>(false)
  /// Whether the chart reached a top-level final state.
  @usableFromInline let isDone = Atomic<Bool>(false)

  init<C: Clock>(
    chart: Statechart<ID, Event, Context>, restoring snapshot: Snapshot?, clock: C,
    outputs: Outputs?, callSite: CallSite
  ) where C.Duration == Duration {
    self.chart = chart
    // Reported below if out of range; brought into it, so that no clock arithmetic overflows.
    let resumed = snapshot?.withTimesInRange()
    self.clock = ChartClock(clock, startingAt: resumed?.time ?? .zero)
    self.outputs = outputs
    let first = resumed.map(chart.resumption(of:)) ?? chart.initialTransition(at: .zero)
    self.processing = ProcessorLocal(ProcessingState(initialEffects: first.effects))
    self.core = OwnerCore(
      state: first.snapshot, type: AsyncStatechartSequence<ID, Event, Context>.self,
      callSite: callSite, processorBeginsSteps: true)
    processing.bind(to: core)
    for report in ChartReport.problems(of: chart) { core.services.report(report) }
    if let snapshot {
      for report in ChartReport.problems(restoring: snapshot, into: chart, at: callSite) {
        core.services.report(report)
      }
    }
  }

  deinit {
    core.close()
  }

  @usableFromInline
  var ownIsolation: (any Actor)? { nil }

  @inlinable
  func send(_ event: Event, callSite: CallSite, isolation: isolated (any Actor)? = #isolation) async {
    guard !isDone.load(ordering: .relaxed) else { return reportDone(event, callSite: callSite) }
    await core.send(.event(event), callSite: callSite, inline: true, processor: self)
  }

  @usableFromInline
  func reportDone(_ event: Event, callSite: CallSite?) {
    core.services.report(ChartReport.done(event, chart: chart.name, at: callSite))
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

  @inlinable
  func process(
    _ message: Message, number: UInt64, state: consuming Snapshot, callSite: CallSite?, origin: EffectHandle?,
    core: OwnerCore<Snapshot, Message>, isolation: isolated (any Actor)?
  ) async -> OwnerCore<Snapshot, Message>.Finished {
    if processing.value.initialEffects != nil {
      guard await performInitialEffects(in: state, number: number) else {
        // Done from the start (a final initial state, or a restored done snapshot): the event
        // that started it is reported as every later one is.
        core.beginProcessorStep(
          message, state: state, callSite: callSite, holdsOneMessage: true, clockTime: state.time)
        if case .event(let event) = message { reportDone(event, callSite: callSite) }
        return core.finish()
      }
    }
    switch takeStep(message, state: state, callSite: callSite, origin: origin, core: core) {
    case .finished(let finished):
      return finished
    case .perform(let step):
      // An invocation whose event is processed in its own task, and which this step exits, is
      // cancelled once the step is done: its task runs the step's outputs.
      let cancelledSender = await perform(step.effects, number: number, sparing: origin)
      if step.snapshot.isDone { finishChart() }
      cancelledSender?.cancel()
      return core.finish()
    }
  }

  /// What ``takeStep(_:state:callSite:origin:core:)`` leaves to do.
  @usableFromInline
  enum StepOutcome {
    /// The message is over.
    case finished(OwnerCore<Snapshot, Message>.Finished)
    /// The step is committed; its effects remain to perform, then the message to finish.
    case perform(ChartStep<ID, Event, Context>)
  }

  /// Takes the step a message makes and commits it: everything a message does before its effects,
  /// none of which suspends. Kept out of ``process(_:number:state:callSite:origin:core:isolation:)``
  /// so that the engine's send can inline that.
  @inlinable @inline(never)
  func takeStep(
    _ message: Message, state: consuming Snapshot, callSite: CallSite?, origin: EffectHandle?,
    core: OwnerCore<Snapshot, Message>
  ) -> StepOutcome {
    // A chart that cannot set a timer and has none pending needs no time.
    let now = chart.table.usesTime || !state._timers.isEmpty ? clock.now() : state.time
    if case .event(let event) = message, processing.value.armedTimer == nil,
      let plain = chart.plainStep(from: state, event: event)
    {
      // An event that meets only plain transitions changes the state and nothing else: the
      // step takes it in place, in the processor's own copy, which the core then takes over.
      // Inspectors see it begin with the state before it, which is copied only if they keep it.
      core.beginProcessorStep(
        message, state: state, callSite: callSite, holdsOneMessage: true,
        clockTime: plain.handled ? plain.time(after: state, at: now) : state.time)
      guard plain.handled else {
        reportUnhandled(event, in: state, callSite: callSite)
        return .finished(core.finish())
      }
      plain.take(in: &state, at: now)
      return .finished(core.commit(state, finishing: true)!)
    }
    let step: ChartStep<ID, Event, Context>
    // Whether a step of timers fired every timer due: what inspectors are told it received.
    var caughtUp = false
    switch message {
    case .start:
      core.beginProcessorStep(message, state: state, callSite: callSite, holdsOneMessage: true)
      return .finished(core.finish())
    case .timers, .timersCaughtUp:
      // A `.timers` from a timer that was replaced since is still worth a step (timers may be
      // due), but it must not forget the timer armed now.
      if origin === processing.value.armedTimer?.handle { processing.value.armedTimer = nil }
      // The clock fires each timer in a step of its own, as SCXML makes each delayed event an
      // external event of its own: observers see each one's change, and an event sent while
      // many are due is queued behind the next, not behind all of them. (An event's own step
      // first fires every timer due before it: they precede it.) The same under a test store.
      // A chart that does not catch up that way catches up in one step (see
      // `noteBehindTheClock(lag:)`).
      caughtUp = processing.value.catchUpInOneStep
      step = chart.step(state, event: nil, at: now, observing: core.isInspected, oneTimerPerStep: !caughtUp)
      processing.value.catchUpInOneStep = false
    case .event(let event):
      step = chart.step(state, event: event, at: now, observing: core.isInspected)
    }
    // Whether the step processed only its message: nothing it raised or sent itself to show.
    let holdsOneMessage = step.observations?.startingEvent == nil && step.observations?.events.isEmpty != false
    // Before anything the step emits: a step that holds only its message goes to a step ring,
    // with the chart's time after it, which replay needs: the step's, unless it is not committed.
    let committed = step.changed || !step.effects.isEmpty
    core.beginProcessorStep(
      caughtUp ? .timersCaughtUp : message, state: state, callSite: callSite, holdsOneMessage: holdsOneMessage,
      clockTime: committed ? step.snapshot.time : state.time)
    if case .event(let event) = message, !step.handled { reportUnhandled(event, in: state, callSite: callSite) }
    let needsTimer = !step.snapshot._timers.isEmpty || processing.value.armedTimer != nil
    if !committed {
      if needsTimer { armTimer(for: step.snapshot) }
      return .finished(core.finish())
    }
    // For inspectors, a delayed send that started the step is the message it received.
    if let starting = step.observations?.startingEvent {
      core.services.emit(.received(InspectedValue(starting)))
    }
    if step.effects.isEmpty, !needsTimer, !step.snapshot.isDone, holdsOneMessage {
      // Nothing to perform: store the snapshot and end the event in one critical section.
      return .finished(core.commit(step.snapshot, finishing: true)!)
    }
    // Before the snapshot's record: inspectors see what the chart raised or sent itself as
    // messages it received within the step, after the one that started it. A journal takes the
    // first message of a step as the one to replay.
    for event in step.observations?.events ?? [] { core.services.emit(.received(InspectedValue(event))) }
    // Before the commit publishes the snapshot: an observer that sees it and then advances a test
    // clock finds the step's timer asleep on the clock, not about to sleep past the advance.
    armTimer(for: step.snapshot)
    _ = core.commit(step.snapshot, finishing: false)
    return .perform(step)
  }

  /// Performs the initial transition's effects, or a restored snapshot's, before the first
  /// message. Returns `false` if the chart is done.
  @usableFromInline
  func performInitialEffects(
    in state: Snapshot, number: UInt64, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    guard let initial = processing.value.initialEffects else { return true }
    processing.value.initialEffects = nil
    startRequested.store(true, ordering: .relaxed)
    // The chart's time runs from now: a timer of the initial state, or of a restored snapshot,
    // counts from the start, not from the sequence's creation.
    clock.start(at: state.time)
    await perform(initial, number: number)
    armTimer(for: state)
    guard state.isDone else { return true }
    finishChart()
    return false
  }

  @usableFromInline
  func reportUnhandled(_ event: Event, in state: Snapshot, callSite: CallSite?) {
    core.services.report(ChartReport.unhandled(event, in: state, at: callSite))
  }

  /// Performs a step's effects in order; its caller arms the timer of the next due timer. The
  /// invocation `sparing` names, if the step cancels it, is returned for the caller to cancel
  /// once the step is done, instead of being cancelled now.
  @usableFromInline @discardableResult
  func perform(
    _ effects: [ChartEffect<ID, Event, Context>], number: UInt64,
    sparing sender: EffectHandle? = nil, isolation: isolated (any Actor)? = #isolation
  ) async -> EffectHandle? {
    var spared: EffectHandle?
    for directive in chart.directives(for: effects) {
      switch directive {
      case .output(let output, let context):
        guard let outputs else {
          core.services.report(
            .unmappedOutput,
            "\(chart.name) emitted the output \(output), but the running chart has no output handler.")
          continue
        }
        await core.onBehalf(of: number) {
          _ = isolation
          await outputs(output, context)
        }
      case .start(let invocation):
        start(invocation)
      case .cancel(let id):
        guard let handle = processing.value.invocations.removeValue(forKey: id) else { continue }
        if handle === sender { spared = handle } else { handle.cancel() }
      case .report(let report):
        core.services.report(report)
      }
    }
    return spared
  }

  /// Starts an invocation as an effect of the chart's: its events come back through the mailbox,
  /// as messages whose origin is its handle, which the mailbox drops once it is cancelled.
  private func start(_ invocation: ChartInvocationRun<ID, Event, Context>) {
    let owner = core.services
    let callSite = invocation.callSite
    let handle = core.effects.start(callSite: callSite) { [weak self] handle in
      let report = await invocation.run(isCancelled: { handle.isCancelled }) { [weak self] event in
        guard let self else { return }
        await self.core.send(.event(event), callSite: callSite, origin: handle, inline: true, processor: self)
      }
      if let report { owner.report(report) }
      _ = self
    }
    if let handle { processing.value.invocations[invocation.id] = handle }
  }

  /// Keeps one task sleeping until the first timer of `snapshot` is due.
  @usableFromInline
  func armTimer(for snapshot: Snapshot) {
    let due = snapshot._timers.first?.due
    if let armed = processing.value.armedTimer, armed.due == due, !armed.handle.isCancelled { return }
    processing.value.armedTimer?.handle.cancel()
    processing.value.armedTimer = nil
    guard let due else {
      processing.value.behindTheClock = nil
      return
    }
    let clock = self.clock
    let now = clock.now()
    if due <= now {
      // Already due (the next of the timers due at one instant): its step follows at once,
      // behind what others sent meanwhile, with no task to sleep.
      noteBehindTheClock(lag: now - due)
      core.post(.timers, callSite: nil, processor: self)
      return
    }
    processing.value.behindTheClock = nil
    // The chart's own call site: what reports a timer still running points at the chart.
    // Immediately: the sleep is registered with the clock before the step ends, so that a test
    // clock advanced after the send that set the timer wakes it. If the clock passed `due`
    // meanwhile, the whole timer runs here: its `.timers` queues behind this step, which still
    // keeps the handle, and that step then finds it armed and clears it.
    let handle = core.effects.start(immediately: true, callSite: chart.table.nodes[0].callSite) {
      [weak self] handle in
      try await clock.sleep(due)
      guard let self, !handle.isCancelled else { return }
      self.core.post(.timers, callSite: nil, origin: handle, processor: self)
    }
    if let handle { processing.value.armedTimer = (due, handle) }
  }

  /// Watches a chart that is behind its clock. Firing one timer per step, a backlog drains: each
  /// step brings the chart's time closer to its clock's. Timers that fall due faster than that
  /// (a delayed transition back to its own state with a delay shorter than a step takes) never
  /// drain: after ``behindTheClockLimit`` steps without getting closer, the next step fires every
  /// timer due at once, as the step function does, where a chain of timers that never settles is
  /// stopped and reported as a ``ChartLivelock``.
  private func noteBehindTheClock(lag: Duration) {
    guard let behind = processing.value.behindTheClock, lag >= behind.smallestLag else {
      processing.value.behindTheClock = (lag, 0)
      return
    }
    let steps = behind.steps + 1
    guard steps < Self.behindTheClockLimit else {
      processing.value.behindTheClock = nil
      processing.value.catchUpInOneStep = true
      return
    }
    processing.value.behindTheClock = (behind.smallestLag, steps)
  }

  /// How many timer steps a chart behind its clock may take without getting closer to it before
  /// it catches up in one step.
  static var behindTheClockLimit: Int { 1_000 }

  /// Sets the chart's timer again, after its effects were all cancelled: its delayed transitions
  /// and sends still fire when its clock reaches them.
  @usableFromInline
  func restartTimers() {
    guard !isDone.load(ordering: .relaxed) else { return }
    core.post(.timers, callSite: nil, processor: self)
  }

  /// The chart reached a top-level final state: it processes nothing more, cancels what runs, and
  /// ends its observers' sequences after the final snapshot.
  @usableFromInline
  func finishChart() {
    isDone.store(true, ordering: .relaxed)
    processing.value.invocations = [:]
    processing.value.armedTimer = nil
    for (message, callSite) in core.close() {
      guard case .event(let event) = message else { continue }
      reportDone(event, callSite: callSite)
    }
  }
}
