import Logging
import Statecraft
import StatecraftTesting
import Testing

/// The inspection seam: every owner emits the same records, to inspectors attached to it or to the
/// scope it was created in.
@MainActor
@Suite("Inspection", .timeLimit(.minutes(1)))
struct InspectionTests {
  struct Counter: Equatable {
    var count = 0
  }

  enum Action: Sendable, Equatable {
    case increment
    case load
    case loaded
    case loadForever
    case fail
  }

  struct Failure: Error {}

  static func reduce(_ state: inout Counter, _ action: Action) -> Effect<Action> {
    switch action {
    case .increment, .loaded:
      state.count += 1
      return .none
    case .load:
      return .task { .loaded }
    case .loadForever:
      return Effect.run { _ in await CancellationProbe().waitForCancellation() }.cancellable(id: "forever")
    case .fail:
      return .run { _ in throw Failure() }
    }
  }

  @Test func aStoreRecordsEachActionWithItsStateBeforeAndAfter() {
    let recorder = InspectionRecorder()
    let store = Store(initialState: Counter(), reducer: Self.reduce)
    store.send(.increment)  // before the recorder: not recorded
    store.attach(recorder)
    store.send(.increment)
    #expect(recorder.kinds == ["received", "stateUpdated"])
    #expect(recorder.received.map { $0.value(as: Action.self) } == [.increment])
    guard case .stateUpdated(let before, let after) = recorder.records.last?.kind else { return }
    #expect(before.value(as: Counter.self) == Counter(count: 1))
    #expect(after.value(as: Counter.self) == Counter(count: 2))
    let owner = recorder.records[0].owner
    #expect(owner.name == "Store<Counter, Action, ()>")
    #expect(owner.callSite.fileID.description == "StatecraftTests/InspectionTests.swift")
    #expect(recorder.records.map(\.sequence) == [1, 2])
    #expect(recorder.records[0].time <= recorder.records[1].time)
  }

