public import StatecraftCharts
import Synchronization

extension Reduce where Action: CaseRoutable {
  /// Runs a statechart as a child feature: its pure step, inside this reducer, for the chart's
  /// events; its outputs back as actions; its timers and invocations as effects, on `clock`.
  ///
  /// ```swift
  /// enum Sync: Hashable, Sendable { case idle, uploading }
  /// enum SyncEvent: Hashable, Sendable { case start, finished }
  ///
  /// enum Charts {
  ///   static let sync = Statechart<Sync, SyncEvent, EmptyChartContext>(initial: .idle) {
  ///     StateNode(.idle) { OnEvent(.start, target: .uploading) }
  ///     StateNode(.uploading) { OnEvent(.finished, target: .idle, actions: [.output("uploaded")]) }
  ///   }
  /// }
  ///
  /// struct Row {
  ///   var sync = ChartFeature(Charts.sync)
  ///   var lastSynced: String?
  ///   var isOn = false
  /// }
  ///
  /// @CaseRoutable
  /// enum RowAction: Sendable {
  ///   case sync(ChartFeatureAction<SyncEvent>)
  ///   case toggle
  /// }
  ///
  /// func rowReducer(clock: some Clock<Duration>) -> Reduce<Row, RowAction> {
  ///   Reduce<Row, RowAction> { state, action in
  ///     switch action {
  ///     case .sync(.output("uploaded")): state.lastSynced = "now"
  ///     case .sync, .toggle: break
  ///     }
  ///     return .none
  ///   }
  ///   .chart(\.sync, action: \.sync, Charts.sync, clock: clock)
  /// }
  /// ```
  ///
  /// ```swift
  /// let store = Store(initialState: Row(), reducer: rowReducer(clock: ContinuousClock()))
  /// store.send(.sync(.event(.start)))
  /// store.send(.sync(.event(.finished)))   // the chart emits "uploaded": lastSynced is set
  /// ```
  ///
  /// - The chart starts (its initial transition: entry actions, invocations, timers) when it
  ///   appears, if a parent composes it with `ifLet`, `forEach` or `ifCaseLet`, and otherwise with
  ///   the first action that reaches this reducer. A restored chart (``ChartFeature/init(restoring:fileID:filePath:line:column:)``)
  ///   starts its active states' invocations again, and its time goes on from its snapshot's.
  /// - An event is one macrostep, then the events the chart sent itself with no delay; the
  ///   chart's reducer runs before this one, so that this one sees the new configuration.
  /// - Each output (``/StatecraftCharts/ChartAction/output(_:)``) comes back as `.output(name)`, after the step, for
  ///   this reducer to act on: a test store receives it.
  /// - Timers (`After`, delayed sends) sleep on `clock`, and the due ones fire in one step. An
  ///   invocation runs while its state is active; the events it sends come back as `.event`.
  /// - All of it runs as this feature's effects: inside a row or a presented child, it ends with
  ///   that child, like any other effect.
  /// - An event the chart does not handle, or sent once it is done, is reported at the line of its
  ///   `send` (``/StatecraftEngine/Diagnostic/Kind/unhandledEvent``, ``/StatecraftCharts/StatecraftEngine/Diagnostic/Kind/chartDone``), as a running
  ///   chart reports it.
  public func chart<ID, Event, Context, C: Clock<Duration>>(
    _ toChart: WritableKeyPath<State, ChartFeature<ID, Event, Context>>,
    action: KeyPath<Action.Cases, EnumCase<Action, ChartFeatureAction<Event>>>,
    _ chart: Statechart<ID, Event, Context>,
    clock: C
  ) -> Self {
    let runner = ChartFeatureRunner(
      chart: chart, route: Action.cases[keyPath: action], site: toChart, clock: clock)
    return Self(
      { state, action in
        // Started here unless a parent started it when it appeared.
        let started = runner.start(&state[keyPath: toChart])
        guard let chartAction = runner.route.extract(action) else {
          return .merging(started, reduce(&state, action))
        }
        let chartEffect = runner.step(&state[keyPath: toChart], chartAction, action: action)
        return .merging(.merging(started, chartEffect), reduce(&state, action))
      },
      ended: ended,
      started: Self.started(started) { runner.start(&$0[keyPath: toChart]) })
  }
}

/// What a chart that is a child feature needs to step: its definition, how its actions embed in
/// the parent's, the ids of its effects, and its time line.
struct ChartFeatureRunner<ID: Hashable & Sendable, Event: Sendable, Context: Sendable, Action: Sendable> {
  typealias Feature = ChartFeature<ID, Event, Context>

  let chart: Statechart<ID, Event, Context>
  let route: EnumCase<Action, ChartFeatureAction<Event>>
  /// The id of the effect that sleeps until the next timer.
  let timerID: ChartFeatureEffectID<ID>
  /// The composition's time line: every chart it runs reads its time from it, plus its offset.
  let timeline: ChartClock
  /// Whether the chart's definition was checked: its problems are reported once, with the first
  /// chart that starts, as a running chart reports them when it is made.
  let definitionChecked = DefinitionCheck()

