/// A running state machine, as an `AsyncSequence` of its states.
///
/// ```swift
/// let sequence = AsyncStateMachineSequence(stateMachine: stateMachine, runtime: runtime)
/// Task { for await state in sequence { render(state) } }
/// await sequence.send(Event.personsHaveEntered(persons: 3))
/// ```
///
/// - The machine runs once per sequence, however many iterators there are. Each iterator first gets
///   the current state, then every later state: all iterators see the same states, in order.
/// - The machine starts, running the initial state's output, middleware and pipes, at the first
///   `send` or the first iterator, whichever comes first.
/// - `send` returns once the event has been processed and any new state published. It never waits
///   for an iterator. Concurrent senders are served in FIFO order.
/// - Unhandled events, unmapped outputs and side-effect errors go to the ``DiagnosticHandler`` that
///   was current when the sequence was created.
/// - Releasing every copy of the sequence cancels its side effects and ends its iterators.
/// - The mailbox is unbounded. Senders wait for their own event, so they cannot outrun the machine;
///   events that side effects and pipes post do not wait, so a pipe from a faster machine can make
///   it grow.
public struct AsyncStateMachineSequence<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>:
  AsyncSequence, Sendable
{
  public typealias Element = S
  public typealias AsyncIterator = AsyncStream<S>.Iterator

  @usableFromInline let core: MachineCore<S, E, O>

  /// Creates a running machine from a definition and a runtime.
  public init(stateMachine: StateMachine<S, E, O>, runtime: Runtime<S, E, O>) {
    core = MachineCore(definition: stateMachine, runtime: runtime)
  }

  public func makeAsyncIterator() -> AsyncStream<S>.Iterator {
    let states = core.broadcast.observe()
    core.startIfNeeded()
    return states.makeAsyncIterator()
  }

  /// The state the machine is in.
  @inlinable
  public var currentState: S { core.currentState }

  /// Sends an event, and returns once it has been processed and any new state published.
  ///
  /// It runs on the caller's executor: from the main actor, processing happens there, with no hop.
  @inlinable
  public func send(_ event: E, isolation: isolated (any Actor)? = #isolation) async {
    await core.send(event)
  }

  /// Sends an event, then waits until the machine is in a state that `predicate` accepts.
  ///
  /// It returns exactly once: when the state after the event is accepted, at the first later
  /// state that is, or when the waiting task is cancelled.
  public func send(
    _ event: E, resumeWhen predicate: @escaping @Sendable (S) -> Bool,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    var states = core.broadcast.observe().makeAsyncIterator()
    _ = await states.next()  // the state before the event
    await core.send(event)
    if predicate(core.currentState) { return }
    while let state = await states.next() {
      if predicate(state) { return }
    }
  }

  /// Sends an event, then waits until the machine is in a state equal to `state`.
  public func send(_ event: E, resumeWhen state: S) async {
    await send(event, resumeWhen: DSLPattern.value(state).matches)
  }

  /// Sends an event, then waits until the machine is in a state of the case `state` builds.
  public func send<Payload>(_ event: E, resumeWhen state: @escaping @Sendable (Payload) -> S) async {
    await send(event, resumeWhen: DSLPattern.case(state).matches)
  }

  /// Sends an event, then waits until the machine is in any state of `states`.
  public func send(_ event: E, resumeWhen states: OneOf<S>) async {
    await send(event, resumeWhen: DSLPattern.oneOf(states).matches)
  }
}
