import StatecraftEngine
import Testing

/// The observer list's transitions, driven directly. `AsyncStream` continuations stand in for
/// observers; the streams are read synchronously where it matters through their results.
@Suite("ObserverList", .timeLimit(.minutes(1)))
struct ObserverListTests {
  @Test func observersAreAddedInOrderAndRemovedByID() {
    var list = ObserverList<Int>()
    let (_, first) = AsyncStream<Int>.makeStream()
    let (_, second) = AsyncStream<Int>.makeStream()
    guard case .added(let firstID) = list.add(first, final: nil),
      case .added(let secondID) = list.add(second, final: -1)
    else {
      Issue.record("an open list refused an observer")
      return
    }
    #expect(list.observers.map(\.id) == [firstID, secondID])
    #expect(list.remove(id: firstID)?.id == firstID)
    #expect(list.remove(id: firstID) == nil)
    #expect(list.observers.map(\.id) == [secondID])
  }

  @Test func finishingHandsBackEveryObserverOnceAndRefusesNewOnes() {
    var list = ObserverList<Int>()
    let (_, continuation) = AsyncStream<Int>.makeStream()
    _ = list.add(continuation, final: 9)
    #expect(!list.isFinished)
    let finished = list.finish()
    #expect(finished.map(\.final) == [9])
    #expect(list.finish().isEmpty)
    #expect(list.isFinished)
    guard case .finished = list.add(continuation, final: nil) else {
      Issue.record("a finished list accepted an observer")
      return
    }
  }

  @Test func deliveryHandsBackDroppedElementsAndTerminatedObservers() {
    var list = ObserverList<Int>()
    let (unread, newest) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let (ended, gone) = AsyncStream<Int>.makeStream()
    defer { withExtendedLifetime((unread, ended)) {} }
    _ = list.add(newest, final: nil)
    guard case .added(let goneID) = list.add(gone, final: nil) else { return }
    gone.finish()
    #expect(Delivery(1, to: list.observers).dropped == [])
    let delivery = Delivery(2, to: list.observers)
    #expect(delivery.dropped == [1], "the element the full buffer dropped was not handed back")
    #expect(delivery.terminated == [goneID])
    #expect(list.remove(ids: delivery.terminated).map(\.id) == [goneID])
    #expect(list.count == 1)
  }
}