  init<C: Clock<Duration>>(
    chart: Statechart<ID, Event, Context>, route: EnumCase<Action, ChartFeatureAction<Event>>,
    site: AnyKeyPath, clock: C
  ) {
    self.chart = chart
    self.route = route
    self.timerID = ChartFeatureEffectID(site: ChildSite(keyPath: site), invocation: nil)
    self.timeline = ChartClock(clock, startingAt: .zero)
    timeline.start(at: .zero)
  }

  /// Starts the chart if it has not started: its initial transition, or the resumption of a
  /// restored snapshot, with the effects of that.
  func start(_ feature: inout Feature) -> Effect<Action> {
    guard feature.offset == nil else { return .none }
    var reports = definitionChecked.isFirst() ? ChartReport.problems(of: chart) : []
    let now = timeline.now()
    let step: ChartStep<ID, Event, Context>
    if let restoredAt = feature.restoredAt {
      reports += ChartReport.problems(restoring: feature.snapshot, into: chart, at: restoredAt)
      // Brought into range, as a running chart does, so that no clock arithmetic overflows.
      let resumed = feature.snapshot.withTimesInRange()
      feature.offset = resumed.time - now
      step = chart.resumption(of: resumed)
    } else {
      feature.offset = .zero - now
      step = chart.initialTransition(at: .zero)
    }
    feature.snapshot = step.snapshot
    let effects = perform(step.effects, for: feature)
    return reports.isEmpty ? effects : .merge(reports.map(Effect.report) + [effects])
  }

  /// One step for `chartAction`, which arrived in `action`.
  func step(
    _ feature: inout Feature, _ chartAction: ChartFeatureAction<Event>, action: Action
  )
    -> Effect<Action>
  {
    let now = timeline.now() + (feature.offset ?? .zero)
    switch chartAction {
    case .event(let event):
      // Reported at the line of the `send`, as a running chart reports them.
      guard !feature.snapshot.isDone else { return .report(ChartReport.done(event, chart: chart.name, at: nil)) }
      let step = chart.step(feature.snapshot, event: event, at: now)
      let unhandled =
        step.handled ? Effect<Action>.none : .report(ChartReport.unhandled(event, in: feature.snapshot, at: nil))
      feature.snapshot = step.snapshot
      return .merging(unhandled, perform(step.effects, for: feature))
    case .timersDue:
      let step = chart.step(feature.snapshot, event: nil, at: now)
      feature.snapshot = step.snapshot
      return perform(step.effects, for: feature)
    case .output:
      return .none  // for the parent's reducer
    }
  }

  /// The effects of a step, in order, then the timer of the next due timer.
  private func perform(
    _ effects: [ChartEffect<ID, Event, Context>], for feature: Feature
  )
    -> Effect<Action>
  {
    var performed: [Effect<Action>] = []
    let embed = route.embed
    for directive in chart.directives(for: effects) {
      switch directive {
      case .output(let output, _):
        performed.append(.send(embed(.output(output))))
      case .start(let invocation):
        performed.append(
          invocationEffect(invocation).cancellable(
            id: ChartFeatureEffectID(site: timerID.site, invocation: invocation.id), cancelInFlight: true))
      case .cancel(let id):
        performed.append(.cancel(ChartFeatureEffectID(site: timerID.site, invocation: id)))
      case .report(let report):
        performed.append(.report(report))
      }
    }
    if let due = feature.snapshot.nextTimerDue, let offset = feature.offset {
      let timeline = self.timeline
      performed.append(
        Effect(
          .run(
            .init(
              priority: nil,
              operation: { send in
                try await timeline.sleep(due - offset)
                await send(embed(.timersDue))
              },
              callSite: chart.rootCallSite))
        ).cancellable(id: timerID, cancelInFlight: true))
    } else {
      performed.append(.cancel(timerID))
    }
    return performed.count == 1 ? performed[0] : .merge(performed)
  }

  /// The effect that runs an invocation: the events it sends, and its done event, come back as
  /// `.event` while the effect is not cancelled; an error becomes its `onError` event, or a
  /// diagnostic at the `Invoke`'s line, as a running chart reports it.
  private func invocationEffect(_ invocation: ChartInvocationRun<ID, Event, Context>) -> Effect<Action> {
    let embed = route.embed
    return Effect(
      .run(
        .init(
          priority: nil,
          operation: { send in
            let report = await invocation.run(isCancelled: { send.effect?.isCancelled ?? Task.isCancelled }) { event in
              await send(embed(.event(event)))
            }
            if let report {
              send.effect?.report(report.kind, report.message, callSite: report.callSite, error: report.error)
            }
          },
          callSite: invocation.callSite)))
  }
}

/// Whether a chart's definition was checked yet, for the first of the charts a reducer runs.
final class DefinitionCheck: Sendable {
  private let checked = Atomic(false)

  /// `true` the first time only.
  func isFirst() -> Bool { !checked.exchange(true, ordering: .relaxed) }
}

/// The id of an effect of a chart that is a child feature: its timer, or one of its invocations.
struct ChartFeatureEffectID<ID: Hashable & Sendable>: Hashable, Sendable {
  let site: ChildSite
  let invocation: ChartInvocationID<ID>?
}
