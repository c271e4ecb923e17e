/// The state an `On` moves to: `Transition(to: State.closed)`.
public struct Transition<S: DSLCompatible>: Sendable {
  /// The next state.
  public let state: S

  public init(to state: S) {
    self.state = state
  }
}

/// Whether an `On` applies. A false guard falls through to the next `On`:
///
/// ```swift
/// On(event: Event.closeButtonWasPressed) { _ in
///   Guard(predicate: persons < 10)
/// } transition: { _ in
///   Transition(to: State.closing(persons: persons))
/// }
/// ```
public struct Guard: Sendable {
  /// Whether the transition applies.
  public let predicate: Bool

  public init(predicate: Bool) {
    self.predicate = predicate
  }
}

/// The output a state executes: `Execute(output: Output.close(speed: 2))`, or `Execute.noOutput`.
public struct Execute<O: DSLCompatible>: Sendable {
  /// The output, if any.
  public let output: O?

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

extension Never: DSLCompatible {}
