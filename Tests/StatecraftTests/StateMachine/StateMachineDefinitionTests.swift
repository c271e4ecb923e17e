import Statecraft
import StatecraftTesting
import Testing

@testable import MigratedSamples

@Suite("StateMachine: definition", .timeLimit(.minutes(1)))
struct StateMachineDefinitionTests {
  typealias Elevator = ElevatorSample

  @Test func asyncStateMachinesElevatorBehavesAsItsTestHelperSays() {
    XCTStateMachine(Elevator.stateMachine)
      .assertNoOutput(when: .open(persons: 0))
      .assert(when: .open(persons: 0), on: .personsHaveEntered(persons: 1), transitionTo: .open(persons: 1))
      .assert(when: .open(persons: 5), on: .closeButtonWasPressed, transitionTo: .closing(persons: 5))
      .assertNoTransition(when: .open(persons: 15), on: .closeButtonWasPressed)
      .assert(when: .closing(persons: 1), execute: .close(speed: 2))
      .assert(when: .closing(persons: 6), execute: .close(speed: 1))
      .assert(when: .closing(persons: 1), on: .doorHasLocked, transitionTo: .closed)
      .assertNoOutput(when: .closed)
      .assertNoTransition(when: .closed, on: .closeButtonWasPressed)
    #expect(Elevator.stateMachine.initial == .open(persons: 0))
  }

  /// AsyncStateMachine's test helper reported failures without the caller's file and line.
  @Test("`XCTStateMachine` reports a failure at the caller's line", .tags(.replacedLibraryDefect))
  func failuresAreReportedAtTheCallersLine() {
    let machine = XCTStateMachine(Elevator.stateMachine)
    let first = #line + 3
    let last = first + 3
    withKnownIssue {
      machine.assert(when: .open(persons: 0), on: .doorHasLocked, transitionTo: .closed)
      machine.assertNoTransition(when: .open(persons: 0), on: .closeButtonWasPressed)
      machine.assert(when: .closed, execute: .close(speed: 1))
      machine.assertNoOutput(when: .closing(persons: 2))
    } matching: { issue in
      guard let line = issue.sourceLocation?.line else { return false }
      return (first...last).contains(line)
    }
  }

