import Statecraft
import StatecraftTesting
import Testing

/// When the runtime cancels the side effect it started for an output. Each test starts a side
/// effect in `closing(speed: 1)`, then walks the door through other states.
@Suite("ExecutionStrategy", .timeLimit(.minutes(1)))
struct ExecutionStrategyTests {
  /// A door machine whose `closing(speed: 1)` side effect waits until it is cancelled.
  struct Fixture {
    let probe = CancellationProbe()
    let started = Gate()
    let sequence: AsyncStateMachineSequence<Door, DoorEvent, DoorOutput>

    init(strategy: ExecutionStrategy<Door>) {
      let (probe, started) = (probe, started)
      sequence = AsyncStateMachineSequence(
        stateMachine: doorMachine,
        runtime: Runtime()
          .map(
            output: DoorOutput.startClosing(speed:),
            to: { speed -> DoorEvent? in
              guard speed == 1 else { return nil }
              started.open()
              await probe.waitForCancellation()
              return nil
            },
            strategy: strategy
          )
          .map(output: DoorOutput.announce, to: { nil }))
    }

    /// Enters `closing(speed: 1)` and waits until its side effect runs.
    func startSideEffect() async {
      await sequence.send(.close(speed: 1))
      await started.wait()
    }
  }

  @Test func cancelWhenAStateCancelsOnlyOnEnteringThatState() async {
    let fixture = Fixture(strategy: .cancel(when: Door.closed))
    await fixture.startSideEffect()
    await fixture.sequence.send(.reopen)
    await fixture.sequence.send(.close(speed: 2))
    #expect(!fixture.probe.wasCancelled, "entering open or closing(2) cancelled it")
    await fixture.sequence.send(.locked)
    #expect(fixture.probe.wasCancelled, "entering closed did not cancel it")
  }

  @Test func cancelWhenACaseCancelsOnEnteringAnyStateOfThatCase() async {
    let fixture = Fixture(strategy: .cancel(when: Door.closing(speed:)))
    await fixture.startSideEffect()
    await fixture.sequence.send(.reopen)
    #expect(!fixture.probe.wasCancelled, "entering open cancelled it")
    await fixture.sequence.send(.close(speed: 2))
    #expect(fixture.probe.wasCancelled, "entering closing(speed: 2) did not cancel it")
  }

  @Test func cancelWhenOneOfCancelsOnEnteringAnyOfItsStates() async {
    let fixture = Fixture(
      strategy: .cancel(
        when: OneOf {
          Door.closed; Door.closing(speed: 3)
        }))
    await fixture.startSideEffect()
    await fixture.sequence.send(.reopen)
    await fixture.sequence.send(.close(speed: 2))
    await fixture.sequence.send(.reopen)
    #expect(!fixture.probe.wasCancelled, "a state outside the set cancelled it")
    await fixture.sequence.send(.close(speed: 3))
    #expect(fixture.probe.wasCancelled, "entering closing(speed: 3) did not cancel it")
  }

  @Test func cancelWhenAnyStateCancelsOnTheNextState() async {
    let fixture = Fixture(strategy: .cancelWhenAnyState)
    await fixture.startSideEffect()
    await fixture.sequence.send(.reopen)
    #expect(fixture.probe.wasCancelled)
  }

  @Test func continueWhenAnyStateKeepsTheSideEffectRunningAndDeliversItsEvent() async {
    let release = Gate()
    let started = Gate()
    let sequence = AsyncStateMachineSequence(
      stateMachine: doorMachine,
      runtime: Runtime()
        .map(
          output: DoorOutput.startClosing(speed:),
          to: { speed -> DoorEvent? in
            guard speed == 1 else { return nil }
            started.open()
            await release.wait()
            return .reopen
          },
          strategy: .continueWhenAnyState
        )
        .map(output: DoorOutput.announce, to: { nil }))
    var states = sequence.stateStream.observe().makeAsyncIterator()
    await sequence.send(.close(speed: 1))
    await started.wait()
    await sequence.send(.reopen)
    await sequence.send(.close(speed: 2))
    await sequence.send(.locked)
    release.open()  // the side effect from closing(speed: 1) returns .reopen, in closed
    var seen: [Door] = []
    for _ in 0..<6 { seen.append(await states.next()!) }
    #expect(seen == [.open, .closing(speed: 1), .open, .closing(speed: 2), .closed, .open])
  }

  /// The side effect's event runs in the side effect's own task when the machine is idle. The state
  /// it leads to cancels that side effect, but only once the event is done: the state's middleware
  /// does not run cancelled.
  @Test func aSideEffectCancelledByTheStateItsOwnEventEntersIsCancelledAfterThatEvent() async {
    let release = Gate()
    let middlewareRan = Gate()
    let cancelledInMiddleware = Log<Bool>()
    let probe = CancellationProbe()
    let sequence = AsyncStateMachineSequence(
      stateMachine: doorMachine,
      runtime: Runtime()
        .map(
          output: DoorOutput.startClosing(speed:),
          to: { _ -> DoorEvent? in
            await release.wait()
            return .locked  // enters closed, which cancels this side effect
          },
          strategy: .cancelWhenAnyState
        )
        .map(
          output: DoorOutput.announce,
          to: {
            await probe.waitForCancellation()
            return nil
          }
        )
        .register(middleware: { (state: Door) in
          guard state == .closed else { return }
          cancelledInMiddleware.append(Task.isCancelled)
          middlewareRan.open()
        }))
    await sequence.send(.close(speed: 1))
    release.open()  // the machine is idle: the side effect's event runs in its own task
    await middlewareRan.wait()
    #expect(sequence.currentState == .closed)
    #expect(cancelledInMiddleware.all == [false], "the new state's middleware ran cancelled")
  }
}
