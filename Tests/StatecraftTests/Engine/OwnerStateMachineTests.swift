import StatecraftEngine
import Testing

/// The state machine at the centre of the engine, driven directly, without tasks, the way SwiftNIO
/// tests its state machines: the state held once, taken out and put back by the holder of the
/// processing right, observers replayed from it, and closing.
@Suite("OwnerStateMachine", .timeLimit(.minutes(1)))
struct OwnerStateMachineTests {
  typealias Machine = OwnerStateMachine<Int, String>
  typealias Envelope = Machine.Envelope

  /// The elements a stream has buffered, without waiting for more: the stream is finished first.
  static func buffered(
    _ stream: AsyncStream<Int>, _ continuation: AsyncStream<Int>.Continuation
  ) async -> [Int] {
    continuation.finish()
    var elements: [Int] = []
    for await element in stream { elements.append(element) }
    return elements
  }

  @Test func theHolderOfTheRightTakesTheStateOutAndPutsItBack() {
    var machine = Machine(state: 1)
    #expect(machine.current == 1)
    let first = machine.claim()
    let second = machine.claim()
    #expect(first == 1)
    #expect(second == nil)  // one holder at a time
    var state = machine.take()
    #expect(machine.current == nil)  // out with its processor: no second copy
    state += 1
    guard case .committed = machine.restore(state) else {
      Issue.record("with no observer, putting the state back publishes nothing")
      return
    }
    #expect(machine.current == 2)
    guard case .idle = machine.next() else {
      Issue.record("with nothing queued, the right is given up")
      return
    }
    let again = machine.claim()
    #expect(again == 2)
  }

  @Test func messagesSentWhileProcessingQueueInOrder() {
    var machine = Machine(state: 0)
    guard case .process(let first, number: 1) = machine.submit(Envelope("a")) else {
      Issue.record("an idle owner hands the right to its first sender")
      return
    }
    #expect(first.message == "a")
    guard case .enqueued = machine.submit(Envelope("b")) else {
      Issue.record("a busy owner queues")
      return
    }
    machine.append(Envelope("c"))
    #expect(machine.mailbox.queuedCount == 2)
    guard case .process(let second, number: 2) = machine.next(),
      case .process(let third, number: 3) = machine.next(), case .idle = machine.next()
    else {
      Issue.record("the queue is not FIFO")
      return
    }
    #expect([second.message, third.message] == ["b", "c"])
  }

  @Test func aReentrantSendIsQueuedOnlyWhileItsMessageIsProcessed() {
    var machine = Machine(state: 0)
    let number = machine.claim()
    #expect(number == 1)
    let queued = machine.submitReentrant(Envelope("from message 1"), whileProcessing: 1)
    let refused = machine.submitReentrant(Envelope("from a message long done"), whileProcessing: 7)
    #expect(queued)
    #expect(!refused)
    #expect(machine.mailbox.queuedCount == 1)
  }

  @Test func anObserverGetsTheCurrentStateThenEveryCommittedOne() async {
    var machine = Machine(state: 10)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    guard case .added(let id) = machine.subscribe(continuation, final: nil) else {
      Issue.record("an open owner registers its observers")
      return
    }
    _ = machine.claim()
    guard case .publish(11, let observers) = machine.commit(11) else {
      Issue.record("a commit with an observer is published")
      return
    }
    #expect(observers.map(\.id) == [id])
    for observer in observers { observer.continuation.yield(11) }
    #expect(await Self.buffered(stream, continuation) == [10, 11])
  }

  @Test func anObserverWhoArrivesWhileTheStateIsOutGetsItWhenItIsPutBack() async {
    var machine = Machine(state: 1)
    _ = machine.claim()
    let state = machine.take()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    guard case .added = machine.subscribe(continuation, final: nil) else {
      Issue.record("an open owner registers its observers")
      return
    }
    // Nothing to replay yet: the state is out.
    guard case .publish(2, let observers) = machine.restore(state + 1) else {
      Issue.record("putting the state back publishes it to the observer who waited")
      return
    }
    for observer in observers { observer.continuation.yield(2) }
    #expect(await Self.buffered(stream, continuation) == [2])
  }

  @Test func closingHandsBackWhatWillNeverRunAndEndsObservers() async {
    var machine = Machine(state: 5)
    _ = machine.claim()
    _ = machine.submit(Envelope("queued"))
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    _ = machine.subscribe(continuation, final: 99)
    let closed = machine.close()
    #expect(machine.isClosed)
    #expect(closed.unprocessed.map(\.message) == ["queued"])
    #expect(closed.observers.map(\.final) == [99])
    guard case .rejected(let rejected) = machine.submit(Envelope("late")) else {
      Issue.record("a closed owner rejects what it is sent")
      return
    }
    #expect(rejected.message == "late")
    machine.append(Envelope("dropped"))
    #expect(machine.mailbox.queuedCount == 0)
    guard case .finished(last: 5) = machine.subscribe(AsyncStream.makeStream(of: Int.self).continuation, final: nil)
    else {
      Issue.record("a late observer of a closed owner gets its last state")
      return
    }
    #expect(await Self.buffered(stream, continuation) == [5])
  }

  @Test func closingAndReleasingTheStateLetsItGo() {
    var machine = Machine(state: 5)
    _ = machine.close(releasingState: true)
    #expect(machine.current == nil)
    guard case .finished(last: nil) = machine.subscribe(AsyncStream.makeStream(of: Int.self).continuation, final: nil)
    else {
      Issue.record("a released owner has no last state to give")
      return
    }
  }
}
