/// What a running machine does besides transitioning: the side effects of its outputs, middleware,
/// and pipes to other machines.
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
///
/// /// Stands in for the motor: the door takes `speed` seconds to lock.
/// func close(speed: Int) async -> Event? {
///   do { try await Task.sleep(for: .seconds(speed)) } catch { return nil }   // cancelled: no event
///   return .doorHasLocked
/// }
/// ```
///
/// ```swift
/// import Logging
///
/// let logger = Logger(label: "elevator")
/// let runtime = Runtime<State, Event, Output>()
///   .map(output: Output.close(speed:), to: close(speed:))
///   .register(middleware: { (state: State) in logger.info("\(state)") })
///   .register(middleware: { (event: Event) in logger.info("\(event)") })
/// let elevator = AsyncStateMachineSequence(stateMachine: Elevator.stateMachine, runtime: runtime)
/// await elevator.send(.closeButtonWasPressed)   // closing; the door locks when close(speed:) returns
/// ```
///
/// Every method returns a new runtime; none is `@discardableResult`, so a call whose result is
/// dropped, which would do nothing, gets a compiler warning.
public struct Runtime<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  /// A side effect for the outputs a pattern matches.
  @usableFromInline
  struct OutputMapping: Sendable {
    @usableFromInline let matches: @Sendable (O) -> Bool
    @usableFromInline let priority: TaskPriority?
    @usableFromInline let strategy: ExecutionStrategy<S>
    /// Where `map` was called, to report the side effect's failures there.
    @usableFromInline let callSite: CallSite
    /// Runs the side effect for an output, handing each event it produces to `send`.
    @usableFromInline let run: @Sendable (O, _ send: @Sendable (E) async -> Void) async throws -> Void
  }

  /// A step run after each state or event, in registration order.
  @usableFromInline
  struct Middleware<Value: Sendable>: Sendable {
    @usableFromInline let priority: TaskPriority?
    @usableFromInline let run: @Sendable (Value) async -> Void
  }

  /// What a machine does on entering a state equal to itself.
  ///
  /// ```swift
  /// enum Tally: DSLCompatible { case value(Int) }
  /// enum TallyEvent: DSLCompatible { case stay }
  /// ```
  ///
  /// ```swift
  /// let tally = StateMachine(initial: Tally.value(0)) {
  ///   When(state: Tally.value) { _ in Execute.noOutput } transitions: { count in
  ///     On(event: TallyEvent.stay) { _ in Transition(to: Tally.value(count)) }
  ///   }
  /// }
  /// let runtime = Runtime<Tally, TallyEvent, Never>()
  ///   .register(middleware: { (state: Tally) in print("entered \(state)") })
  ///   .onSelfTransition(.reenter)
  /// let sequence = AsyncStateMachineSequence(stateMachine: tally, runtime: runtime)
  /// await sequence.send(.stay)   // "entered value(0)" twice: at the start, and on re-entering
  /// ```
  public enum SelfTransitionPolicy: Sendable {
    /// Nothing: no new state is published and the output does not run again. The default.
    case ignore
    /// Publish the state again and run its output again, as if it were new.
    case reenter
  }

  @usableFromInline var outputMappings: [OutputMapping] = []
  @usableFromInline var stateMiddlewares: [Middleware<S>] = []
  @usableFromInline var eventMiddlewares: [Middleware<E>] = []
  /// Sends into other machines' pipes on entering a state.
  @usableFromInline var senders: [@Sendable (S) -> Void] = []
  /// The pipes a running machine receives from.
  var receivingPipes: [EventPipe<E>] = []
  @usableFromInline var selfTransitionPolicy = SelfTransitionPolicy.ignore

  /// Creates an empty runtime.
  public init() {}

  // MARK: Side effects

  /// Runs `sideEffect` whenever the machine enters a state whose output equals `output`. The event
  /// it returns, if any, is sent to the machine.
  @preconcurrency public func map(
    output: O,
    to sideEffect: @escaping @Sendable () async -> E?,
    priority: TaskPriority? = nil,
    strategy: ExecutionStrategy<S> = .continueWhenAnyState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    adding(
      DSLPattern.value(output), priority: priority, strategy: strategy,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { _, send in
      if let event = await sideEffect() { await send(event) }
    }
  }

  /// Runs `sideEffect` with the associated values of outputs of the case `output` builds. The event
  /// it returns, if any, is sent to the machine.
  @preconcurrency public func map<Payload>(
    output: @escaping @Sendable (Payload) -> O,
    to sideEffect: @escaping @Sendable (Payload) async -> E?,
    priority: TaskPriority? = nil,
    strategy: ExecutionStrategy<S> = .continueWhenAnyState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    adding(
      DSLPattern.case(output), priority: priority, strategy: strategy,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { payload, send in
      if let event = await sideEffect(payload) { await send(event) }
    }
  }

  /// Runs the sequence `sideEffect` returns whenever the machine enters a state whose output
  /// equals `output`, and sends each event it yields. An error it throws goes to the machine's
  /// diagnostics handler.
  @preconcurrency public func map<Events: AsyncSequence & Sendable>(
    output: O,
    to sideEffect: @escaping @Sendable () -> Events,
    priority: TaskPriority? = nil,
    strategy: ExecutionStrategy<S> = .continueWhenAnyState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where Events.Element == E {
    adding(
      DSLPattern.value(output), priority: priority, strategy: strategy,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { _, send in
      for try await event in sideEffect() { await send(event) }
    }
  }

  /// Runs the sequence `sideEffect` returns for outputs of the case `output` builds, and sends each
  /// event it yields.
  @preconcurrency public func map<Payload, Events: AsyncSequence & Sendable>(
    output: @escaping @Sendable (Payload) -> O,
    to sideEffect: @escaping @Sendable (Payload) -> Events,
    priority: TaskPriority? = nil,
    strategy: ExecutionStrategy<S> = .continueWhenAnyState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where Events.Element == E {
    adding(
      DSLPattern.case(output), priority: priority, strategy: strategy,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { payload, send in
      for try await event in sideEffect(payload) { await send(event) }
    }
  }

  private func adding<Extracted>(
    _ pattern: DSLPattern<O, Extracted>,
    priority: TaskPriority?,
    strategy: ExecutionStrategy<S>,
    callSite: CallSite,
    run: @escaping @Sendable (Extracted, @Sendable (E) async -> Void) async throws -> Void
  ) -> Self {
    var copy = self
    copy.outputMappings.append(
      OutputMapping(
        matches: pattern.matches, priority: priority, strategy: strategy, callSite: callSite
      ) { output, send in
        guard let extracted = pattern.extract(output) else { return }
        try await run(extracted, send)
      })
    return copy
  }

  // MARK: Middleware

  /// Runs `middleware` with every state the machine enters, after the state is published, in
  /// registration order. With a priority, it runs in a task of that priority, still in order.
  @preconcurrency public func register(
    middleware: @escaping @Sendable (S) async -> Void, priority: TaskPriority? = nil
  ) -> Self {
    var copy = self
    copy.stateMiddlewares.append(Middleware(priority: priority, run: middleware))
    return copy
  }

  /// Runs `middleware` with every event the machine receives, before its transition, in
  /// registration order.
  @preconcurrency public func register(
    middleware: @escaping @Sendable (E) async -> Void, priority: TaskPriority? = nil
  ) -> Self {
    var copy = self
    copy.eventMiddlewares.append(Middleware(priority: priority, run: middleware))
    return copy
  }

  // MARK: Pipes

  /// Sends `event` into `pipe` whenever the machine enters a state equal to `state`.
  public func connectAsSender<Other: DSLCompatible>(
    to pipe: EventPipe<Other>, when state: S, send event: Other
  ) -> Self {
    var copy = self
    let matches = DSLPattern.value(state).matches
    copy.senders.append { entered in if matches(entered) { pipe.send(event) } }
    return copy
  }

  /// Sends `event` into `pipe` whenever the machine enters a state of the case `state` builds.
  @preconcurrency public func connectAsSender<Payload, Other: DSLCompatible>(
    to pipe: EventPipe<Other>, when state: @escaping @Sendable (Payload) -> S, send event: Other
  ) -> Self {
    var copy = self
    let matches = DSLPattern.case(state).matches
    copy.senders.append { entered in if matches(entered) { pipe.send(event) } }
    return copy
  }

  /// Sends into `pipe` the event `event` makes of the associated values, whenever the machine
  /// enters a state of the case `state` builds.
  ///
  /// ```swift
  /// enum Door: DSLCompatible { case closed, opened(by: String) }
  /// enum DoorEvent: DSLCompatible { case open(by: String) }
  /// enum AlarmEvent: DSLCompatible { case intruder(String) }
  /// ```
  ///
  /// ```swift
  /// /// The door machine's runtime: each opening sends `.intruder` into `alarmPipe`, which an alarm
  /// /// machine's runtime receives with `.connectAsReceiver(to: alarmPipe)`.
  /// func doorRuntime(alerting alarmPipe: EventPipe<AlarmEvent>) -> Runtime<Door, DoorEvent, Never> {
  ///   Runtime<Door, DoorEvent, Never>()
  ///     .connectAsSender(to: alarmPipe, when: Door.opened(by:), send: { person in .intruder(person) })
  /// }
  /// ```
  @preconcurrency public func connectAsSender<Payload, Other: DSLCompatible>(
    to pipe: EventPipe<Other>, when state: @escaping @Sendable (Payload) -> S,
    send event: @escaping @Sendable (Payload) -> Other
  ) -> Self {
    var copy = self
    let extract = DSLPattern.case(state).extract
    copy.senders.append { entered in if let payload = extract(entered) { pipe.send(event(payload)) } }
    return copy
  }

  /// Makes the machine receive the events sent into `pipe`, in order.
  public func connectAsReceiver(to pipe: EventPipe<E>) -> Self {
    var copy = self
    copy.receivingPipes.append(pipe)
    return copy
  }

  // MARK: Self-transitions

  /// Chooses what entering a state equal to the current one does. By default, nothing.
  public func onSelfTransition(_ policy: SelfTransitionPolicy) -> Self {
    var copy = self
    copy.selfTransitionPolicy = policy
    return copy
  }
}

extension Runtime.Middleware {
  /// Runs the middleware, in a task of its priority if it has one, and waits for it. That task
  /// prefers `executor`, the owner's (a test store's): an unstructured task inherits no executor
  /// preference, and a test store must see the middleware's work to know when it is done.
  @inlinable
  func callAsFunction(_ value: Value, executor: (any TaskExecutor)?) async {
    if let priority {
      await Task(executorPreference: executor, priority: priority) { await run(value) }.value
    } else {
      await run(value)
    }
  }
}