  /// AsyncStateMachine's spelling: several states per assertion, and `fail:` to collect the
  /// failures instead of failing the test. Each failing state is reported once, with its message.
  @Test func assertionsTakeSeveralStatesAndRedirectFailures() {
    let failures = Log<String>()
    XCTStateMachine(Elevator.stateMachine)
      .assertNoOutput(when: .open(persons: 0), .open(persons: 3), .closed)
      .assertNoTransition(when: .closed, .open(persons: 11), on: .closeButtonWasPressed)
      .assert(when: .closing(persons: 1), .closing(persons: 3), execute: .close(speed: 2))
      .assert(
        when: .open(persons: 1), .open(persons: 9), on: .closeButtonWasPressed, transitionTo: .closing(persons: 1),
        fail: { failures.append($0) }
      )
      .assertNoOutput(when: .closed, .closing(persons: 7), fail: { failures.append($0) })
      .assert(when: .closing(persons: 2), execute: .close(speed: 1), onFail: { failures.append($0) })
    #expect(
      failures.all == [
        "When open(persons: 9), on closeButtonWasPressed: expected a transition to closing(persons: 1), got a transition to closing(persons: 9)",
        "When closing(persons: 7): expected no output, got close(speed: 1)",
        "When closing(persons: 2): expected the output close(speed: 1), got close(speed: 2)",
      ])
  }

  enum Light: DSLCompatible, CustomStringConvertible {
    case red(Int)
    case green(Int)
    case off

    /// Every case prints the same: matching must not rely on descriptions.
    var description: String { "light" }
  }

  enum Switch: DSLCompatible {
    case toggle
    case set(Int)
  }

  static let lights = StateMachine(initial: Light.off) {
    When(state: Light.red) { _ in
      Execute(output: Switch.set(1))
    } transitions: { value in
      On(event: Switch.toggle) { _ in Transition(to: Light.green(value)) }
    }
    When(
      states: OneOf {
        Light.off; Light.green
      }
    ) { _ in
      Execute.noOutput
    } transitions: { _ in
      On(event: Switch.set) { _ in
        Guard(predicate: false)
      } transition: { _ in
        Transition(to: Light.off)
      }
      On(event: Switch.set) { value in Transition(to: Light.red(value)) }
    }
  }

  /// AsyncStateMachine matched cases whose descriptions were equal.
  @Test(.tags(.replacedLibraryDefect))
  func casesThatPrintTheSameNeverMatch() {
    XCTStateMachine(Self.lights)
      .assert(when: .red(1), execute: .set(1))
      .assertNoTransition(when: .red(1), on: .set(3))
      .assert(when: .red(1), on: .toggle, transitionTo: .green(1))
      .assert(when: .green(2), on: .set(3), transitionTo: .red(3))
      .assertNoOutput(when: .green(2))
  }

  @Test func aFalseGuardFallsThroughToTheNextOn() {
    XCTStateMachine(Self.lights)
      .assert(when: .off, on: .set(7), transitionTo: .red(7))
  }

  struct Temperature: DSLCompatible {
    var degrees: Int
  }

  /// AsyncStateMachine matched struct states with unrelated states.
  @Test(.tags(.replacedLibraryDefect))
  func structStatesMatchByValueOnly() {
    let machine = StateMachine(initial: Temperature(degrees: 20)) {
      When(state: Temperature(degrees: 20)) { _ in
        Execute(output: Switch.set(20))
      } transitions: { _ in
        On(event: Switch.toggle) { _ in Transition(to: Temperature(degrees: 21)) }
      }
    }
    XCTStateMachine(machine)
      .assert(when: Temperature(degrees: 20), execute: .set(20))
      .assertNoOutput(when: Temperature(degrees: 21))
      .assert(when: Temperature(degrees: 20), on: .toggle, transitionTo: Temperature(degrees: 21))
      .assertNoTransition(when: Temperature(degrees: 21), on: .toggle)
  }

  /// Swift overloads a case name only by argument labels; reflection sees both as `load` with an
  /// `Int`, and `switch` cannot even tell them apart.
  enum Overloaded: DSLCompatible {
    case load(id: Int)
    case load(index: Int)
  }

  /// AsyncStateMachine matched cases whose names were overloaded by argument labels.
  @Test(.tags(.replacedLibraryDefect))
  func casesOverloadedByArgumentLabelsNeverMatch() {
    let machine = StateMachine(initial: Overloaded.load(id: 0)) {
      When(state: Overloaded.load(id:)) { _ in Execute(output: Switch.set(1)) }
      When(state: Overloaded.load(index:)) { _ in Execute(output: Switch.set(2)) }
    }
    XCTStateMachine(machine)
      .assert(when: .load(id: 5), execute: .set(1))
      .assert(when: .load(index: 5), execute: .set(2))
  }

  enum Cursor: DSLCompatible {
    case at(x: Int, y: Int)
    case hidden
  }

  enum Move: DSLCompatible {
    case by(dx: Int, dy: Int)
    case hide, show, blink
  }

  @Test func casesWithSeveralAssociatedValuesAndEventSets() {
    let machine = StateMachine(initial: Cursor.at(x: 0, y: 0)) {
      When(state: Cursor.at(x:y:)) { position in
        Execute(output: Move.by(dx: position.0, dy: position.1))
      } transitions: { position in
        On(event: Move.by(dx:dy:)) { delta in
          Transition(to: Cursor.at(x: position.0 + delta.0, y: position.1 + delta.1))
        }
        On(
          events: OneOf {
            Move.hide; Move.blink
          }
        ) { _ in Transition(to: Cursor.hidden) }
      }
      When(state: Cursor.hidden) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: Move.show) { _ in Transition(to: Cursor.at(x: 0, y: 0)) }
      }
    }
    XCTStateMachine(machine)
      .assert(when: .at(x: 1, y: 2), execute: .by(dx: 1, dy: 2))
      .assert(when: .at(x: 1, y: 2), on: .by(dx: 3, dy: 4), transitionTo: .at(x: 4, y: 6))
      .assert(when: .at(x: 1, y: 2), on: .blink, transitionTo: .hidden)
      .assertNoTransition(when: .at(x: 1, y: 2), on: .show)
      .assert(when: .hidden, on: .show, transitionTo: .at(x: 0, y: 0))
      .assertNoOutput(when: .hidden)
  }

  /// `On`s try the event as they are built, so `if`, `else` and `for` among them decide which are
  /// tried, in the order they run.
  @Test func transitionsMayUseIfElseAndFor() {
    let machine = StateMachine(initial: Count.value(0)) {
      When(state: Count.value) { _ in
        Execute.noOutput
      } transitions: { count in
        if count < 3 {
          On(event: CountEvent.increment) { _ in Transition(to: Count.value(count + 1)) }
        } else {
          On(event: CountEvent.increment) { _ in Transition(to: Count.value(0)) }
        }
        if count == 1 {
          On(event: CountEvent.stay) { _ in Transition(to: Count.value(100)) }
        }
        for target in [7, 8] {
          On(event: CountEvent.stay) { _ in Transition(to: Count.value(target)) }
        }
      }
    }
    XCTStateMachine(machine)
      .assert(when: .value(2), on: .increment, transitionTo: .value(3))
      .assert(when: .value(3), on: .increment, transitionTo: .value(0))
      .assert(when: .value(1), on: .stay, transitionTo: .value(100))
      .assert(when: .value(2), on: .stay, transitionTo: .value(7))
  }

  /// Matching finds its event through the thread it runs on; a closure that matches another
  /// machine, or builds an `On` of other types, must leave the outer match as it was.
  @Test func matchingInsideTransitionsLeavesTheOuterMatchIntact() {
    let inner = StateMachine(initial: Door.open) {
      When(state: Door.open) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: DoorEvent.reopen) { _ in Transition(to: Door.closed) }
      }
    }
    let outer = StateMachine(initial: Count.value(0)) {
      When(state: Count.value) { _ in
        Execute.noOutput
      } transitions: { count in
        let innerNext = inner.transition(from: .open, on: .reopen)
        let _ = On(event: DoorEvent.reopen) { _ in Transition(to: Door.closing(speed: 9)) }
        On(event: CountEvent.increment) { _ in
          Transition(to: Count.value(innerNext == .closed ? count + 10 : -1))
        }
      }
    }
    #expect(outer.transition(from: .value(1), on: .increment) == .value(11))
    #expect(outer.transition(from: .value(1), on: .stay) == nil)
  }

  /// An `On` built anywhere but in a `transitions` closure that a machine runs does nothing.
  @Test func anOnBuiltOutsideAMachineRunsNothing() {
    let calls = Log<String>()
    _ = On(event: CountEvent.increment) { _ in
      calls.append("transition")
      return Transition(to: Count.value(1))
    }
    #expect(calls.all.isEmpty)
  }

  /// Machines on many threads match at once, each with its own event.
  @Test func concurrentMatchingKeepsEachEventApart() async {
    await withTaskGroup(of: Bool.self) { group in
      for sender in 0..<8 {
        group.addTask {
          (0..<2_000).allSatisfy { index in
            countingMachine.transition(from: .value(sender * 10_000 + index), on: .increment)
              == .value(sender * 10_000 + index + 1)
          }
        }
      }
      for await correct in group { #expect(correct) }
    }
  }
}
