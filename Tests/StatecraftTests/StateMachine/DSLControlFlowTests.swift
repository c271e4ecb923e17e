import Statecraft
import StatecraftTesting
import Testing

/// Public DSL API that no other test touched: `if`, `else` and `for` among `When`s and among
/// `On`s, and `On(events:guard:transition:)`.
@Suite("StateMachine: control flow in definitions", .timeLimit(.minutes(1)))
struct DSLControlFlowTests {
  @DSLCompatible enum Level { case low, mid, high, off }
  @DSLCompatible enum Knob { case up, down, reset, set(Int) }

  /// A definition generated from data: `for` over a table, `if` and `else` on flags.
  static func machine(withReset: Bool, steps: [(Level, Level)]) -> StateMachine<Level, Knob, Never> {
    StateMachine(initial: Level.low) {
      for (from, to) in steps {
        When(state: from) { _ in
          Execute.noOutput
        } transitions: { _ in
          On(event: Knob.up) { _ in Transition(to: to) }
          if withReset {
            On(event: Knob.reset) { _ in Transition(to: Level.low) }
          } else {
            On(event: Knob.reset) { _ in Transition(to: Level.off) }
          }
          for target in [Level.off] {
            On(
              events: OneOf {
                Knob.down; Knob.set
              }
            ) { (event: Knob) in
              Guard(predicate: event != Knob.set(0))
            } transition: { _ in
              Transition(to: target)
            }
          }
        }
      }
      if withReset {
        When(state: Level.off) { _ in
          Execute.noOutput
        } transitions: { _ in
          On(event: Knob.reset) { _ in Transition(to: Level.low) }
        }
      }
    }
  }

  @Test func forLoopsBuildAWhenPerRowAndAnOnPerElement() {
    XCTStateMachine(Self.machine(withReset: true, steps: [(.low, .mid), (.mid, .high)]))
      .assert(when: .low, on: .up, transitionTo: .mid)
      .assert(when: .mid, on: .up, transitionTo: .high)
      .assertNoTransition(when: .high, on: .up)
      .assert(when: .low, .mid, on: .down, transitionTo: .off)
  }

  @Test func ifAndElseChooseWhensAndOns() {
    XCTStateMachine(Self.machine(withReset: true, steps: [(.low, .mid), (.mid, .high)]))
      .assert(when: .mid, on: .reset, transitionTo: .low)
      .assert(when: .off, on: .reset, transitionTo: .low)
    XCTStateMachine(Self.machine(withReset: false, steps: [(.low, .mid), (.mid, .high)]))
      .assert(when: .mid, on: .reset, transitionTo: .off)
      .assertNoTransition(when: .off, on: .reset)
  }

  @Test func onEventsWithAGuardMatchesAnyOfItsEventsThatTheGuardAllows() {
    XCTStateMachine(Self.machine(withReset: true, steps: [(.low, .mid)]))
      .assert(when: .low, on: .down, transitionTo: .off)
      .assert(when: .low, on: .set(3), transitionTo: .off)
      .assertNoTransition(when: .low, on: .set(0))
  }
}
