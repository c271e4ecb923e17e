import Statecraft
import StatecraftTesting
import Testing

@MainActor
@Suite("ContextualStateMachine", .timeLimit(.minutes(1)))
struct ContextualStateMachineTests {
  /// bpisano's StateMachine ran a transition requested inside `enter()` nested, before `enter()` returned.
  @Test(.tags(.replacedLibraryDefect))
  func transitionRequestedInsideEnterRunsAfterEnterReturns() async {
    let log = Log<String>()
    let b = Step(name: "B", log: log)
    let a = Step(name: "A", log: log, onEnter: { transition, _ in await transition(to: b) })
    let machine = ContextualStateMachine(initialState: a)
    await machine.start()
    await machine.stop()
    #expect(log.all == ["A enter begins", "A enter ends", "A exit", "B enter begins", "B enter ends", "B exit"])
  }

  @Test func transitionRequestedInsideExitRunsAfterExitReturns() async {
    let log = Log<String>()
    let c = Step(name: "C", log: log)
    let a = Step(name: "A", log: log, onExit: { transition, _ in await transition(to: c) })
    let machine = ContextualStateMachine(initialState: a)
    await machine.start()
    await machine.transition(to: Step(name: "B", log: log))
    await machine.stop()
    #expect(
      log.all == [
        "A enter begins", "A enter ends", "A exit", "B enter begins", "B enter ends",
        "B exit", "C enter begins", "C enter ends", "C exit",
      ])
  }

  /// bpisano's StateMachine did not serialise transitions.
  @Test(.tags(.replacedLibraryDefect))
  func concurrentTransitionsAreSerialisedInFIFOOrder() async {
    let log = Log<String>()
    let inside = CriticalState(0)
    let overlaps = CriticalState(0)
    let hook: Step.Hook = { _, _ in
      inside.withLock {
        if $0 > 0 { overlaps.withLock { $0 += 1 } }; $0 += 1
      }
      await Task.yield()  // gives any other transition the chance to nest, if it could
      inside.withLock { $0 -= 1 }
    }
    let machine = ContextualStateMachine(initialState: Step(name: "start", log: log))
    await machine.start()
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<8 {
        group.addTask {
          for index in 0..<50 {
            await machine.transition(to: Step(name: "\(sender)-\(index)", log: log, onEnter: hook, onExit: hook))
          }
        }
      }
    }
    await machine.stop()
    let entered = log.all.filter { $0.hasSuffix("enter begins") }.map { $0.replacing(" enter begins", with: "") }
    #expect(overlaps.withLock { $0 } == 0)
    #expect(entered.count == 401)
    for sender in 0..<8 {
      let own = entered.filter { $0.hasPrefix("\(sender)-") }
      #expect(own == (0..<50).map { "\(sender)-\($0)" }, "sender \(sender)'s transitions ran out of order")
    }
  }

  /// In bpisano's StateMachine, a state that had exited could still trigger transitions.
  @Test(.tags(.replacedLibraryDefect))
  func staleStateCannotTransitionEvenFromATaskItStarted() async throws {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let release = Gate()
    let requested = Gate()
    let late = Step(name: "late", log: log)
    let entries = CriticalState(0)
    let a = Step(
      name: "A", log: log,
      onEnter: { transition, _ in
        guard
          entries.withLock({
            $0 += 1; return $0
          }) == 1
        else { return }  // first stay only
        Task {  // a plain task: it outlives the state
          await release.wait()
          await transition(to: late)
          requested.open()
        }
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    await machine.start()
    await machine.transition(to: Step(name: "B", log: log))
    await machine.transition(to: a)  // the same state value is current again
    release.open()
    await requested.wait()
    #expect((machine.currentState as? Step)?.name == "A")
    #expect(!log.all.contains("late enter begins"))
    #expect(recorder.kinds == [.staleTransition])
    let message = try #require(recorder.diagnostics.first?.message)
    #expect(message.contains("Step asked for a transition to Step after it stopped being the current state"))
  }

  /// bpisano's StateMachine let `start()` run twice.
  @Test(.tags(.replacedLibraryDefect))
  func startingTwiceIsANoOpWithADiagnostic() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: Step(name: "A", log: log))
    }
    await machine.start()
    await machine.start()
    #expect(log.all == ["A enter begins", "A enter ends"])
    #expect(recorder.kinds == [.startedTwice])
  }

  /// bpisano's StateMachine let the current state be set directly, skipping exit, enter and injection.
  @Test(.tags(.replacedLibraryDefect))
  func theCurrentStateChangesOnlyThroughATransitionThatExitsEntersAndInjects() async {
    // bpisano's StateMachine's `currentState` had a public setter that swapped the state without calling
    // `exit()` or `enter()` and without injecting the wrappers. Here it is read-only.
    let keyPath: PartialKeyPath<ContextualStateMachine<TestContext>> = \.currentState
    #expect(!(keyPath is WritableKeyPath<ContextualStateMachine<TestContext>, any StateMachineState>))

    let log = Log<String>()
    let contexts = Log<String>()
    let b = Step(
      name: "B", log: log,
      onEnter: { _, _ in
        contexts.append(StateActivationProbe().contextLabel)
      })
    let machine = ContextualStateMachine(initialState: Step(name: "A", log: log))
      .context(TestContext(label: "injected"))
    await machine.start()
    await machine.transition(to: b)
    #expect(log.all == ["A enter begins", "A enter ends", "A exit", "B enter begins", "B enter ends"])
    #expect(contexts.all == ["injected"], "the new state's wrappers did not see the machine")
    await machine.stop()
  }

  /// The first engine hung when a state's `enter()` called its own machine's `transition(to:)`.
  @Test func enterCallingItsOwnMachinesTransitionIsQueuedAndReported() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let box = Log<ContextualStateMachine<EmptyStateMachineContext>>()
    let a = Step(
      name: "A", log: log,
      onEnter: { _, _ in
        // Waiting for this transition here would wait for itself: it runs after enter() returns.
        await box.all.first?.transition(to: Step(name: "B", log: log))
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    box.append(machine)
    await machine.start()
    await machine.stop()  // queued behind the transition to B
    #expect(log.all == ["A enter begins", "A enter ends", "A exit", "B enter begins", "B enter ends", "B exit"])
    #expect(recorder.kinds == [.reentrantSend])
    #expect(
      recorder.diagnostics.first?.callSite?.fileID.description == "StatecraftTests/ContextualStateMachineTests.swift")
  }

  /// A task that `enter()` starts and waits for inherits the request it runs for: its direct call
  /// to the machine is queued and reported, where waiting would hang both. A `@StateLifetime` task,
  /// which the state does not wait for, waits its turn. (If the call did wait, `enter()` would
  /// wait until the suite's time limit cancels it, and the test would fail.)
  @Test func aTaskThatEnterWaitsForCallingItsOwnMachineIsQueuedAndReported() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let box = Log<ContextualStateMachine<EmptyStateMachineContext>>()
    let reachedC = Gate()
    let a = Step(
      name: "A", log: log,
      onEnter: { _, lifetime in
        let (childReturned, returns) = AsyncStream<Void>.makeStream()
        Task {
          await box.all.first!.transition(to: Step(name: "B", log: log))
          log.append("child returned")
          returns.finish()
        }
        for await _ in childReturned {}  // cancellable, unlike the machine's queue
        lifetime.task {
          await box.all.first!.transition(to: Step(name: "C", log: log, onEnter: { _, _ in reachedC.open() }))
        }
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    box.append(machine)
    await machine.start()
    await reachedC.wait()
    await machine.stop()
    #expect(
      log.all == [
        "A enter begins", "child returned", "A enter ends", "A exit", "B enter begins", "B enter ends",
        "B exit", "C enter begins", "C enter ends", "C exit",
      ])
    #expect(recorder.kinds == [.reentrantSend])
  }

  /// bpisano's StateMachine had no `stop()`.
  @Test(.tags(.replacedLibraryDefect))
  func stopExitsTheCurrentStateAndLaterRequestsAreIgnored() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: Step(name: "A", log: log))
    }
    await machine.transition(to: Step(name: "before start", log: log))
    await machine.start()
    await machine.stop()
    await machine.transition(to: Step(name: "after stop", log: log))
    await machine.stop()
    await machine.start()
    #expect(log.all == ["A enter begins", "A enter ends", "A exit"])
    #expect(recorder.kinds == [.machineNotRunning, .machineNotRunning, .machineNotRunning, .startedTwice])
  }

  /// bpisano's StateMachine had no way to tie a state's work to its lifetime.
  @Test(.tags(.replacedLibraryDefect))
  func lifetimeTasksAreCancelledWhenTheStateExits() async {
    let log = Log<String>()
    let probe = CancellationProbe()
    let started = Gate()
    let a = Step(
      name: "A", log: log,
      onEnter: { _, lifetime in
        lifetime.task {
          started.open()
          await probe.waitForCancellation()
        }
      })
    let machine = ContextualStateMachine(initialState: a)
    await machine.start()
    await started.wait()
    #expect(!probe.wasCancelled)
    await machine.transition(to: Step(name: "B", log: log))
    #expect(probe.wasCancelled)
  }

  @Test func lifetimeTaskErrorsGoToTheDiagnosticsHook() async {
    struct Failure: Error {}
    let log = Log<String>()
    let reported = Log<Diagnostic.Kind>()
    let firstReport = Gate()
    let handler = DiagnosticHandler { diagnostic in
      reported.append(diagnostic.kind)
      firstReport.open()
    }
    let a = Step(
      name: "A", log: log,
      onEnter: { _, lifetime in
        lifetime.task { throw Failure() }
      })
    let machine = DiagnosticHandler.$current.withValue(handler) {
      ContextualStateMachine(initialState: a)
    }
    await machine.start()
    await firstReport.wait()
    await machine.stop()
    #expect(reported.all == [.effectFailed])
  }

  /// An idle machine runs a transition in the caller's task, on the main actor, with no task of
  /// its own in between: the caller's task-locals reach the states, and a main-actor state's
  /// `enter()` runs before `transition(to:)` returns without a hop.
  @Test func aTransitionToAnIdleMachineRunsInTheCallersTask() async {
    let seen = Log<String>()
    let machine = ContextualStateMachine(initialState: CallerProbeState(seen: seen))
    await CallerProbe.$name.withValue("caller") {
      await machine.start()
      await machine.transition(to: CallerProbeState(seen: seen))
    }
    #expect(seen.all == ["caller", "caller"])
  }

  /// A transition a state requests is queued, and runs in the machine's own task: it inherits
  /// nothing from the task of the transition that was running.
  @Test func aRequestFromAStateRunsInTheMachinesOwnTask() async {
    let seen = Log<String>()
    let entered = Gate()
    let next = CallerProbeState(seen: seen, onEnter: { entered.open() })
    let machine = ContextualStateMachine(initialState: RequestingState(next: next))
    await CallerProbe.$name.withValue("caller") { await machine.start() }
    await entered.wait()
    #expect(seen.all == ["none"])
  }

  @Test func releasingTheMachineReleasesItsStatesAndCancelsTheirWork() async {
    weak var weakMachine: ContextualStateMachine<EmptyStateMachineContext>?
    weak var weakPayload: HoldingState.Payload?
    let probe = CancellationProbe()
    let started = Gate()
    do {
      let state = HoldingState(payload: .init(), probe: probe, started: started)
      weakPayload = state.payload
      let machine = ContextualStateMachine(initialState: state)
      await machine.start()
      await started.wait()
      weakMachine = machine
    }
    #expect(weakMachine == nil, "something kept the machine alive")
    #expect(weakPayload == nil, "something kept the machine's state alive")
    // The task may still be attaching to its handle on the thread that ran `enter()`; the
    // cancellation reaches it as soon as it has.
    await probe.waitUntilCancelled()
    #expect(probe.wasCancelled)
  }
}

/// A state that holds an object and starts lifetime work that does not capture the state.
struct HoldingState: StateMachineState {
  final class Payload: Sendable {}

  let payload: Payload
  let probe: CancellationProbe
  let started: Gate
  @StateLifetime private var lifetime

  func enter() async {
    lifetime.task { [probe, started] in
      started.open()
      await probe.waitForCancellation()
    }
  }
}

/// Reads the context the way a state's wrapper does, from wherever it is called.
struct StateActivationProbe {
  @StateContext(TestContext.self) private var context
  var contextLabel: String { context.label }
}

/// What the code that asked for a transition bound, if anything.
enum CallerProbe {
  @TaskLocal static var name: String?
}

/// Records the caller's task-local when it is entered, on the machine's actor.
struct CallerProbeState: StateMachineState {
  let seen: Log<String>
  var onEnter: @Sendable () -> Void = {}

  @MainActor func enter() async {
    seen.append(CallerProbe.name ?? "none")
    onEnter()
  }
}

/// Asks for `next` as soon as it is entered.
struct RequestingState: StateMachineState {
  let next: CallerProbeState
  @StateTransition private var transition

  nonisolated(nonsending) func enter() async {
    await transition(to: next)
  }
}
