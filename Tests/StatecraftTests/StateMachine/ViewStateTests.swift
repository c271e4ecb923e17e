import Observation
import Statecraft
import StatecraftTesting
import Testing

extension Count {
  var number: Int {
    switch self {
    case .value(let number): number
    }
  }
}

@MainActor
@Suite("ViewState", .timeLimit(.minutes(1)))
struct ViewStateTests {
  @Test func stateFollowsTheMachineWhileStartRuns() async {
    let viewState = ViewState(
      AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime()))
    #expect(viewState.state == .value(0))
    let following = Task { await viewState.start() }
    await viewState.send(.increment)
    await viewState.send(.increment, resumeWhen: .value(2))
    await waitUntil { viewState.state == .value(2) }
    let changes = ObservationCounter()
    changes.track { _ = viewState.state }
    await viewState.send(.increment, resumeWhen: Count.value)
    await waitUntil { viewState.state == .value(3) }
    #expect(changes.changes >= 1)
    following.cancel()
    await following.value
  }

  @Test func aBindingShowsTheWrittenValueUntilTheNextStateArrives() async {
    let viewState = ViewState(
      asyncStateMachineSequence: AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime()))
    let following = Task { await viewState.start() }
    let number = viewState.binding(keypath: \.number, send: .increment)
    number.wrappedValue = 10
    #expect(number.wrappedValue == 10, "the written value flickered back")
    await waitUntil { viewState.state == .value(1) }
    #expect(number.wrappedValue == 1)
    following.cancel()
    await following.value
  }

  /// AsyncStateMachine's `binding(send:)` with a closure: the event is made from the written value.
  @Test func aWholeStateBindingSendsTheEventMadeFromTheWrittenValue() async {
    let sequence = AsyncStateMachineSequence(stateMachine: doorMachine, runtime: Runtime())
    let viewState = ViewState(sequence)
    let following = Task { await viewState.start() }
    let door = viewState.binding(send: { written in
      if case .closing(let speed) = written { return .close(speed: speed) }
      return .reopen
    })
    door.wrappedValue = .closing(speed: 7)
    await waitUntil { viewState.state == .closing(speed: 7) }
    following.cancel()
    await following.value
  }

  /// `binding(keypath:send:)` with a closure, and `send(_:resumeWhen:)` with a predicate and with
  /// a `OneOf`.
  @Test func aPropertyBindingSendsTheEventMadeFromTheWrittenValueAndSendsResumeWhenAsked() async {
    let sequence = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
    let viewState = ViewState(sequence)
    let following = Task { await viewState.start() }
    let number = viewState.binding(keypath: \.number, send: { written in written > 0 ? .increment : .stay })
    number.wrappedValue = 5
    await waitUntil { viewState.state == .value(1) }
    // The machine has reached the state when these return; the view's copy follows it.
    await viewState.send(.increment, resumeWhen: { $0.number >= 2 })
    #expect(sequence.currentState == .value(2))
    await viewState.send(
      .increment,
      resumeWhen: OneOf {
        Count.value(3); Count.value(30)
      })
    #expect(sequence.currentState == .value(3))
    await waitUntil { viewState.state == .value(3) }
    following.cancel()
    await following.value
  }

  @Test func aStateBindingReadsAndWritesThroughItsClosures() {
    var stored = 1
    let binding = StateBinding(get: { stored }, set: { stored = $0 * 10 })
    #expect(binding.wrappedValue == 1)
    binding.wrappedValue = 4
    #expect(stored == 40)
    #expect(binding.wrappedValue == 40)
  }

  @Test func aWholeStateBindingSendsItsEvent() async {
    let sequence = AsyncStateMachineSequence(stateMachine: doorMachine, runtime: Runtime())
    let viewState = ViewState(sequence)
    let following = Task { await viewState.start() }
    let door = viewState.binding(send: .close(speed: 3))
    door.wrappedValue = .closed
    #expect(door.wrappedValue == .closed)
    await waitUntil { viewState.state == .closing(speed: 3) }
    #expect(door.wrappedValue == .closing(speed: 3))
    following.cancel()
    await following.value
  }
}
