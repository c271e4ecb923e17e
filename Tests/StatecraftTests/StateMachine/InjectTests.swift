import Statecraft
import Testing

/// `inject` in both spellings (Statecraft's `dep:` and AsyncStateMachine's `deps:`), for one to six
/// dependencies, keeping the side effect's input or binding every parameter.
@Suite("inject", .timeLimit(.minutes(1)))
struct InjectTests {
  @Sendable static func sum(_ values: Int...) -> Int { values.reduce(0, +) }

  @Test func keepingTheInputWithDep() async {
    #expect(await inject(dep: 1, in: { (i: Int, a: Int) in Self.sum(i, a) })(100) == 101)
    #expect(await inject(dep: 1, 2, 3, in: { (i: Int, a: Int, b: Int, c: Int) in Self.sum(i, a, b, c) })(100) == 106)
    #expect(
      await inject(dep: 1, 2, 3, 4, in: { (i: Int, a: Int, b: Int, c: Int, d: Int) in Self.sum(i, a, b, c, d) })(100)
        == 110)
    #expect(
      await inject(
        dep: 1, 2, 3, 4, 5,
        in: { (i: Int, a: Int, b: Int, c: Int, d: Int, e: Int) in
          Self.sum(i, a, b, c, d, e)
        })(100) == 115)
    #expect(
      await inject(
        dep: 1, 2, 3, 4, 5, 6,
        in: { (i: Int, a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in
          Self.sum(i, a, b, c, d, e, f)
        })(100) == 121)
  }

  @Test func keepingTheInputWithDeps() async {
    #expect(await inject(deps: 1, 2, in: { (i: Int, a: Int, b: Int) in Self.sum(i, a, b) })(100) == 103)
    #expect(await inject(deps: 1, 2, 3, in: { (i: Int, a: Int, b: Int, c: Int) in Self.sum(i, a, b, c) })(100) == 106)
    #expect(
      await inject(
        deps: 1, 2, 3, 4, 5, 6,
        in: { (i: Int, a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in
          Self.sum(i, a, b, c, d, e, f)
        })(100) == 121)
  }

  @Test func bindingEveryParameter() async {
    #expect(await inject(dep: 1, in: { (a: Int) in Self.sum(a) })() == 1)
    #expect(await inject(deps: 1, 2, in: { (a: Int, b: Int) in Self.sum(a, b) })() == 3)
    #expect(await inject(deps: 1, 2, 3, in: { (a: Int, b: Int, c: Int) in Self.sum(a, b, c) })() == 6)
    #expect(await inject(deps: 1, 2, 3, 4, in: { (a: Int, b: Int, c: Int, d: Int) in Self.sum(a, b, c, d) })() == 10)
    #expect(
      await inject(deps: 1, 2, 3, 4, 5, in: { (a: Int, b: Int, c: Int, d: Int, e: Int) in Self.sum(a, b, c, d, e) })()
        == 15)
    #expect(
      await inject(
        deps: 1, 2, 3, 4, 5, 6,
        in: { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in
          Self.sum(a, b, c, d, e, f)
        })() == 21)
  }

  @DSLCompatible enum Door { case open, locking, locked }
  @DSLCompatible enum DoorEvent { case lock, didLock }
  @DSLCompatible enum DoorOutput { case lock }

  struct Engine: Sendable { let name: String }
  @Sendable static func lockDoor(engine: Engine, attempts: Int) async -> DoorEvent? {
    engine.name == "bolt" && attempts == 2 ? .didLock : nil
  }

  /// A side effect with every parameter bound feeds `map(output:to:)` for an output without
  /// associated values, as AsyncStateMachine's README writes it.
  @Test func aFullyBoundSideEffectRunsInAMachine() async {
    let machine = StateMachine(initial: Door.open) {
      When(state: Door.open) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: DoorEvent.lock) { _ in Transition(to: Door.locking) }
      }
      When(state: Door.locking) { _ in
        Execute(output: DoorOutput.lock)
      } transitions: { _ in
        On(event: DoorEvent.didLock) { _ in Transition(to: Door.locked) }
      }
      When(state: Door.locked) { _ in Execute.noOutput }
    }
    let runtime = Runtime<Door, DoorEvent, DoorOutput>()
      .map(output: .lock, to: inject(deps: Engine(name: "bolt"), 2, in: Self.lockDoor(engine:attempts:)))
    let sequence = AsyncStateMachineSequence(stateMachine: machine, runtime: runtime)
    await sequence.send(.lock, resumeWhen: .locked)
    #expect(sequence.currentState == .locked)
  }
}
