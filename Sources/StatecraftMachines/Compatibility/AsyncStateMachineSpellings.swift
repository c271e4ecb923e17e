// AsyncStateMachine's spellings, beside Statecraft's own: `Pipe` for ``EventPipe``, `inject(deps:in:)`
// for `inject(dep:in:)`, and `ViewState(asyncStateMachineSequence:)`. Each is what its Statecraft
// counterpart is, under the name an AsyncStateMachine user already writes; the migration guide
// lists them.

/// AsyncStateMachine's name for ``EventPipe``. In a type annotation, write `EventPipe`: beside
/// Foundation, `Pipe` there means `Foundation.Pipe`.
///
/// ```swift
/// enum DoorState: DSLCompatible { case open, closing(speed: Int), closed }
/// enum DoorEvent: DSLCompatible { case doorHasLocked }
/// enum DoorOutput: DSLCompatible { case close(speed: Int) }
/// enum LockOutput: DSLCompatible { case lock }
///
/// struct Motor: Sendable { func turn(speed: Int) async {} }
/// struct Logger: Sendable { func log(_ line: String) {} }
/// ```
///
/// ```swift
/// let doorEvents = Pipe<DoorEvent>()
/// print(type(of: doorEvents) == EventPipe<DoorEvent>.self)   // true: the same type
/// ```
public typealias Pipe<E: DSLCompatible> = EventPipe<E>

/// Binds dependencies to a side effect, keeping its input: AsyncStateMachine's spelling of
/// ``inject(dep:in:)-17yrp``, for two or more.
///
/// ```swift
/// func closeLogged(speed: Int, motor: Motor, logger: Logger) async -> DoorEvent? {
///   logger.log("closing at \(speed)")
///   await motor.turn(speed: speed)
///   return .doorHasLocked
/// }
///
/// func loggedRuntime(motor: Motor, logger: Logger) -> Runtime<DoorState, DoorEvent, DoorOutput> {
///   Runtime().map(output: DoorOutput.close(speed:), to: inject(deps: motor, logger, in: closeLogged(speed:motor:logger:)))
/// }
/// ```
@preconcurrency public func inject<Input, each Dependency: Sendable, Result>(
  deps dependencies: repeat each Dependency,
  in function: @escaping @Sendable (Input, repeat each Dependency) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, repeat each dependencies) }
}

/// Binds every parameter of a side effect, which then takes no input: AsyncStateMachine's
/// spelling, for two or more.
///
/// ```swift
/// func lockLogged(motor: Motor, logger: Logger) async -> DoorEvent? {
///   logger.log("locking")
///   await motor.turn(speed: 0)
///   return .doorHasLocked
/// }
///
/// func loggedLockRuntime(motor: Motor, logger: Logger) -> Runtime<DoorState, DoorEvent, LockOutput> {
///   Runtime().map(output: LockOutput.lock, to: inject(deps: motor, logger, in: lockLogged(motor:logger:)))
/// }
/// ```
@preconcurrency public func inject<each Dependency: Sendable, Result>(
  deps dependencies: repeat each Dependency,
  in function: @escaping @Sendable (repeat each Dependency) async -> Result
) -> @Sendable () async -> Result {
  { await function(repeat each dependencies) }
}

extension ViewState {
  /// Wraps a running machine: AsyncStateMachine's spelling of ``init(_:)``.
  public convenience init(asyncStateMachineSequence: AsyncStateMachineSequence<S, E, O>) {
    self.init(asyncStateMachineSequence)
  }
}
