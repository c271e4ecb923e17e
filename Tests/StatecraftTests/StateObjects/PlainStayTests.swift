import Statecraft
import StatecraftTesting
import Testing

/// A state that holds no wrapper stays plainly: the machine binds nothing for it (no stay object,
/// task-local or weak reference), and every guarantee still holds. Whether a state holds one is
/// found by reflection, once per type; a type whose other values might hold one counts as holding
/// one.
@MainActor
@Suite("ContextualStateMachine: states without wrappers", .timeLimit(.minutes(1)))
struct PlainStayTests {
  /// No wrapper, no object: a name and a closure, which reflection sees as plain values.
  struct Plain: StateMachineState {
    let name: String
    var onEnter: @Sendable () async -> Void = {}
    func enter() async { await onEnter() }
  }

  /// Holds a wrapper inside an optional: another value of the type might not, so the type counts
  /// as holding one whatever this value holds.
  struct OptionalHolder: StateMachineState {
    struct Reader: Sendable {
      @StateContext(TestContext.self) var context
    }

    let seen: Log<String>
    var reader: Reader? = Reader()
    func enter() async { seen.append(reader?.context.label ?? "none") }
  }

  /// A state's `enter()` that calls its own machine's `transition(to:)` is recognised by its task
  /// when the state has no wrapper either: the request is queued behind the running one and
  /// reported, rather than waiting for itself.
  @Test func aPlainStatesEnterCallingItsOwnMachineIsQueuedAndReported() async {
    let recorder = DiagnosticRecorder()
    let box = Log<ContextualStateMachine<EmptyStateMachineContext>>()
    let entered = Log<String>()
    let a = Plain(
      name: "A",
      onEnter: {
        entered.append("A")
        await box.all.first?.transition(to: Plain(name: "B", onEnter: { entered.append("B") }))
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    box.append(machine)
    await machine.start()
    await machine.stop()  // queued behind the transition to B
    #expect(entered.all == ["A", "B"])
    #expect(recorder.kinds == [.reentrantSend])
    #expect(recorder.diagnostics.first?.callSite?.fileID.description == "StatecraftTests/PlainStayTests.swift")
  }

  /// Another task's request while a plain state's `enter()` is suspended waits for it, as with
  /// any state: only the task running the transition is re-entrant.
  @Test func anotherTasksRequestWaitsForAPlainStatesEnter() async {
    let entering = Gate()
    let release = Gate()
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: Plain(name: "A"))
    }
    await machine.start()
    let first = Task {
      await machine.transition(
        to: Plain(
          name: "B",
          onEnter: {
            log.append("B enter begins")
            entering.open()
            await release.wait()
            log.append("B enter ends")
          }))
    }
    await entering.wait()
    let second = Task { await machine.transition(to: Plain(name: "C", onEnter: { log.append("C enter") })) }
    release.open()
    await first.value
    await second.value
    #expect(log.all == ["B enter begins", "B enter ends", "C enter"])
    #expect((machine.currentState as? Plain)?.name == "C")
    #expect(recorder.kinds.isEmpty, "another task's request was taken for a re-entrant one")
  }

  /// Releasing the machine while a plain state's `enter()` is suspended in the machine's own task
  /// releases it: that task holds the machine only between the calls.
  @Test func releasingTheMachineWhileAPlainStateIsEnteringReleasesIt() async {
    let log = Log<String>()
    let entering = Gate()
    let release = Gate()
    weak var weakMachine: ContextualStateMachine<EmptyStateMachineContext>?
    do {
      let plain = Plain(
        name: "C",
        onEnter: {
          entering.open()
          await release.wait()
        })
      // A state's request runs in the machine's own task.
      let a = Step(name: "A", log: log, onEnter: { transition, _ in await transition(to: plain) })
      let machine = ContextualStateMachine(initialState: a)
      await machine.start()
      await entering.wait()
      weakMachine = machine
    }
    #expect(weakMachine == nil, "a suspended enter() in the machine's own task kept the machine alive")
    release.open()
  }

  /// A wrapper held in an optional is found: the type counts as holding one, and its stay is bound.
  @Test func aWrapperInsideAnOptionalIsBound() async {
    let seen = Log<String>()
    let machine = ContextualStateMachine(initialState: OptionalHolder(seen: seen))
      .context(TestContext(label: "injected"))
    await machine.start()
    #expect(seen.all == ["injected"])
  }

  /// A wrapper that is not held by the state (made inside `enter()`) reaches no machine when the
  /// state holds none of its own: it reports, and returns its default, as the documentation says.
  @Test func aWrapperMadeInsideAPlainStatesEnterReachesNoMachine() async {
    let labels = Log<String>()
    let recorder = DiagnosticRecorder()
    let machine = ContextualStateMachine(
      initialState: Plain(name: "A", onEnter: { labels.append(StateActivationProbe().contextLabel) })
    ).context(TestContext(label: "injected"))
    await DiagnosticHandler.$current.withValue(recorder.handler) { await machine.start() }
    #expect(labels.all == ["default"])
    #expect(recorder.kinds == [.outsideMachine])
  }
}
