// Binds dependencies to a side effect, so that it takes only what its output carries.
//
//     func close(speed: Int, engine: Engine) async -> Event { … }
//     let closeSideEffect = inject(dep: Engine(), in: close(speed:engine:))
//     Runtime<State, Event, Output>().map(output: Output.close(speed:), to: closeSideEffect)

/// Binds one dependency to a side effect.
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
@preconcurrency public func inject<Input, D1: Sendable, Result>(
  dep d1: D1, in function: @escaping @Sendable (Input, D1) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1) }
}

/// Binds two dependencies to a side effect.
@preconcurrency public func inject<Input, D1: Sendable, D2: Sendable, Result>(
  dep d1: D1, _ d2: D2, in function: @escaping @Sendable (Input, D1, D2) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2) }
}

/// Binds three dependencies to a side effect.
@preconcurrency public func inject<Input, D1: Sendable, D2: Sendable, D3: Sendable, Result>(
  dep d1: D1, _ d2: D2, _ d3: D3,
  in function: @escaping @Sendable (Input, D1, D2, D3) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3) }
}

/// Binds four dependencies to a side effect.
@preconcurrency public func inject<Input, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, Result>(
  dep d1: D1, _ d2: D2, _ d3: D3, _ d4: D4,
  in function: @escaping @Sendable (Input, D1, D2, D3, D4) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3, d4) }
}

/// Binds five dependencies to a side effect.
@preconcurrency
public func inject<
  Input, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, D5: Sendable, Result
>(
  dep d1: D1, _ d2: D2, _ d3: D3, _ d4: D4, _ d5: D5,
  in function: @escaping @Sendable (Input, D1, D2, D3, D4, D5) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3, d4, d5) }
}

/// Binds six dependencies to a side effect.
@preconcurrency
public func inject<
  Input, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, D5: Sendable, D6: Sendable, Result
>(
  dep d1: D1, _ d2: D2, _ d3: D3, _ d4: D4, _ d5: D5, _ d6: D6,
  in function: @escaping @Sendable (Input, D1, D2, D3, D4, D5, D6) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3, d4, d5, d6) }
}

// MARK: - AsyncStateMachine's spellings

// `deps:` keeps the side effect's input, like `dep:` above; the forms after bind every parameter
// and return a function with none, which `Runtime.map(output:to:)` takes for an output without
// associated values.
//
//     let lock = inject(deps: engine, logger, in: lockDoor(engine:logger:))   // () async -> Event

/// Binds two dependencies to a side effect, keeping its input: AsyncStateMachine's spelling
/// of ``inject(dep:_:in:)``.
@preconcurrency public func inject<Input, D1: Sendable, D2: Sendable, Result>(
  deps d1: D1, _ d2: D2,
  in function: @escaping @Sendable (Input, D1, D2) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2) }
}

/// Binds three dependencies to a side effect, keeping its input: AsyncStateMachine's spelling
/// of ``inject(dep:_:in:)``.
@preconcurrency public func inject<Input, D1: Sendable, D2: Sendable, D3: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3,
  in function: @escaping @Sendable (Input, D1, D2, D3) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3) }
}

/// Binds four dependencies to a side effect, keeping its input: AsyncStateMachine's spelling
/// of ``inject(dep:_:in:)``.
@preconcurrency public func inject<Input, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3, _ d4: D4,
  in function: @escaping @Sendable (Input, D1, D2, D3, D4) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3, d4) }
}

/// Binds five dependencies to a side effect, keeping its input: AsyncStateMachine's spelling
/// of ``inject(dep:_:in:)``.
@preconcurrency public func inject<Input, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, D5: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3, _ d4: D4, _ d5: D5,
  in function: @escaping @Sendable (Input, D1, D2, D3, D4, D5) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3, d4, d5) }
}

/// Binds six dependencies to a side effect, keeping its input: AsyncStateMachine's spelling
/// of ``inject(dep:_:in:)``.
@preconcurrency
public func inject<Input, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, D5: Sendable, D6: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3, _ d4: D4, _ d5: D5, _ d6: D6,
  in function: @escaping @Sendable (Input, D1, D2, D3, D4, D5, D6) async -> Result
) -> @Sendable (Input) async -> Result {
  { input in await function(input, d1, d2, d3, d4, d5, d6) }
}

/// Binds its dependency to a side effect, which then takes no input.
@preconcurrency public func inject<D1: Sendable, Result>(
  dep d1: D1,
  in function: @escaping @Sendable (D1) async -> Result
) -> @Sendable () async -> Result {
  { await function(d1) }
}

/// Binds all two of its parameters to a side effect, which then takes no input.
@preconcurrency public func inject<D1: Sendable, D2: Sendable, Result>(
  deps d1: D1, _ d2: D2,
  in function: @escaping @Sendable (D1, D2) async -> Result
) -> @Sendable () async -> Result {
  { await function(d1, d2) }
}

/// Binds all three of its parameters to a side effect, which then takes no input.
@preconcurrency public func inject<D1: Sendable, D2: Sendable, D3: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3,
  in function: @escaping @Sendable (D1, D2, D3) async -> Result
) -> @Sendable () async -> Result {
  { await function(d1, d2, d3) }
}

/// Binds all four of its parameters to a side effect, which then takes no input.
@preconcurrency public func inject<D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3, _ d4: D4,
  in function: @escaping @Sendable (D1, D2, D3, D4) async -> Result
) -> @Sendable () async -> Result {
  { await function(d1, d2, d3, d4) }
}

/// Binds all five of its parameters to a side effect, which then takes no input.
@preconcurrency public func inject<D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, D5: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3, _ d4: D4, _ d5: D5,
  in function: @escaping @Sendable (D1, D2, D3, D4, D5) async -> Result
) -> @Sendable () async -> Result {
  { await function(d1, d2, d3, d4, d5) }
}

/// Binds all six of its parameters to a side effect, which then takes no input.
@preconcurrency
public func inject<D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable, D5: Sendable, D6: Sendable, Result>(
  deps d1: D1, _ d2: D2, _ d3: D3, _ d4: D4, _ d5: D5, _ d6: D6,
  in function: @escaping @Sendable (D1, D2, D3, D4, D5, D6) async -> Result
) -> @Sendable () async -> Result {
  { await function(d1, d2, d3, d4, d5, d6) }
}
