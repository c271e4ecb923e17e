import Statecraft
import StatecraftTesting
import Testing

@testable import MigratedSamples

@Suite("AsyncStateMachineSequence", .timeLimit(.minutes(1)))
struct AsyncStateMachineSequenceTests {
  typealias Elevator = ElevatorSample

  @Test func asyncStateMachinesElevatorRunsWithItsSideEffect() async {
    let closings = Log<Int>()
    let runtime = Runtime<Elevator.State, Elevator.Event, Elevator.Output>()
      .map(output: Elevator.Output.close(speed:)) { speed in
        closings.append(speed)
        return Elevator.Event.doorHasLocked
      }
    let sequence = AsyncStateMachineSequence(stateMachine: Elevator.stateMachine, runtime: runtime)
    await sequence.send(.personsHaveEntered(persons: 3))
    #expect(sequence.currentState == .open(persons: 3))
    await sequence.send(.closeButtonWasPressed, resumeWhen: .closed)
    #expect(sequence.currentState == .closed)
    #expect(closings.all == [2])
  }

  /// AsyncStateMachine's `send` waited until a consumer took the event.
  @Test(.tags(.replacedLibraryDefect))
  func sendDoesNotWaitForAnyConsumer() async {
    let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
    await sequence.send(.increment)
    await sequence.send(.increment)
    #expect(sequence.currentState == .value(2))
  }

  /// AsyncStateMachine kept the current state in each iterator, so consumers split the events.
  @Test(.tags(.replacedLibraryDefect))
  func everyIteratorSeesTheCurrentStateThenEveryLaterOneAndTheMachineRunsOnce() async {
    let sideEffects = Log<Int>()
    let ran = [1: Gate(), 2: Gate()]
    let runtime = Runtime<Door, DoorEvent, DoorOutput>()
      .map(output: DoorOutput.startClosing(speed:)) { speed -> DoorEvent? in
        sideEffects.append(speed)
        ran[speed]?.open()
        return nil
      }
    let sequence = AsyncStateMachineSequence(stateMachine: doorMachine, runtime: runtime)
    var first = sequence.makeAsyncIterator()
    var second = sequence.makeAsyncIterator()
    await sequence.send(.close(speed: 1))
    var third = sequence.makeAsyncIterator()  // joins while closing
    await sequence.send(.reopen)
    await sequence.send(.close(speed: 2))

    var seen: [[Door]] = [[], [], []]
    for _ in 0..<4 { seen[0].append(await first.next()!) }
    for _ in 0..<4 { seen[1].append(await second.next()!) }
    for _ in 0..<3 { seen[2].append(await third.next()!) }
    #expect(seen[0] == [.open, .closing(speed: 1), .open, .closing(speed: 2)])
    #expect(seen[1] == seen[0])
    #expect(seen[2] == [.closing(speed: 1), .open, .closing(speed: 2)])
    await ran[1]!.wait()
    await ran[2]!.wait()
    #expect(sideEffects.all.sorted() == [1, 2], "the machine ran once per sequence, not once per iterator")
  }

