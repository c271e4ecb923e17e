import IssueReporting
public import Statecraft

/// Tests a ``/StatecraftMachines/StateMachine`` definition in complete isolation: no runtime, no side effect. The
/// assertions chain, and a failure is reported at the line of the failing assertion, in XCTest and
/// Swift Testing alike, in debug and release builds.
///
/// Each assertion takes several states, checked one by one, and an optional `fail:` closure that
/// receives the failure messages instead of the test (AsyncStateMachine's spelling; `onFail:`, the
/// label its output assertions used, works too):
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
/// let stateMachine = Elevator.stateMachine
/// XCTStateMachine(stateMachine)
///   .assertNoOutput(when: .open(persons: 0))
///   .assert(when: .open(persons: 0), on: .personsHaveEntered(persons: 1), transitionTo: .open(persons: 1))
///   .assertNoTransition(when: .open(persons: 15), on: .closeButtonWasPressed)
///   .assert(when: .closing(persons: 1), execute: .close(speed: 2))
///   .assertNoOutput(when: .open(persons: 1), .open(persons: 2))
///
/// var failures: [String] = []
/// XCTStateMachine(stateMachine).assertNoOutput(when: .closing(persons: 1), fail: { failures.append($0) })
/// print(failures.count)   // 1: closing(persons: 1) has an output, close(speed: 2)
/// ```
public struct XCTStateMachine<S: DSLCompatible, E: DSLCompatible, O: DSLCompatible>: Sendable {
  private let stateMachine: StateMachine<S, E, O>

  /// Creates assertions on `stateMachine`'s definition. Nothing runs: each assertion asks the
  /// definition for a transition or an output.
  public init(_ stateMachine: StateMachine<S, E, O>) {
    self.stateMachine = stateMachine
  }

  /// Asserts that, in each of `states`, `event` leads to `expected`.
  @discardableResult
  public func assert(
    when states: S..., on event: E, transitionTo expected: S,
    fail: ((String) -> Void)? = nil, onFail: ((String) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    for state in states {
      let actual = stateMachine.transition(from: state, on: event)
      guard actual != expected else { continue }
      report(
        "When \(state), on \(event): expected a transition to \(expected), got "
          + (actual.map { "a transition to \($0)" } ?? "no transition"),
        fail: fail ?? onFail, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }

  /// Asserts that, in each of `states`, `event` leads nowhere.
  @discardableResult
  public func assertNoTransition(
    when states: S..., on event: E,
    fail: ((String) -> Void)? = nil, onFail: ((String) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    for state in states {
      guard let actual = stateMachine.transition(from: state, on: event) else { continue }
      report(
        "When \(state), on \(event): expected no transition, got a transition to \(actual)",
        fail: fail ?? onFail, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }

  /// Asserts that each of `states` has the output `expected`.
  @discardableResult
  public func assert(
    when states: S..., execute expected: O,
    fail: ((String) -> Void)? = nil, onFail: ((String) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    for state in states {
      let actual = stateMachine.output(when: state)
      guard actual != expected else { continue }
      report(
        "When \(state): expected the output \(expected), got " + (actual.map { "\($0)" } ?? "no output"),
        fail: fail ?? onFail, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }

  /// Asserts that none of `states` has an output.
  @discardableResult
  public func assertNoOutput(
    when states: S...,
    fail: ((String) -> Void)? = nil, onFail: ((String) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    for state in states {
      guard let actual = stateMachine.output(when: state) else { continue }
      report(
        "When \(state): expected no output, got \(actual)",
        fail: fail ?? onFail, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }

  /// Hands a failure to `fail`, or reports it as an issue at the assertion's line.
  private func report(
    _ message: String, fail: ((String) -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    if let fail {
      fail(message)
    } else {
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
