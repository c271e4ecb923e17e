/// A running ``Statechart``, as an `AsyncSequence` of its snapshots.
///
/// ```swift
/// enum Player: Hashable, Sendable, Codable { case paused, playing }
/// enum PlayerEvent: Hashable, Sendable, Codable { case play, pause }
/// struct PlayerContext: Hashable, Sendable, Codable { var track = "So What" }
///
/// enum Charts {
///   static let player = Statechart<Player, PlayerEvent, PlayerContext>(initial: .paused, context: PlayerContext()) {
///     StateNode(.paused) { OnEvent(.play, target: .playing) }
///     StateNode(.playing) {
///       Entry(.output("startAudio"))
///       Exit(.output("stopAudio"))
///       OnEvent(.pause, target: .paused)
///     }
///   }
/// }
/// ```
///
/// ```swift
/// let player = AsyncStatechartSequence(Charts.player, clock: ContinuousClock()) { output, context in
///   if output == "startAudio" { print("playing", context.track) }
/// }
/// let printing = Task { for await snapshot in player { print(snapshot) } }
/// await player.send(.play)
/// print(player.isIn(.playing))   // true, and its ancestors are active too
/// printing.cancel()
/// ```
///
/// It behaves like `AsyncStateMachineSequence`, on the same engine:
/// - The chart runs once per sequence; every iterator gets the current snapshot, then every later
///   one.
/// - `send` returns when the event's macrostep is done and its snapshot published, and the
///   outputs it emitted handled. Concurrent senders are served in FIFO order.
/// - The chart starts (its initial entry actions' outputs, its invocations, its timers) at the
///   first `send`, the first iterator, or ``start(isolation:)``. Its snapshot is readable before.
/// - Delayed transitions and delayed sends run on `clock`; inject a `TestClock` in tests.
/// - Invocations start when their state is entered and are cancelled when it exits: nothing they
///   send after that is delivered.
/// - When the chart reaches a top-level final state, it cancels what runs, its iterators end after
///   the final snapshot, and later events are ignored with a ``StatecraftEngine/Diagnostic/Kind/chartDone``
///   diagnostic.
/// - Unhandled events, outputs with no handler, failing actions and invocations, and problems of
///   the definition go to the ``/StatecraftEngine/DiagnosticHandler`` current when the sequence was created.
public struct AsyncStatechartSequence<ID: Hashable & Sendable, Event: Sendable, Context: Sendable>:
  AsyncSequence, Sendable
{

  @usableFromInline let processor: ChartProcessor<ID, Event, Context>

  /// The running chart's owner context: for the engine's tests.
  package var services: OwnerServices { processor.core.services }

  /// Runs `chart` from its initial state, or from a snapshot taken earlier, maybe by another
  /// process: then its timers resume with the time they had left, and its active states'
  /// invocations start again.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(AsyncStatechartSequence(Charts.player).snapshot)   // saved earlier
  /// let saved = try JSONDecoder().decode(ChartSnapshot<Player, PlayerEvent, PlayerContext>.self, from: data)
  /// let player = AsyncStatechartSequence(Charts.player, restoring: saved) { output, _ in
  ///   print(output)
  /// }
  /// await player.send(.play)
  /// ```
  ///
  /// - Parameters:
  ///   - chart: The chart to run.
  ///   - snapshot: The snapshot to resume from; `nil`, the default, starts from the initial state.
  ///     What in it does not fit the chart is reported to the diagnostics hook.
  ///   - clock: The clock its delayed transitions and sends wait on: the continuous clock by
  ///     default, a `TestClock` in tests.
  ///   - fileID: Where the call is, for diagnostics: the caller's file by default.
  ///   - filePath: The caller's file path, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  ///   - outputs: Performs the chart's outputs (``ChartAction/output(_:)``), with the context of
  ///     the moment each was emitted, in order.
  public init<C: Clock>(
    _ chart: Statechart<ID, Event, Context>, restoring snapshot: ChartSnapshot<ID, Event, Context>? = nil,
    clock: C = ContinuousClock(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    outputs: (@Sendable (ChartOutput, Context) async -> Void)? = nil
  ) where C.Duration == Duration {
    processor = ChartProcessor(
      chart: chart, restoring: snapshot, clock: clock, outputs: outputs,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// An iterator that gets the current snapshot, then every later one, and ends after the final
  /// snapshot of a done chart. Making one starts the chart, if nothing has yet.
  public func makeAsyncIterator() -> AsyncStream<ChartSnapshot<ID, Event, Context>>.Iterator {
    let snapshots = processor.core.observe(final: nil, bufferingPolicy: nil)
    processor.startIfNeeded()
    return snapshots.makeAsyncIterator()
  }

  /// The chart's current snapshot, its ``ChartSnapshot/time`` the chart's time now: save it, and
  /// restore it later with ``init(_:restoring:clock:fileID:filePath:line:column:outputs:)``.
  public var snapshot: ChartSnapshot<ID, Event, Context> {
    var snapshot = processor.core.ownerState
    snapshot._time = Swift.max(snapshot.time, processor.clock.now())
    return snapshot
  }

  /// Whether the state `id` is active; an active state's ancestors are active too.
  public func isIn(_ id: ID) -> Bool { snapshot.isIn(id) }

  /// Whether the chart reached a top-level final state.
  public var isDone: Bool { snapshot.isDone }

  /// Starts the chart, if nothing has yet, and returns once its initial effects are performed.
  ///
  /// ```swift
  /// let player = AsyncStatechartSequence(Charts.player) { output, _ in print(output) }
  /// await player.start()           // its initial entry actions, timers and invocations
  /// print(player.isIn(.paused))    // true
  /// ```
  public func start(isolation: isolated (any Actor)? = #isolation) async {
    await processor.start()
  }

  /// Sends an event, and returns once its macrostep is done and its snapshot published. An event
  /// that no active state handles is reported at the line of this call.
  ///
  /// ```swift
  /// let player = AsyncStatechartSequence(Charts.player) { output, _ in print(output) }
  /// await player.send(.play)       // prints startAudio before send returns
  /// print(player.isIn(.playing))   // true
  /// ```
  @inlinable
  public func send(
    _ event: Event, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await processor.send(
      event, callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Attaches an inspector, which receives a record of every event, snapshot change, invocation and
  /// diagnostic of this chart from now on.
  public func attach(_ inspector: some Inspector) {
    processor.core.attach(inspector)
  }

  /// Cancels every invocation and timer running now. `StatecraftTesting`'s test store uses it.
  package func cancelAllEffects() {
    processor.core.effects.cancelAll()
  }

  /// Starts the chart without waiting for it, if nothing has started it yet, and its time line now.
  /// `StatecraftTesting`'s test store uses it: a chart under test runs from its creation, so a
  /// clock the test advances before the chart's start is processed still counts for its timers.
  package func startIfNeeded() {
    processor.clock.start(at: processor.core.ownerState.time)
    processor.startIfNeeded()
  }

  /// Sets the chart's timer again after ``cancelAllEffects()``, so that its delayed transitions
  /// and sends still fire. `StatecraftTesting`'s test store uses it.
  package func restartTimers() {
    processor.restartTimers()
  }

  /// Waits until no invocation or timer task of the chart runs. For tests.
  package func waitUntilIdle() async {
    await processor.core.effects.waitUntilIdle()
  }
}
