import Statecraft
import StatecraftTesting
import Testing

/// Every diagnostic points at the code that caused it, and `reportingIssues()` reports there.
@MainActor
@Suite("Diagnostics: call sites", .timeLimit(.minutes(1)))
struct CallSiteTests {
  struct Failure: Error {}

  nonisolated static let file = "StatecraftTests/CallSiteTests.swift"

  @Test func anEffectThatThrowsIsReportedAtItsRun() async {
    let recorder = DiagnosticRecorder()
    let runLine: UInt = #line + 3
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: 0) { (_: inout Int, _: Int) in
        .run { _ in throw Failure() }
      }
    }
    await store.send(1).finish()
    #expect(recorder.kinds == [.effectFailed])
    #expect(recorder.diagnostics.first?.callSite?.line == runLine)
    #expect(recorder.diagnostics.first?.callSite?.fileID.description == Self.file)
  }

  @Test func aSendFromInsideTheReducerIsReportedAtThatSend() {
    let recorder = DiagnosticRecorder()
    let box = StoreBox<Int, Int>()
    let sendLine: UInt = #line + 4
    let store = DiagnosticHandler.$current.withValue(recorder.handler) {
      Store(initialState: 0) { (count: inout Int, action: Int) in
        count += action
        if action == 1 { box.store?.send(10) }
        return .none
      }
    }
    box.store = store
    store.send(1)
    #expect(store.state == 11)
    #expect(recorder.kinds == [.sendDuringReduce])
    #expect(recorder.diagnostics.first?.callSite?.line == sendLine)
  }

  @Test func anUnhandledEventIsReportedAtItsSend() async {
    let recorder = DiagnosticRecorder()
    let sequence = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStateMachineSequence(stateMachine: doorMachine, runtime: Runtime())
    }
    let sendLine: UInt = #line + 1
    await sequence.send(.ignoredEverywhere)
    #expect(recorder.kinds == [.unhandledEvent])
    #expect(recorder.diagnostics.first?.callSite?.line == sendLine)
  }

  @Test func anUnhandledEventFromAViewStateIsReportedAtItsSendOrItsBinding() async {
    let recorder = DiagnosticRecorder()
    let reported = Gate()
    let handler = DiagnosticHandler { diagnostic in
      recorder.handler.report(diagnostic)
      if recorder.diagnostics.count == 2 { reported.open() }
    }
    let viewState = DiagnosticHandler.$current.withValue(handler) {
      ViewState(AsyncStateMachineSequence(stateMachine: doorMachine, runtime: Runtime()))
    }
    let sendLine: UInt = #line + 1
    await viewState.send(.ignoredEverywhere)
    let bindingLine: UInt = #line + 1
    let binding = viewState.binding(send: .ignoredEverywhere)
    binding.wrappedValue = .closed
    await reported.wait()
    #expect(recorder.kinds == [.unhandledEvent, .unhandledEvent])
    #expect(recorder.diagnostics.map(\.callSite?.line) == [sendLine, bindingLine])
    #expect(recorder.diagnostics.first?.callSite?.fileID.description == Self.file)
  }

  @Test func aSideEffectThatThrowsIsReportedAtItsMapping() async {
    let recorder = DiagnosticRecorder()
    let reported = Gate()
    let handler = DiagnosticHandler { diagnostic in
      recorder.handler.report(diagnostic)
      reported.open()
    }
    let mapLine: UInt = #line + 5
    let sequence = DiagnosticHandler.$current.withValue(handler) {
      AsyncStateMachineSequence(
        stateMachine: doorMachine,
        runtime: Runtime()
          .map(output: DoorOutput.startClosing(speed:)) { _ in
            AsyncThrowingStream<DoorEvent, any Error> { $0.finish(throwing: Failure()) }
          })
    }
    await sequence.send(.close(speed: 1))
    await reported.wait()
    #expect(recorder.kinds == [.effectFailed])
    #expect(recorder.diagnostics.first?.callSite?.line == mapLine)
  }

  @Test func aStaleTransitionIsReportedAtTheStatesRequest() async {
    let log = Log<String>()
    let recorder = DiagnosticRecorder()
    let release = Gate()
    let requested = Gate()
    let requestLine: UInt = #line + 7
    let a = Step(
      name: "A", log: log,
      onEnter: { transition, _ in
        let transition = transition
        Task.detached {
          await release.wait()
          await transition(to: Step(name: "late", log: log))
          requested.open()
        }
      })
    let machine = DiagnosticHandler.$current.withValue(recorder.handler) {
      ContextualStateMachine(initialState: a)
    }
    await machine.start()
    await machine.transition(to: Step(name: "B", log: log))
    release.open()
    await requested.wait()
    #expect(recorder.kinds == [.staleTransition])
    #expect(recorder.diagnostics.first?.callSite?.line == requestLine)
  }

  @Test func reportingIssuesReportsAtTheCodeThatCausedTheDiagnostic() async {
    let runLine = #line + 3
    let store = DiagnosticHandler.$current.withValue(.reportingIssues()) {
      Store(initialState: 0) { (_: inout Int, _: Int) in
        .run { _ in throw Failure() }
      }
    }
    await withKnownIssue {
      await store.send(1).finish()
    } matching: { issue in
      issue.sourceLocation?.line == runLine && issue.sourceLocation?.fileID == Self.file
    }
  }

  @Test func aCallSiteKeepsWhatItWasGivenInFortyEightBytes() {
    let site = CallSite(fileID: "Module/File.swift", filePath: "/src/Module/File.swift", line: 12, column: 5)
    #expect(site.description == "Module/File.swift:12:5")
    #expect(site.filePath.description == "/src/Module/File.swift")
    #expect((site.line, site.column) == (12, 5))
    #expect(MemoryLayout<CallSite>.size == 48)
  }

  @Test func aLineOrColumnPastThirtyTwoBitsIsClamped() {
    let site = CallSite(line: UInt(UInt32.max) + 1, column: .max)
    #expect((site.line, site.column) == (UInt(UInt32.max), UInt(UInt32.max)))
  }
}
