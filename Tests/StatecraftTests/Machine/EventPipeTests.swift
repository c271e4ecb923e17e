import Statecraft
import StatecraftTesting
import Testing

@Suite("EventPipe", .timeLimit(.minutes(1)))
struct EventPipeTests {
  @Test func pipedEventsKeepTheirOrderAndReachEveryReceiver() async {
    let pipe = Pipe<CountEvent>()
    let sender = AsyncStateMachineSequence(
      stateMachine: countingMachine,
      runtime: Runtime().connectAsSender(to: pipe, when: Count.value, send: CountEvent.increment))
    let first = AsyncStateMachineSequence(
      stateMachine: countingMachine, runtime: Runtime().connectAsReceiver(to: pipe))
    let second = AsyncStateMachineSequence(
      stateMachine: countingMachine, runtime: Runtime().connectAsReceiver(to: pipe))
    for _ in 0..<100 { await sender.send(.increment) }
    // The sender entered value(0) when it started, then value(1)…value(100): 101 piped events.
    var firstStates = first.makeAsyncIterator()
    var secondStates = second.makeAsyncIterator()
    var lastFirst = Count.value(-1)
    var lastSecond = Count.value(-1)
    while lastFirst != .value(101) { lastFirst = await firstStates.next()! }
    while lastSecond != .value(101) { lastSecond = await secondStates.next()! }
    #expect(first.currentState == .value(101))
    #expect(second.currentState == .value(101))
  }

  @Test func aReleasedReceiverStopsReceiving() async {
    let pipe = EventPipe<CountEvent>()
    let sender = AsyncStateMachineSequence(
      stateMachine: countingMachine,
      runtime: Runtime().connectAsSender(to: pipe, when: Count.value, send: CountEvent.increment))
    var receiverStates: AsyncStream<Count>.Iterator
    do {
      let receiver = AsyncStateMachineSequence(
        stateMachine: countingMachine, runtime: Runtime().connectAsReceiver(to: pipe))
      receiverStates = receiver.makeAsyncIterator()
    }
    // The pipe held the receiver weakly: it is gone, and its states end.
    var seen: [Count] = []
    while let state = await receiverStates.next() { seen.append(state) }
    #expect(seen == [.value(0)])
    await sender.send(.increment)  // sending into a pipe whose receiver is gone is harmless
    #expect(sender.currentState == .value(1))
  }
}
