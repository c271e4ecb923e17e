/// The state an `On` moves to: `Transition(to: State.closed)`.
///
/// ```swift
/// enum Gate: DSLCompatible { case locked, unlocked }
/// enum GateEvent: DSLCompatible { case swipe(card: Int), lock }
/// enum GateOutput: DSLCompatible { case beep }
/// ```
///
/// ```swift
/// let gate: StateMachine<Gate, GateEvent, GateOutput> = StateMachine(initial: .locked) {
///   When(state: Gate.locked) { _ in Execute.noOutput } transitions: { _ in
///     On(event: GateEvent.swipe(card:)) { _ in Transition(to: Gate.unlocked) }
///   }
///   When(state: Gate.unlocked) { _ in Execute(output: GateOutput.beep) } transitions: { _ in
///     On(event: GateEvent.lock) { _ in Transition(to: Gate.locked) }
///   }
/// }
/// #expect(gate.transition(from: .locked, on: .swipe(card: 7)) == .unlocked)
/// ```
public struct Transition<S: DSLCompatible>: Sendable {
  /// The next state.
  public let state: S

  /// A transition to `state`.
  public init(to state: S) {
    self.state = state
  }
}

/// Whether an `On` applies. A false guard falls through to the next `On`:
///
/// ```swift
/// enum Elevator: DSLCompatible { case open(persons: Int), closing(persons: Int) }
/// enum ElevatorEvent: DSLCompatible { case closeButtonWasPressed }
/// ```
///
/// ```swift
/// let elevator: StateMachine<Elevator, ElevatorEvent, Never> = StateMachine(initial: .open(persons: 0)) {
///   When(state: Elevator.open(persons:)) { _ in Execute.noOutput } transitions: { persons in
///     On(event: ElevatorEvent.closeButtonWasPressed) { _ in
///       Guard(predicate: persons < 10)
///     } transition: { _ in
///       Transition(to: Elevator.closing(persons: persons))
///     }
///   }
/// }
/// #expect(elevator.transition(from: .open(persons: 3), on: .closeButtonWasPressed) == .closing(persons: 3))
/// #expect(elevator.transition(from: .open(persons: 12), on: .closeButtonWasPressed) == nil)
/// ```
public struct Guard: Sendable {
  /// Whether the transition applies.
  public let predicate: Bool

  /// A guard that lets its `On` apply when `predicate` is true.
  public init(predicate: Bool) {
    self.predicate = predicate
  }
}

/// The output a state executes: `Execute(output: Output.close(speed: 2))`, or `Execute.noOutput`.
///
/// ```swift
/// let gate: StateMachine<Gate, GateEvent, GateOutput> = StateMachine(initial: .locked) {
///   When(state: Gate.unlocked) { _ in Execute(output: GateOutput.beep) }
///   When(state: Gate.locked) { _ in Execute.noOutput } transitions: { _ in
///     On(event: GateEvent.swipe(card:)) { _ in Transition(to: Gate.unlocked) }
///   }
/// }
/// #expect(gate.output(when: .unlocked) == .beep)
/// #expect(gate.output(when: .locked) == nil)   // its When matches, with no output
/// ```
public struct Execute<O: DSLCompatible>: Sendable {
  /// The output, if any.
  public let output: O?

  /// Executes `output` in the states of its `When`.
  public init(output: O) {
    self.output = output
  }

  private init() {
    output = nil
  }

  /// No output.
  public static var noOutput: Self { Self() }
}

extension Execute where O == Never {
  /// No output, in a `When` whose output type nothing else decides.
  public static var noOutput: Self { Self(nothing: ()) }

  private init(nothing: Void) {
    output = nil
  }
}
