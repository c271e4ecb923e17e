// Binds dependencies to a side effect, so that it takes only what its output carries.
//
//     func close(speed: Int, engine: Engine) async -> Event { … }
//     let closeSideEffect = inject(dep: Engine(), in: close(speed:engine:))
//     let twice = inject(dep: Engine(), Logger(), in: close(speed:engine:logger:))
//     Runtime<State, Event, Output>().map(output: Output.close(speed:), to: closeSideEffect)

/// Binds dependencies (one or more) to a side effect.
///
/// The side effect takes its output's associated values and what it needs to do its work;
/// `inject` binds the latter, leaving a function of the output's values alone, which
/// `Runtime.map(output:to:)` takes.
///
/// ```swift
/// enum DoorState: DSLCompatible { case open, closing(speed: Int), closed }
/// enum DoorEvent: DSLCompatible { case doorHasLocked }
/// enum DoorOutput: DSLCompatible { case close(speed: Int) }
///
/// struct Motor: Sendable { func turn(speed: Int) async {} }
///
/// func close(speed: Int, motor: Motor) async -> DoorEvent? {
///   await motor.turn(speed: speed)
///   return .doorHasLocked
/// }
///
/// func doorRuntime(motor: Motor) -> Runtime<DoorState, DoorEvent, DoorOutput> {
///   Runtime().map(output: DoorOutput.close(speed:), to: inject(dep: motor, in: close(speed:motor:)))
/// }
/// ```
@preconcurrency public func inject<Input, each Dependency: Sendable, Result>(
  dep dependencies: repeat each Dependency,
  in function: @escaping @Sendable (Input, repeat each Dependency) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, repeat each dependencies) }
}

/// Binds every parameter of a side effect, which then takes no input: for an output without
/// associated values.
///
/// ```swift
/// func lock(motor: Motor) async -> DoorEvent? {
///   await motor.turn(speed: 0)
///   return .doorHasLocked
/// }
///
/// enum LockOutput: DSLCompatible { case lock }
///
/// func lockRuntime(motor: Motor) -> Runtime<DoorState, DoorEvent, LockOutput> {
///   Runtime().map(output: LockOutput.lock, to: inject(dep: motor, in: lock(motor:)))   // () async -> DoorEvent?
/// }
/// ```
@preconcurrency public func inject<each Dependency: Sendable, Result>(
  dep dependencies: repeat each Dependency,
  in function: @escaping @Sendable (repeat each Dependency) async -> Result
) -> @Sendable () async -> Result {
  { await function(repeat each dependencies) }
}
