/// A running state machine, as an `AsyncSequence` of its states.
///
/// ```swift
/// enum State: DSLCompatible { case open(persons: Int), closing(persons: Int), closed }
/// enum Event: DSLCompatible { case personsHaveEntered(persons: Int), closeButtonWasPressed, doorHasLocked }
/// enum Output: DSLCompatible { case close(speed: Int) }
///
/// enum Elevator {
///   static let stateMachine = StateMachine(initial: State.open(persons: 0)) {
///     When(state: State.open(persons:)) { _ in
///       Execute.noOutput
///     } transitions: { persons in
///       On(event: Event.personsHaveEntered(persons:)) { newPersons in
///         Transition(to: State.open(persons: persons + newPersons))
///       }
///       On(event: Event.closeButtonWasPressed) { _ in
///         Guard(predicate: persons < 10)
///       } transition: { _ in
///         Transition(to: State.closing(persons: persons))
///       }
///     }
///     When(state: State.closing(persons:)) { persons in
///       Execute(output: Output.close(speed: persons > 5 ? 1 : 2))
///     } transitions: { _ in
///       On(event: Event.doorHasLocked) { _ in Transition(to: State.closed) }
///     }
///   }
/// }
/// ```
///
/// ```swift
/// let runtime = Runtime<State, Event, Output>()
///   .map(output: Output.close(speed:)) { _ in Event.doorHasLocked }
/// let sequence = AsyncStateMachineSequence(stateMachine: Elevator.stateMachine, runtime: runtime)
/// let printing = Task { for await state in sequence { print(state) } }
/// await sequence.send(Event.personsHaveEntered(persons: 3))
/// printing.cancel()   // when the screen goes away
/// ```
///
/// - The machine runs once per sequence, however many iterators there are. Each iterator first gets
///   the current state, then every later state: all iterators see the same states, in order.
/// - The machine starts, running the initial state's output, middleware and pipes, at the first
///   `send` or the first iterator, whichever comes first.
/// - `send` returns once the event has been processed and any new state published. It never waits
///   for an iterator. Concurrent senders are served in FIFO order.
/// - Unhandled events, unmapped outputs and side-effect errors go to the ``/StatecraftEngine/DiagnosticHandler`` that
///   was current when the sequence was created.
/// - Releasing every copy of the sequence cancels its side effects and ends its iterators.
/// - Events that others sent while the machine was busy are processed in a task of the machine's
///   own, so no sender's cancellation, task-locals or priority reach another's event.
/// - A middleware that sends to its own machine would wait for itself: its event is queued behind
///   the current one, `send` returns at once, and a ``/StatecraftEngine/Diagnostic/Kind/reentrantSend`` diagnostic
///   says so.
/// - The mailbox is unbounded. Senders wait for their own event, so they cannot outrun the machine;
///   events that pipes post do not wait, so a pipe from a faster machine can make it grow.
///
/// It runs on the engine's `OwnerCore`: ``attach(_:)`` an inspector to see every event, state
/// change and side effect.
public struct AsyncStateMachineSequence<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>:
  AsyncSequence, Sendable
{

  @usableFromInline let processor: MachineProcessor<S, E, O>

  /// The running machine's owner context: for the engine's tests.
  package var services: OwnerServices { processor.core.services }
  /// The broadcast of the machine's states, for its `StateStreaming` conformance.
  package var stateBroadcast: any AsyncBroadcast<S> { processor.core.stateBroadcast }

  /// Creates a running machine from a definition and a runtime.
  public init(
    stateMachine: StateMachine<S, E, O>, runtime: Runtime<S, E, O>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    processor = MachineProcessor(
      definition: stateMachine, runtime: runtime,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// An iterator that gets the current state, then every later state. Making one starts the
  /// machine, if nothing has yet.
  public func makeAsyncIterator() -> AsyncStream<S>.Iterator {
    let states = processor.core.observe(final: nil, bufferingPolicy: nil)
    processor.startIfNeeded()
    return states.makeAsyncIterator()
  }

  /// The state the machine is in.
  @inlinable
  public var currentState: S { processor.core.ownerState }

  /// Sends an event, and returns once it has been processed and any new state published.
  ///
  /// ```swift
  /// let sequence = AsyncStateMachineSequence(stateMachine: Elevator.stateMachine, runtime: Runtime())
  /// await sequence.send(.personsHaveEntered(persons: 3))
  /// print(sequence.currentState)   // open(persons: 3)
  /// ```
  ///
  /// It runs on the caller's executor: from the main actor, processing happens there, with no hop.
  /// An event that no transition handles is reported at the line of this call.
  @inlinable
  public func send(
    _ event: E, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await processor.send(
      event, callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  #if DEBUG
    /// How many critical sections the machine's core has run. Debug builds only, for tests.
    package var criticalSectionCount: Int { processor.core.criticalSectionCount }
  #endif

  /// Attaches an inspector, which receives a record of every event, state change, side effect and
  /// diagnostic of this machine from now on.
  ///
  /// ```swift
  /// let sequence = AsyncStateMachineSequence(stateMachine: Elevator.stateMachine, runtime: Runtime())
  /// sequence.attach(LoggingInspector(level: .info))   // swift-log shows .info and above by default
  /// await sequence.send(.personsHaveEntered(persons: 2))   // logged: the event, the new state
  /// ```
  public func attach(_ inspector: some Inspector) {
    processor.core.attach(inspector)
  }

  /// Sends an event, then waits until the machine is in a state that `predicate` accepts.
  ///
  /// It returns exactly once: when the state after the event is accepted, at the first later
  /// state that is, or when the waiting task is cancelled.
  ///
  /// ```swift
  /// let runtime = Runtime<State, Event, Output>()
  ///   .map(output: Output.close(speed:)) { _ in Event.doorHasLocked }
  /// let sequence = AsyncStateMachineSequence(stateMachine: Elevator.stateMachine, runtime: runtime)
  /// await sequence.send(.closeButtonWasPressed, resumeWhen: { $0 == .closed })
  /// ```
  @preconcurrency @inlinable
  public func send(
    _ event: E, resumeWhen predicate: @escaping @Sendable (S) -> Bool,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    var states = processor.core.observe(final: nil, bufferingPolicy: nil).makeAsyncIterator()
    _ = await states.next()  // the state before the event
    await processor.send(
      event, callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    if predicate(processor.core.ownerState) { return }
    while let state = await states.next() {
      if predicate(state) { return }
    }
  }

  /// Sends an event, then waits until the machine is in a state equal to `state`.
  @inlinable
  public func send(
    _ event: E, resumeWhen state: S,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await send(
      event, resumeWhen: DSLPattern.value(state).matches,
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an event, then waits until the machine is in a state of the case `state` builds.
  @preconcurrency @inlinable
  public func send<Payload>(
    _ event: E, resumeWhen state: @escaping @Sendable (Payload) -> S,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await send(
      event, resumeWhen: DSLPattern.case(state).matches,
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an event, then waits until the machine is in any state of `states`.
  @inlinable
  public func send(
    _ event: E, resumeWhen states: OneOf<S>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await send(
      event, resumeWhen: DSLPattern.oneOf(states).matches,
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension AsyncStateMachineSequence {
  /// Cancels every side effect running now. `StatecraftTesting`'s test store uses it.
  package func cancelAllEffects() {
    processor.core.effects.cancelAll()
  }
}
