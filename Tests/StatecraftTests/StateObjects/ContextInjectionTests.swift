import Statecraft
import StatecraftTesting
import Testing

@testable import MigratedSamples

@MainActor
@Suite("ContextualStateMachine: context and wrappers", .timeLimit(.minutes(1)))
struct ContextInjectionTests {
  /// Reads its context in `enter()`, directly, in a nested property, and in a task it starts.
  struct Reader: StateMachineState {
    struct Nested: Sendable {
      @StateContext(TestContext.self) var context
    }

    let seen: Log<String>
    var nested = Nested()
    @StateContext(TestContext.self) private var context
    @StateLifetime private var lifetime

    func enter() async {
      seen.append("enter: \(context.label)")
      seen.append("nested: \(nested.context.label)")
      let done = Gate()
      Task {
        seen.append("task: \(context.label)")
        done.open()
      }
      await done.wait()
    }
  }

  struct WrongContextReader: StateMachineState {
    let seen: Log<String>
    @StateContext(OtherContext.self) private var context
    func enter() async { seen.append("value: \(context.value)") }
  }

  @Test func contextIsAvailableInEnterInNestedPropertiesAndInTasksItStarts() async {
    let seen = Log<String>()
    let machine = ContextualStateMachine(initialState: Reader(seen: seen))
      .context(TestContext(label: "injected"))
    #expect(machine.context == TestContext(label: "injected"))
    await machine.start()
    #expect(seen.all == ["enter: injected", "nested: injected", "task: injected"])
  }

  /// The machine keeps no copy of its initial state: a new machine made from a started one starts
  /// from the state that one is in, as `context(_:)` documents.
  @Test func contextOnAMachineThatMovedOnStartsFromItsCurrentState() async {
    let log = Log<String>()
    let machine = ContextualStateMachine(initialState: Step(name: "A", log: log))
    await machine.start()
    await machine.transition(to: Step(name: "B", log: log))
    let injected = machine.context(TestContext(label: "injected"))
    #expect((injected.currentState as? Step)?.name == "B")
    #expect(
      (ContextualStateMachine(initialState: Step(name: "A", log: log))
        .context(TestContext(label: "injected")).currentState as? Step)?.name == "A")
  }

  @Test func contextOfAnotherTypeIsADiagnosticAndTheDefault() async {
    let seen = Log<String>()
    let recorder = DiagnosticRecorder()
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: WrongContextReader(seen: seen))
        .context(TestContext(label: "injected"))
    }
    await machine.start()
    #expect(seen.all == ["value: 0"])
    #expect(recorder.kinds == [.contextTypeMismatch])
    #expect(recorder.diagnostics.first?.message.contains("machine's context is TestContext") == true)
  }

  /// A context class, read by its subclass's machine through the superclass.
  class BaseContext: StateMachineContext, @unchecked Sendable {  // immutable: one `let`
    let label: String
    required init(label: String) { self.label = label }
    static var defaultValue: Self { Self(label: "default") }
  }

  final class DerivedContext: BaseContext, @unchecked Sendable {}

  struct BaseContextReader: StateMachineState {
    let seen: Log<String>
    @StateContext(BaseContext.self) private var context
    func enter() async { seen.append("\(type(of: context)): \(context.label)") }
  }

  /// The wrapper compares types for the usual case, a context of exactly the type it reads; a
  /// subclass of that type is still that type, as `as?` would have it.
  @Test func aContextOfASubclassIsReadThroughItsSuperclass() async {
    let seen = Log<String>()
    let recorder = DiagnosticRecorder()
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: BaseContextReader(seen: seen))
        .context(DerivedContext(label: "injected"))
    }
    await machine.start()
    #expect(seen.all == ["DerivedContext: injected"])
    #expect(recorder.kinds.isEmpty)
  }

  @Test func wrappersOutsideAMachineReportAndFallBack() async {
    let seen = Log<String>()
    let recorder = DiagnosticRecorder()
    await DiagnosticHandler.$current.withValue(recorder.handler) {
      // Called directly, not by a machine.
      await Reader(seen: seen).enter()
      await Step(
        name: "loose", log: seen,
        onEnter: { transition, lifetime in
          await transition(to: Step(name: "never", log: seen))
          lifetime.task { seen.append("never runs") }
        }
      ).enter()
    }
    #expect(
      seen.all == [
        "enter: default", "nested: default", "task: default",
        "loose enter begins", "loose enter ends",
      ])
    #expect(recorder.kinds == Array(repeating: .outsideMachine, count: 5))
  }

  @Test func theMigratedOnOffSampleBuildsItsMachine() {
    let machine = OnOffSample.stateMachine
    #expect(machine.context.delay == 1)
    #expect(machine.currentState is OnOffSample.OffState)
  }
}