  @Test func effectsAreRecordedWhenTheyStartFinishAndAreCancelled() async {
    let recorder = InspectionRecorder()
    let store = Store(initialState: Counter(), reducer: Self.reduce)
    store.attach(recorder)
    await store.send(.load).finish()
    store.send(.loadForever)
    store.cancel("forever")
    #expect(
      recorder.kinds == [
        "received", "stateUpdated", "effectStarted",  // .load, and its .task
        "effectFinished", "received", "stateUpdated",  // .loaded, delivered by it
        "received", "stateUpdated", "effectStarted", "effectCancelled",
      ]
        // The task may finish before or after it delivers: both are recorded.
        || recorder.kinds == [
          "received", "stateUpdated", "effectStarted",
          "received", "stateUpdated", "effectFinished",
          "received", "stateUpdated", "effectStarted", "effectCancelled",
        ], "\(recorder.kinds)")
    let effects = recorder.records.compactMap { record -> InspectedEffect? in
      switch record.kind {
      case .effectStarted(let effect), .effectFinished(let effect), .effectCancelled(let effect):
        effect
      default: nil
      }
    }
    #expect(effects.map(\.number) == [1, 1, 2, 2])
    #expect(effects.last?.id == EffectID("forever"))
    #expect(effects.first?.callSite?.fileID.description == "StatecraftTests/InspectionTests.swift")
  }

  @Test func diagnosticsAreRecordedToo() async {
    let recorder = InspectionRecorder()
    let store = DiagnosticHandler.$current.withValue(DiagnosticRecorder().handler) {
      Store(initialState: Counter(), reducer: Self.reduce)
    }
    store.attach(recorder)
    await store.send(.fail).finish()
    guard
      case .diagnostic(let diagnostic)? = recorder.records.last(where: {
        if case .diagnostic = $0.kind { return true }
        return false
      })?.kind
    else {
      Issue.record("no diagnostic was recorded")
      return
    }
    #expect(diagnostic.kind == .effectFailed)
  }

  @Test func aScopeAttachesItsInspectorsToEveryOwnerCreatedInIt() async {
    let outer = InspectionRecorder()
    let inner = InspectionRecorder()
    let (first, second) = withInspector(outer) {
      let first = Store(initialState: Counter(), reducer: Self.reduce)
      let second = withInspector(inner) {
        AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
      }
      return (first, second)
    }
    let outside = Store(initialState: Counter(), reducer: Self.reduce)
    first.send(.increment)
    await second.send(.increment)
    outside.send(.increment)
    #expect(
      Set(outer.records.map(\.owner.name)) == [
        "Store<Counter, Action, ()>", "AsyncStateMachineSequence<Count, CountEvent, Never>",
      ])
    #expect(Set(inner.records.map(\.owner.name)) == ["AsyncStateMachineSequence<Count, CountEvent, Never>"])
    #expect(Set(outer.records.map(\.owner)).count == 2, "the store created outside was inspected")
  }

  @Test func aRunningMachineRecordsEventsStatesAndSideEffects() async {
    let recorder = InspectionRecorder()
    let sequence = AsyncStateMachineSequence(
      stateMachine: doorMachine,
      runtime: Runtime()
        .map(output: DoorOutput.startClosing(speed:), to: { _ in nil })
        .map(output: DoorOutput.announce, to: { nil }))
    sequence.attach(recorder)
    await sequence.send(.close(speed: 2))
    await sequence.send(.ignoredEverywhere)
    #expect(recorder.received.map { $0.value(as: DoorEvent.self) } == [.close(speed: 2), .ignoredEverywhere])
    #expect(recorder.states.map { $0.value(as: Door.self) } == [.closing(speed: 2), .closing(speed: 2)])
    #expect(recorder.kinds.contains("effectStarted"))
    #expect(recorder.kinds.contains("diagnostic"), "the unhandled event was not recorded")
  }

  @Test func aStateObjectMachineRecordsRequestsAndStates() async {
    let recorder = InspectionRecorder()
    let log = Log<String>()
    let machine = ContextualStateMachine(initialState: Step(name: "A", log: log))
    machine.attach(recorder)
    await machine.start()
    await machine.transition(to: Step(name: "B", log: log))
    #expect(recorder.received.map(\.description) == ["start()", "transition(to: Step)"])
    #expect(recorder.states.map { ($0.value as? Step)?.name } == ["A", "B"])
  }

  @Test func recordsOfOneOwnerArriveInSequenceOrderFromConcurrentEffects() async {
    let recorder = InspectionRecorder()
    let store = Store(initialState: Counter(), reducer: Self.reduce)
    store.attach(recorder)
    for _ in 0..<200 { store.send(.load) }
    await store.finishEffects()
    let sequences = recorder.records.map(\.sequence)
    #expect(sequences == Array(1...UInt64(sequences.count)))
    #expect(store.state.count == 200)
  }

  @Test func eachReceivedMessageIsFollowedByItsOwnStateUpdateUnderConcurrentSenders() async {
    let recorder = InspectionRecorder()
    let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
    sequence.attach(recorder)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<200 { await sequence.send(.increment) } }
      }
    }
    #expect(recorder.kinds == Array(repeating: ["received", "stateUpdated"], count: 1_600).flatMap { $0 })
    var expected = 0
    for record in recorder.records {
      guard case .stateUpdated(let before, let after) = record.kind else { continue }
      #expect(before.value(as: Count.self) == .value(expected))
      #expect(after.value(as: Count.self) == .value(expected + 1))
      expected += 1
    }
  }

  @Test func theLoggingInspectorLogsEachChangeAsADiff() {
    let lines = Log<String>()
    let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
    let store = Store(initialState: Counter(), reducer: Self.reduce)
    store.attach(LoggingInspector(logger: logger, level: .info))
    store.send(.increment)
    store.send(.load)
    #expect(lines.all.count == 2)
    #expect(lines.all.first?.hasPrefix("Store<Counter, Action, ()> #") == true)
    #expect(lines.all.first?.contains("received increment") == true)
    #expect(lines.all.first?.contains("- InspectionTests.Counter(count: 0)") == true, "\(lines.all)")
    #expect(lines.all.first?.contains("+ InspectionTests.Counter(count: 1)") == true)
    #expect(lines.all.last?.contains("received load (no state change)") == true)
  }
}

/// A swift-log handler that keeps each message.
struct CapturingLogHandler: LogHandler {
  let lines: Log<String>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    guard event.level >= .info else { return }
    lines.append(event.message.description)
  }
}
