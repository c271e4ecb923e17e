import Statecraft
import Testing

/// The other front-ends expose their states through a replaying ``StateBroadcast``.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct FrontEndStateStreamTests {
  @Test func aStorePublishesItsStateAfterEachSend() async {
    let store = Store(initialState: 0) { (state: inout Int, action: Int) in
      state += action
      return .none
    }
    store.send(1)
    var states = store.stateStream.observe().makeAsyncIterator()
    store.send(2)
    store.send(3)
    #expect(await states.next() == 1)
    #expect(await states.next() == 3)
    #expect(await states.next() == 6)
  }

  @Test func aRunningMachinePublishesEveryState() async {
    let machine = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: Runtime())
    let streaming: any StateStreaming<Count> = machine
    var states = streaming.stateStream.observe().makeAsyncIterator()
    await machine.send(.increment)
    await machine.send(.increment)
    var counts: [Int] = []
    for _ in 0..<3 {
      if case .value(let count) = await states.next() { counts.append(count) }
    }
    #expect(counts == [0, 1, 2])
  }

  @Test func aContextualMachinePublishesTheStatesItEnters() async {
    let log = Log<String>()
    let machine = ContextualStateMachine(initialState: Step(name: "first", log: log))
    var states = machine.stateStream.observe().makeAsyncIterator()
    await machine.start()
    await machine.transition(to: Step(name: "second", log: log))
    #expect((await states.next() as? Step)?.name == "first")
    #expect((await states.next() as? Step)?.name == "second")
  }
}
