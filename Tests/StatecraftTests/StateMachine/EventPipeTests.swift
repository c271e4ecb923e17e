import Statecraft
import StatecraftTesting
import Testing

@Suite("EventPipe", .timeLimit(.minutes(1)))
struct EventPipeTests {
  /// AsyncStateMachine's pipe kept only its last receiver.
  @Test(.tags(.replacedLibraryDefect))
  func pipedEventsKeepTheirOrderAndReachEveryReceiver() async {
    let pipe = Pipe<LedgerEvent>()
    // The sender pipes a distinct event for each state it enters: value(0) when it starts, then
    // value(1)…value(100).
    var senderRuntime = Runtime<Count, CountEvent, Never>()
    for count in 0...100 {
      senderRuntime = senderRuntime.connectAsSender(
        to: pipe, when: Count.value(count), send: LedgerEvent.entry(sender: 0, index: count))
    }
    let sender = AsyncStateMachineSequence(stateMachine: countingMachine, runtime: senderRuntime)
    let logs = [Log<LedgerEvent>(), Log<LedgerEvent>()]
    let receivers = logs.map { log in
      AsyncStateMachineSequence(
        stateMachine: ledgerMachine,
        runtime: Runtime()
          .connectAsReceiver(to: pipe)
          .register(middleware: { (event: LedgerEvent) in log.append(event) }))
    }
    for _ in 0..<100 { await sender.send(.increment) }
    // Piped events do not wait: the pipe queues them all. Each receiver processes them in order.
    for receiver in receivers {
      var states = receiver.makeAsyncIterator()
      while await states.next() != .entries(101) {}
    }
    let expected = (0...100).map { LedgerEvent.entry(sender: 0, index: $0) }
    #expect(logs[0].all == expected)
    #expect(logs[1].all == expected)
  }

  /// AsyncStateMachine's `connectAsSender(to:when:send:)` with a closure: the piped event is made
  /// from the associated values of the state entered.
  @Test func aSenderMakesThePipedEventFromTheStatesAssociatedValues() async {
    let pipe = EventPipe<LedgerEvent>()
    let sender = AsyncStateMachineSequence(
      stateMachine: countingMachine,
      runtime: Runtime().connectAsSender(
        to: pipe, when: Count.value, send: { count in LedgerEvent.entry(sender: 7, index: count) }))
    let log = Log<LedgerEvent>()
    let receiver = AsyncStateMachineSequence(
      stateMachine: ledgerMachine,
      runtime: Runtime().connectAsReceiver(to: pipe).register(middleware: { (event: LedgerEvent) in log.append(event) })
    )
    for _ in 0..<3 { await sender.send(.increment) }
    var states = receiver.makeAsyncIterator()
    while await states.next() != .entries(4) {}
    #expect(log.all == (0...3).map { LedgerEvent.entry(sender: 7, index: $0) })
  }

  /// AsyncStateMachine's piped events arrived out of order.
  @Test(.tags(.replacedLibraryDefect))
  func pipedEventsArriveInTheOrderTheyWereSent() async {
    let pipe = EventPipe<CountEvent>()
    let received = Log<CountEvent>()
    let allReceived = Gate()
    let sender = AsyncStateMachineSequence(
      stateMachine: doorMachine,
      runtime: Runtime()
        .connectAsSender(to: pipe, when: Door.open, send: CountEvent.stay)
        .connectAsSender(to: pipe, when: Door.closing(speed:), send: CountEvent.increment))
    let receiver = AsyncStateMachineSequence(
      stateMachine: countingMachine,
      runtime: Runtime()
        .connectAsReceiver(to: pipe)
        .register(middleware: { (event: CountEvent) in
          received.append(event)
          if received.all.count == 41 { allReceived.open() }
        }))
    for speed in 1...20 {
      await sender.send(.close(speed: speed))
      await sender.send(.reopen)
    }
    await allReceived.wait()
    let expected: [CountEvent] = [.stay] + Array(repeating: [.increment, .stay], count: 20).flatMap { $0 }
    #expect(received.all == expected)
    #expect(receiver.currentState == .value(20))
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

  /// The first engine's pipes forgot released receivers only at their next send.
  @Test func aReleasedReceiverIsDisconnectedAtOnce() async {
    let pipe = EventPipe<CountEvent>()
    do {
      let receiver = AsyncStateMachineSequence(
        stateMachine: countingMachine, runtime: Runtime().connectAsReceiver(to: pipe))
      #expect(pipe.receiverCount == 1)
      _ = receiver
    }
    #expect(pipe.receiverCount == 0, "the released receiver stayed until the pipe's next send")
  }
}
