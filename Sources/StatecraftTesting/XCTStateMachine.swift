import IssueReporting
public import Statecraft

/// Tests a ``StateMachine`` definition in complete isolation: no runtime, no side effect. The
/// assertions chain, and a failure is reported at the line of the failing assertion, in XCTest and
/// Swift Testing alike, in debug and release builds.
///
/// ```swift
/// XCTStateMachine(stateMachine)
///   .assertNoOutput(when: .open(persons: 0))
///   .assert(when: .open(persons: 0), on: .personsHaveEntered(persons: 1), transitionTo: .open(persons: 1))
///   .assertNoTransition(when: .open(persons: 15), on: .closeButtonWasPressed)
///   .assert(when: .closing(persons: 1), execute: .close(speed: 2))
/// ```
public struct XCTStateMachine<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  private let stateMachine: StateMachine<S, E, O>

  public init(_ stateMachine: StateMachine<S, E, O>) {
    self.stateMachine = stateMachine
  }

  /// Asserts that in `state`, `event` moves the machine to `expected`.
  @discardableResult
  public func assert(
    when state: S, on event: E, transitionTo expected: S,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    let actual = stateMachine.transition(from: state, on: event)
    if actual != expected {
      reportIssue(
        "When \(state), on \(event): expected a transition to \(expected), got "
          + (actual.map { "a transition to \($0)" } ?? "no transition"),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }

  /// Asserts that in `state`, `event` moves the machine nowhere.
  @discardableResult
  public func assertNoTransition(
    when state: S, on event: E,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    if let actual = stateMachine.transition(from: state, on: event) {
      reportIssue(
        "When \(state), on \(event): expected no transition, got a transition to \(actual)",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }

  /// Asserts that in `state` the machine executes `expected`.
  @discardableResult
  public func assert(
    when state: S, execute expected: O,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    let actual = stateMachine.output(when: state)
    if actual != expected {
      reportIssue(
        "When \(state): expected the output \(expected), got " + (actual.map { "\($0)" } ?? "no output"),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }

  /// Asserts that in `state` the machine executes no output.
  @discardableResult
  public func assertNoOutput(
    when state: S,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    if let actual = stateMachine.output(when: state) {
      reportIssue(
        "When \(state): expected no output, got \(actual)",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }
}
