/// A mistake that ``StateMachine/validate(with:states:)`` found in a definition and its runtime.
///
/// ```swift
/// enum Lamp: DSLCompatible, CaseIterable { case dark, lit }
/// enum LampEvent: DSLCompatible { case toggle }
/// enum LampOutput: DSLCompatible { case glow }
/// ```
///
/// ```swift
/// let lamp: StateMachine<Lamp, LampEvent, LampOutput> = StateMachine(initial: .dark) {
///   When(state: Lamp.dark) { _ in Execute.noOutput } transitions: { _ in
///     On(event: LampEvent.toggle) { _ in Transition(to: Lamp.lit) }
///   }
///   When(state: Lamp.lit) { _ in Execute(output: LampOutput.glow) } transitions: { _ in
///     On(event: LampEvent.toggle) { _ in Transition(to: Lamp.dark) }
///   }
/// }
/// let problems = lamp.validate(with: Runtime())   // a runtime that maps no output
/// #expect(problems.map(\.kind) == [.unmappedOutput])
/// #expect(problems[0].message == "lit executes glow, which the runtime maps to no side effect.")
/// ```
public struct StateMachineProblem: Sendable, Equatable, CustomStringConvertible {
  /// What kind of mistake.
  ///
  /// ```swift
  /// let overlapping: StateMachine<Lamp, LampEvent, LampOutput> = StateMachine(initial: .dark) {
  ///   When(state: Lamp.dark) { _ in Execute(output: LampOutput.glow) }
  ///   When(states: OneOf { Lamp.dark; Lamp.lit }) { _ in Execute(output: LampOutput.glow) }
  /// }
  /// let runtime = Runtime<Lamp, LampEvent, LampOutput>().map(output: LampOutput.glow, to: { nil })
  /// // Both Whens match `dark`: only the first one's output runs there.
  /// #expect(overlapping.validate(with: runtime).map(\.kind) == [.overlappingWhens])
  /// ```
  public enum Kind: Sendable, Equatable {
    /// Two `When`s match the same state: only the first one's output ever runs.
    case overlappingWhens
    /// A state executes an output that the runtime maps to no side effect.
    case unmappedOutput
  }

  /// What kind of mistake it is, to tell mistakes apart without reading the message.
  public let kind: Kind
  /// A sentence that says what is wrong, and where.
  public let message: String

  /// The problem's ``message``.
  public var description: String { message }
}

extension StateMachine {
  /// Checks this definition with `runtime`, in each of `states`, and returns the mistakes found.
  ///
  /// ```swift
  /// let lamp: StateMachine<Lamp, LampEvent, LampOutput> = StateMachine(initial: .dark) {
  ///   When(state: Lamp.lit) { _ in Execute(output: LampOutput.glow) }
  /// }
  /// let runtime = Runtime<Lamp, LampEvent, LampOutput>().map(output: LampOutput.glow, to: { nil })
  /// let problems = lamp.validate(with: runtime, states: [.dark, .lit])
  /// #expect(problems.isEmpty, "\(problems)")
  /// ```
  ///
  /// A case pattern such as `State.open(persons:)` cannot be checked without a value of that case,
  /// so list at least one state of every case.
  public func validate(with runtime: Runtime<S, E, O>, states: [S]) -> [StateMachineProblem] {
    var problems: [StateMachineProblem] = []
    for state in states {
      let matching = whens.indices.filter { whens[$0].matches(state) }
      if matching.count > 1 {
        let numbers = matching.map { "#\($0 + 1)" }.joined(separator: ", ")
        problems.append(
          StateMachineProblem(
            kind: .overlappingWhens,
            message: """
              \(state) is matched by the Whens \(numbers) (counting from 1): only the first one's \
              output runs.
              """))
      }
      if let output = output(when: state), !runtime.outputMappings.contains(where: { $0.matches(output) }) {
        problems.append(
          StateMachineProblem(
            kind: .unmappedOutput,
            message: "\(state) executes \(output), which the runtime maps to no side effect."))
      }
    }
    return problems
  }
}

extension StateMachine where S: CaseIterable {
  /// Checks this definition with `runtime` in every state of `S`.
  public func validate(with runtime: Runtime<S, E, O>) -> [StateMachineProblem] {
    validate(with: runtime, states: Array(S.allCases))
  }
}
