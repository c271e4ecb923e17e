/// Something a chart does when it takes a transition, enters a state or exits one: a value, which
/// the chart's step function interprets without running anything itself.
///
/// ```swift
/// enum Player: Hashable, Sendable { case playing, paused, offline }
/// enum PlayerEvent: Hashable, Sendable { case play, volumeUp, volumeChanged, autoPause, seek(Duration), retry, giveUp }
/// struct PlayerContext: Hashable, Sendable { var volume = 5; var position = Duration.zero; var retries = 0 }
///
/// enum Charts {
///   static let player = Statechart<Player, PlayerEvent, PlayerContext>(initial: .playing, context: PlayerContext()) {
///     StateNode(.playing) {
///       Entry(.send(.autoPause, delay: .seconds(300), id: "autoPause"))
///       Exit(.cancel("autoPause"))
///       OnEvent(.volumeUp, guard: { $0.context.volume < 10 }, actions: [
///         .assign { $0.volume += 1 },
///         .raise(.volumeChanged),
///         .output("beep"),
///       ])
///       OnEvent(.autoPause, target: .paused)
///     }
///     StateNode(.paused) { OnEvent(.play, target: .playing) }
///     StateNode(.offline)
///   }
/// }
/// ```
///
/// - ``assign(_:)-((Context)->Void)`` changes the context. If it throws, the chart raises an execution error (see
///   ``OnError``) and skips the rest of its block, as SCXML does.
/// - ``raise(_:)-(Event)`` puts an event on the internal queue: it is processed before any external event.
/// - ``send(_:delay:id:)`` puts an event on the external queue, now or after a delay on the
///   runtime's clock, under an id that ``cancel(_:)-(String)`` can cancel.
/// - ``output(_:)`` hands a named side effect to the runtime.
public struct ChartAction<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>: Sendable {
  @usableFromInline
  enum Operation: Sendable {
    case assign(@Sendable (inout Context, Event?) throws -> Void)
    case raise(@Sendable (Context, Event?) -> Event)
    case send(
      event: @Sendable (Context, Event?) -> Event, delay: @Sendable (Context) -> Duration, id: String?)
    case cancel(@Sendable (Context) -> String)
    case output(ChartOutput)
    case choose(
      condition: @Sendable (ChartGuardInput<ID, Event, Context>) -> Bool, then: [ChartAction],
      otherwise: [ChartAction])
  }

  @usableFromInline let operation: Operation

  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// Whether the action may send an event to the chart's external queue, which takes a timer.
  var sends: Bool {
    switch operation {
    case .send: true
    case .choose(_, let then, let otherwise): then.contains(where: \.sends) || otherwise.contains(where: \.sends)
    default: false
    }
  }

  /// Changes the context.
  ///
  /// ```swift
  /// let louder = Statechart<Player, PlayerEvent, PlayerContext>(initial: .playing, context: PlayerContext()) {
  ///   StateNode(.playing) { OnEvent(.volumeUp, actions: [.assign { $0.volume += 1 }]) }
  /// }
  /// let step = louder.transition(from: louder.initialTransition().snapshot, on: .volumeUp)
  /// print(step.snapshot.context.volume)   // 6
  /// ```
  public static func assign(_ body: @escaping @Sendable (inout Context) throws -> Void) -> Self {
    Self(.assign { context, _ in try body(&context) })
  }

  /// Changes the context, reading the event being processed: SCXML's `_event`, `nil` while the
  /// chart processes a done event, an execution error or a delayed transition, and kept through
  /// the eventless transitions that follow an event.
  ///
  /// ```swift
  /// let seeker = Statechart<Player, PlayerEvent, PlayerContext>(initial: .playing, context: PlayerContext()) {
  ///   StateNode(.playing) {
  ///     OnEvent(where: { if case .seek = $0 { true } else { false } }, actions: [
  ///       .assign { context, event in
  ///         if case .seek(let position) = event { context.position = position }
  ///       }
  ///     ])
  ///   }
  /// }
  /// let step = seeker.transition(from: seeker.initialTransition().snapshot, on: .seek(.seconds(42)))
  /// print(step.snapshot.context.position)   // 42.0 seconds
  /// ```
  public static func assign(_ body: @escaping @Sendable (inout Context, Event?) throws -> Void) -> Self {
    Self(.assign(body))
  }

  /// Raises `event` on the chart's internal queue: it is processed in the current macrostep,
  /// before any external event.
  public static func raise(_ event: Event) -> Self {
    Self(.raise { _, _ in event })
  }

  /// Raises the event `make` builds from the context when the action runs.
  public static func raise(_ make: @escaping @Sendable (Context) -> Event) -> Self {
    Self(.raise { context, _ in make(context) })
  }

  /// Sends `event` to the chart's external queue: after the current macrostep, or after `delay`
  /// on the runtime's clock. A send with an `id` can be cancelled with ``cancel(_:)-(String)`` until it is
  /// delivered.
  public static func send(_ event: Event, delay: Duration = .zero, id: String? = nil) -> Self {
    Self(.send(event: { _, _ in event }, delay: { _ in delay }, id: id))
  }

  /// Sends the event `make` builds, after the delay `delay` computes, both from the context when
  /// the action runs (SCXML's `eventexpr` and `delayexpr`).
  public static func send(
    id: String? = nil,
    delay: @escaping @Sendable (Context) -> Duration,
    _ make: @escaping @Sendable (Context) -> Event
  ) -> Self {
    Self(.send(event: { context, _ in make(context) }, delay: delay, id: id))
  }

  /// Cancels the delayed sends made under `id` that have not been delivered yet.
  public static func cancel(_ id: String) -> Self {
    Self(.cancel { _ in id })
  }

  /// Cancels the delayed sends under the id `id` computes from the context (SCXML's `sendidexpr`).
  public static func cancel(_ id: @escaping @Sendable (Context) -> String) -> Self {
    Self(.cancel(id))
  }

  /// Hands `output` to the runtime, with the context as it is when the action runs.
  public static func output(_ output: ChartOutput) -> Self {
    Self(.output(output))
  }

  /// Runs `then` if `condition` holds, `otherwise` if not (SCXML's `<if>` and `<else>`). The
  /// condition reads what a guard reads: the context, the event, and which states are active.
  ///
  /// ```swift
  /// let retrying = Statechart<Player, PlayerEvent, PlayerContext>(initial: .paused, context: PlayerContext()) {
  ///   StateNode(.paused) {
  ///     OnEvent(.play, actions: [
  ///       .choose(if: { $0.context.retries < 3 && !$0.isIn(.offline) }, then: [.raise(.retry)], otherwise: [.raise(.giveUp)])
  ///     ])
  ///     OnEvent(.retry, target: .playing, actions: [.assign { $0.retries += 1 }])
  ///     OnEvent(.giveUp, target: .offline)
  ///   }
  ///   StateNode(.playing)
  ///   StateNode(.offline)
  /// }
  /// print(retrying.transition(from: retrying.initialTransition().snapshot, on: .play).snapshot.isIn(.playing))   // true
  /// ```
  public static func choose(
    if condition: @escaping @Sendable (ChartGuardInput<ID, Event, Context>) -> Bool,
    then: [ChartAction], otherwise: [ChartAction] = []
  ) -> Self {
    Self(.choose(condition: condition, then: then, otherwise: otherwise))
  }
}