  /// AsyncStateMachine did not serve concurrent senders in order.
  @Test("Concurrent senders are each served once, in each sender's order", .tags(.replacedLibraryDefect))
  func concurrentSendersAreServedExactlyOnceEach() async {
    let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
    // 8 senders, 20,000 events: enough to interleave on every run, and within the suite's time
    // limit under ThreadSanitizer (80,000 took 13 s in a debug build and up to 77 s there).
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<2_500 { await sequence.send(.increment) }
        }
      }
    }
    #expect(sequence.currentState == .value(20_000))

    // The same with distinct events: each sender's events are processed exactly once, in the
    // order it sent them.
    let processed = Log<LedgerEvent>()
    let ledger = AsyncStateMachineSequence(
      stateMachine: ledgerMachine,
      runtime: Runtime().register(middleware: { (event: LedgerEvent) in processed.append(event) }))
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<8 {
        group.addTask {
          for index in 0..<1_000 { await ledger.send(.entry(sender: sender, index: index)) }
        }
      }
    }
    #expect(ledger.currentState == .entries(8_000))
    for sender in 0..<8 {
      let own = processed.all.compactMap { event -> Int? in
        guard case .entry(sender, let index) = event else { return nil }
        return index
      }
      #expect(own == Array(0..<1_000), "sender \(sender)'s events were lost, repeated or reordered")
    }
  }

  /// AsyncStateMachine queued waiting senders without bound.
  @Test(.tags(.replacedLibraryDefect))
  func sendersWithNoConsumerAllReturnAndNothingStaysQueued() async {
    // AsyncStateMachine's `send` waited for a consumer, so with none, every sender stayed queued for ever.
    // Here each sender waits only for its own event: with no iterator at all, every one returns.
    let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<100 { await sequence.send(.increment) }
        }
      }
    }
    #expect(sequence.currentState == .value(10_000))
    // A late observer gets the current state at once: nothing is queued in front of it.
    var states = sequence.makeAsyncIterator()
    #expect(await states.next() == .value(10_000))
  }

  @Test func releasingTheSequenceCancelsItsSideEffects() async {
    let probe = CancellationProbe()
    let started = Gate()
    let states: AsyncStream<Door>
    do {
      let runtime = Runtime<Door, DoorEvent, DoorOutput>()
        .map(output: DoorOutput.startClosing(speed:)) { _ -> DoorEvent? in
          started.open()
          await probe.waitForCancellation()
          return nil
        }
      let sequence = AsyncStateMachineSequence(stateMachine: doorMachine, runtime: runtime)
      await sequence.send(.close(speed: 1))
      await started.wait()
      #expect(!probe.wasCancelled)
      states = sequence.stateStream.observe()
    }
    // The states end only when the machine is gone: the side effect did not keep it alive.
    var seen: [Door] = []
    for await state in states { seen.append(state) }
    #expect(seen == [.closing(speed: 1)])
    await probe.waitUntilCancelled()
    #expect(probe.wasCancelled)
  }

  /// AsyncStateMachine's "sleep, then return an event" side effect, with `.cancelWhenAnyState`. Its sleep
  /// ignores cancellation here, as `try? await Task.sleep` effectively does.
  /// In AsyncStateMachine, cancelling such a side effect could end the whole sequence.
  @Test(.tags(.replacedLibraryDefect))
  func cancellingASideEffectNeverEndsTheSequenceNorDropsEvents() async {
    let closing = GatedEvents(elements: [DoorEvent.locked], release: Gate())
    let recorder = DiagnosticRecorder()
    let runtime = Runtime<Door, DoorEvent, DoorOutput>()
      .map(
        output: DoorOutput.startClosing(speed:),
        to: { speed in speed == 1 ? closing : GatedEvents(elements: []) },
        strategy: .cancelWhenAnyState)
    let sequence = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStateMachineSequence(stateMachine: doorMachine, runtime: runtime)
    }
    var states = sequence.makeAsyncIterator()
    await sequence.send(.close(speed: 1))
    await closing.started.wait()
    await sequence.send(.reopen)  // cancels the side effect
    closing.release?.open()
    // The side effect has handed its event to the machine, or been stopped from doing so.
    await closing.delivered.wait()
    #expect(sequence.currentState == .open, "the cancelled side effect's event was delivered")
    await sequence.send(.close(speed: 2))
    await sequence.send(.reopen)
    var seen: [Door] = []
    for _ in 0..<5 { seen.append(await states.next()!) }
    #expect(seen == [.open, .closing(speed: 1), .open, .closing(speed: 2), .open])
    #expect(sequence.currentState == .open, "the cancelled side effect's event was delivered")
    #expect(recorder.kinds.isEmpty, "the cancelled side effect's event reached the machine: \(recorder.kinds)")
  }

  /// AsyncStateMachine's `resumeWhen` could wait forever or resume twice.
  @Test(.tags(.replacedLibraryDefect))
  func resumeWhenReturnsOnceAndOnCancellation() async {
    let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
    await sequence.send(.increment, resumeWhen: { $0 == .value(1) })
    await sequence.send(.increment, resumeWhen: Count.value)
    await sequence.send(
      .increment,
      resumeWhen: OneOf {
        Count.value(3); Count.value(4)
      })
    #expect(sequence.currentState == .value(3))
    let waiter = Task { await sequence.send(.stay, resumeWhen: .value(99)) }
    waiter.cancel()
    await waiter.value
    #expect(sequence.currentState == .value(3))
  }

  /// AsyncStateMachine ran middleware in unordered fire-and-forget tasks.
  @Test(.tags(.replacedLibraryDefect))
  func middlewareRunsInOrderOncePerStateAndEvent() async {
    let log = Log<String>()
    let runtime = Runtime<Count, CountEvent, Never>()
      .register(middleware: { (event: CountEvent) in log.append("event 1: \(event)") })
      .register(middleware: { (event: CountEvent) in log.append("event 2: \(event)") }, priority: .high)
      .register(middleware: { (state: Count) in log.append("state 1: \(state)") })
      .register(middleware: { (state: Count) in log.append("state 2: \(state)") })
    let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: runtime)
    await sequence.send(.increment)
    #expect(
      log.all == [
        "state 1: value(0)", "state 2: value(0)",
        "event 1: increment", "event 2: increment",
        "state 1: value(1)", "state 2: value(1)",
      ])
  }

  /// AsyncStateMachine always re-entered on a self-transition and re-ran the output.
  @Test(.tags(.replacedLibraryDefect))
  func selfTransitionsAreIgnoredUnlessTheRuntimeAsksToReenter() async {
    let states = Log<Count>()
    let ignoring = AsyncStateMachineSequence(
      stateMachine: countingMachine,
      runtime: Runtime().register(middleware: { (state: Count) in states.append(state) }))
    await ignoring.send(.stay)
    #expect(states.all == [.value(0)])

    let reentered = Log<Count>()
    let reentering = AsyncStateMachineSequence(
      stateMachine: countingMachine,
      runtime: Runtime().register(middleware: { (state: Count) in reentered.append(state) })
        .onSelfTransition(.reenter))
    await reentering.send(.stay)
    #expect(reentered.all == [.value(0), .value(0)])
  }

  /// AsyncStateMachine was silent about unhandled events, unmapped outputs and side-effect errors.
  @Test(.tags(.replacedLibraryDefect))
  func unhandledEventsUnmappedOutputsAndSideEffectErrorsAreDiagnosed() async {
    struct Jammed: Error {}
    let kinds = Log<Diagnostic.Kind>()
    let failureReported = Gate()
    let handler = DiagnosticHandler { diagnostic in
      kinds.append(diagnostic.kind)
      if diagnostic.kind == .effectFailed { failureReported.open() }
    }
    let runtime = Runtime<Door, DoorEvent, DoorOutput>()
      .map(output: DoorOutput.startClosing(speed:)) { _ in
        AsyncThrowingStream<DoorEvent, any Error> { $0.finish(throwing: Jammed()) }
      }
    let sequence = DiagnosticHandler.$current.withValue(handler) {
      AsyncStateMachineSequence(stateMachine: doorMachine, runtime: runtime)
    }
    await sequence.send(.ignoredEverywhere)
    await sequence.send(.close(speed: 1))
    await failureReported.wait()
    await sequence.send(.locked)  // closed executes .announce, which nothing maps
    #expect(kinds.all == [.unhandledEvent, .effectFailed, .unmappedOutput])
  }

  @Test func injectBindsDependencies() async {
    struct Engine: Sendable { var factor: Int }
    @Sendable func close(speed: Int, engine: Engine) async -> DoorEvent? {
      speed * engine.factor == 6 ? .locked : nil
    }
    @Sendable func closeTwice(speed: Int, engine: Engine, extra: Int) async -> DoorEvent? {
      speed * engine.factor + extra == 7 ? .locked : nil
    }
    let one = inject(dep: Engine(factor: 3), in: close(speed:engine:))
    let two = inject(dep: Engine(factor: 3), 1, in: closeTwice(speed:engine:extra:))
    #expect(await one(2) == .locked)
    #expect(await two(2) == .locked)
    let runtime = Runtime<Door, DoorEvent, DoorOutput>()
      .map(output: DoorOutput.startClosing(speed:), to: one)
    let sequence = AsyncStateMachineSequence(stateMachine: doorMachine, runtime: runtime)
    await sequence.send(.close(speed: 2), resumeWhen: .closed)
    #expect(sequence.currentState == .closed)
  }

  /// In the first engine, a middleware that sent to its own machine hung.
  @Test func aMiddlewareThatSendsToItsOwnMachineIsQueuedAndReported() async {
    let recorder = DiagnosticRecorder()
    let processed = Log<CountEvent>()
    let box = Log<AsyncStateMachineSequence<Count, CountEvent, Never>>()
    let sequence = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStateMachineSequence(
        stateMachine: countingMachine,
        runtime: Runtime().register(middleware: { (event: CountEvent) in
          processed.append(event)
          // Waiting for `.stay` here would wait for itself: it is queued behind `.increment`.
          if event == .increment, let sequence = box.all.first { await sequence.send(.stay) }
        }))
    }
    box.append(sequence)
    await sequence.send(.increment)
    await sequence.send(.increment)  // queued behind the re-entrant `.stay`, so it runs after it
    #expect(processed.all.prefix(3) == [.increment, .stay, .increment])
    #expect(sequence.currentState == .value(2))
    #expect(recorder.kinds.first == .reentrantSend)
    #expect(
      recorder.diagnostics.first?.callSite?.fileID.description == "StatecraftTests/AsyncStateMachineSequenceTests.swift"
    )
  }

  /// In the first engine, one sender's cancellation reached another sender's event.
  @Test func anotherSendersCancellationNeverReachesAnEvent() async {
    // The receiver is held in its `.increment` while a pipe queues a `.stay` behind it. Then the
    // task that sent `.increment` is cancelled. `.stay` is not that task's event: it must not run
    // in it.
    let pipe = EventPipe<CountEvent>()
    let holding = Gate()
    let release = Gate()
    let cancelledDuringStay = Log<Bool>()
    let receiver = AsyncStateMachineSequence(
      stateMachine: countingMachine,
      runtime: Runtime()
        .connectAsReceiver(to: pipe)
        .register(middleware: { (event: CountEvent) in
          switch event {
          case .increment:
            holding.open()
            await release.wait()
          case .stay:
            cancelledDuringStay.append(Task.isCancelled)
          }
        }))
    let sender = AsyncStateMachineSequence(
      stateMachine: doorMachine,
      runtime: Runtime().connectAsSender(to: pipe, when: Door.closing(speed:), send: CountEvent.stay)
        .map(output: DoorOutput.startClosing(speed:), to: { _ in nil }))
    let incrementing = Task { await receiver.send(.increment) }
    await holding.wait()
    await sender.send(.close(speed: 1))  // pipes `.stay`: queued behind `.increment`
    incrementing.cancel()
    release.open()
    await incrementing.value
    await receiver.send(.increment)  // after `.stay`, in FIFO order
    #expect(cancelledDuringStay.all == [false], "the cancelled sender's task processed another's event")
  }

  /// The first engine still processed a cancelled side effect's event.
  @Test func aSideEffectsEventQueuedBeforeItWasCancelledIsDropped() async {
    // The side effect of `closing` returns `.locked` while `.reopen` is being processed: its event
    // queues behind `.reopen`, whose transition cancels the side effect. The event must then be
    // dropped, never processed in `open`, where it is unhandled. Each round races the side effect
    // against the middleware's yields; the first engine lost some rounds.
    let recorder = DiagnosticRecorder()
    for _ in 0..<300 {
      let release = Gate()
      let started = Gate()
      let sequence = DiagnosticHandler.$current.withValue(recorder.handler) {
        AsyncStateMachineSequence(
          stateMachine: doorMachine,
          runtime: Runtime()
            .map(
              output: DoorOutput.startClosing(speed:),
              to: { speed -> DoorEvent? in
                guard speed == 1 else { return nil }
                started.open()
                await release.wait()
                return .locked
              },
              strategy: .cancelWhenAnyState
            )
            .map(output: DoorOutput.announce, to: { nil })
            .register(middleware: { (event: DoorEvent) in
              guard event == .reopen else { return }
              release.open()
              for _ in 0..<3 { await Task.yield() }
            }))
      }
      await sequence.send(.close(speed: 1))
      await started.wait()
      await sequence.send(.reopen)
      await sequence.send(.close(speed: 2))  // queued behind any late `.locked`
      #expect(sequence.currentState == .closing(speed: 2))
    }
    #expect(!recorder.kinds.contains(.unhandledEvent), "a cancelled side effect's event was processed")
  }

  #if DEBUG  // critical sections are counted in debug builds only
    /// One event with no side effect and no observer passes through two critical sections: one to
    /// claim the machine and read its state, one to store the new state and give the machine up.
    /// (The first engine took up to eight, on four locks.)
    @Test func anEventWithNoSideEffectAndNoObserverTakesTwoCriticalSections() async {
      let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
      await sequence.send(.increment)  // enters the initial state first
      let before = sequence.criticalSectionCount
      await sequence.send(.increment)
      #expect(sequence.criticalSectionCount - before == 2)
      #expect(sequence.currentState == .value(2))
    }
  #endif

  /// Each event runs the guard of the `On`s it reaches, and the transition of the one that applies,
  /// once. (An earlier matcher that sorted `On`s by event case ran them twice for the first event
  /// of each case.)
  @Test func aGuardAndATransitionRunOncePerEvent() async {
    typealias Count = NumberedCount
    typealias CountEvent = NumberedCountEvent
    let calls = Log<String>()
    let machine = StateMachine(initial: Count.value(0)) {
      When(state: Count.value) { _ in
        Execute.noOutput
      } transitions: { count in
        On(event: CountEvent.set) { number in
          calls.append("guard \(number)")
          return Guard(predicate: number >= 0)
        } transition: { number in
          calls.append("transition \(number)")
          return Transition(to: Count.value(number))
        }
        On(event: CountEvent.increment) { _ in Transition(to: Count.value(count + 1)) }
        On(event: CountEvent.stay) { _ in Transition(to: Count.value(count)) }
        On(event: CountEvent.stay) { _ in Transition(to: Count.value(count)) }
        On(event: CountEvent.stay) { _ in Transition(to: Count.value(count)) }
      }
    }
    let sequence = AsyncStateMachineSequence(stateMachine: machine, runtime: Runtime())
    await sequence.send(.set(5))
    #expect(sequence.currentState == .value(5))
    #expect(calls.all == ["guard 5", "transition 5"])
    await sequence.send(.set(-1))
    #expect(sequence.currentState == .value(5))
    #expect(calls.all == ["guard 5", "transition 5", "guard -1"])
  }

  /// Case numbers index tables directly; a hand-written `dslCaseIndex` far beyond any real count
  /// of cases must not size them (`Int.max` would overflow, a million would allocate megabytes).
  @Test func casesNumberedBeyondTheTablesAreMatchedWithoutThem() async {
    let machine = StateMachine(initial: FarNumbered.off) {
      When(state: FarNumbered.off) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: FarNumbered.on) { _ in Transition(to: FarNumbered.on) }
      }
      When(state: FarNumbered.on) { _ in
        Execute.noOutput
      } transitions: { _ in
        On(event: FarNumbered.off) { _ in Transition(to: FarNumbered.off) }
      }
    }
    let sequence = AsyncStateMachineSequence(stateMachine: machine, runtime: Runtime())
    await sequence.send(.on)
    #expect(sequence.currentState == .on)
    await sequence.send(.off)
    #expect(sequence.currentState == .off)
  }
}

/// `Count` and `CountEvent` with numbered cases, so that running machines dispatch by case.
@DSLCompatible enum NumberedCount {
  case value(Int)
}

@DSLCompatible enum NumberedCountEvent {
  case increment
  case stay
  case set(Int)
}

/// Numbers its cases by hand, far beyond the match tables.
enum FarNumbered: DSLCompatible {
  case off, on

  var dslCaseIndex: Int? { self == .off ? Int.max : 1_000_000 }
}
