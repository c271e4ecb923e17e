/// What replays a journal's steps between its keyframes: the reducer, machine or statechart that
/// took them, or any function that takes a state to the next on a message.
///
/// ```swift
/// let schema = SnapshotSchema<Int>("counter")
/// let adding = Reduce<Int, Int> { count, step in count += step; return .none }
/// let journal = try Journal(schema: schema, action: Int.self)
/// let store = Store(initialState: 0, reducer: adding)
/// store.attach(journal)
/// store.send(2)
/// store.send(3)
/// let recording = try JournalRecording(journal.contents(), schema: schema, action: Int.self)
/// print(try recording.state(at: 2, replaying: .reducer(adding)))              // 5
/// print(try recording.state(at: 2, replaying: JournalReplayer { $0 += $1 }))  // 5
/// ```
///
/// Replay runs no effect: the journal holds every message that effects sent. It reproduces the
/// recorded states only if each step is a pure function of the state and the message; record
/// with ``JournalKeyframes/everyStep`` a reducer that reads a clock or a random number. A chart's
/// steps depend on its clock too: its journal records the chart's time at each step, and
/// ``chart(_:)`` takes each step at that time.
public struct JournalReplayer<State, Action> {
  package let apply: (inout State, Action) -> Void
  /// Takes a chart's step at the chart's time: with its event, or with none for a step the
  /// chart's clock started, which fired every timer due or only the first.
  package let applyAtTime: ((inout State, Action?, Duration, Bool) -> Void)?

  /// A replayer that moves a state to the next with `apply`.
  public init(_ apply: @escaping (inout State, Action) -> Void) {
    self.apply = apply
    self.applyAtTime = nil
  }

  private init(
    apply: @escaping (inout State, Action) -> Void,
    applyAtTime: @escaping (inout State, Action?, Duration, Bool) -> Void
  ) {
    self.apply = apply
    self.applyAtTime = applyAtTime
  }

  /// Replays with `reducer`, dropping the effects it returns.
  public static func reducer(_ reducer: Reduce<State, Action>) -> Self where Action: Sendable {
    Self { state, action in _ = reducer(&state, action) }
  }

  /// Replays with `machine`'s transitions: an event no transition takes leaves the state. No
  /// output, middleware or side effect runs.
  public static func machine<Output>(_ machine: StateMachine<State, Action, Output>) -> Self
  where State: DSLCompatible, Action: DSLCompatible {
    Self { state, event in state = machine.transition(from: state, on: event) ?? state }
  }

  /// Replays with `chart`'s step function, each step at the chart's time the journal recorded
  /// with it: the timers due by then fire, then the step's event, if any, is taken, as the
  /// running chart took it. No output or invocation runs.
  ///
  /// ```swift
  /// enum Light: Hashable, Sendable, Codable { case green, amber, red }
  /// enum Signal: Hashable, Sendable, Codable { case stop }
  /// let lights = Statechart<Light, Signal, EmptyChartContext>("lights", initial: .green) {
  ///   StateNode(.green) { OnEvent(.stop, target: .amber) }
  ///   StateNode(.amber) { After(.seconds(3), target: .red) }
  ///   StateNode(.red)
  /// }
  /// let schema = SnapshotSchema<ChartSnapshot<Light, Signal, EmptyChartContext>>("lights")
  /// let journal = try Journal(schema: schema, action: Signal.self)
  /// let clock = TestClock()
  /// let running = AsyncStatechartSequence(lights, clock: clock)
  /// running.attach(journal)
  /// await running.start()
  /// await running.send(.stop)
  /// await clock.advance(by: .seconds(3))   // the delayed transition: a step of the chart's clock
  /// journal.flush()
  /// let recording = try JournalRecording(journal.contents(), schema: schema, action: Signal.self)
  /// print(try recording.state(at: recording.steps.upperBound, replaying: .chart(lights)))   // [red]
  /// ```
  public static func chart<ID, Context>(_ chart: Statechart<ID, Action, Context>) -> Self
  where State == ChartSnapshot<ID, Action, Context> {
    Self(
      apply: { snapshot, event in snapshot = chart.transition(from: snapshot, on: event).snapshot },
      applyAtTime: { snapshot, event, time, firesEveryTimerDue in
        snapshot = chart.replayedStep(snapshot, event: event, at: time, firingEveryTimerDue: firesEveryTimerDue)
      })
  }
}
