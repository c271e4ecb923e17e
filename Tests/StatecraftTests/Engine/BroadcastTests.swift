import Foundation
import Statecraft
import StatecraftTesting
import Testing

/// Collects a stream until it ends.
func collect<Element>(_ stream: AsyncStream<Element>) async -> [Element] {
  var elements: [Element] = []
  for await element in stream { elements.append(element) }
  return elements
}

@Suite(.timeLimit(.minutes(1))) struct BroadcastDeliveryTests {
  /// async-state delivered through a detached task per observer, so two quick sends could swap.
  @Test(.tags(.replacedLibraryDefect))
  func eachObserverGetsEveryElementInSendOrder() async {
    let broadcast = OpenAsyncBroadcast<Int>()
    let first = broadcast.observe()
    let second = broadcast.observe()
    for value in 0..<1_000 { broadcast.send(value) }
    broadcast.finish()
    #expect(await collect(first) == Array(0..<1_000))
    #expect(await collect(second) == Array(0..<1_000))
  }

  @Test func concurrentSendersAreSeenInTheSameOrderByEveryObserver() async {
    let broadcast = OpenAsyncBroadcast<Int>()
    let first = broadcast.observe()
    let second = broadcast.observe()
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<4 {
        group.addTask { for value in 0..<250 { broadcast.send(sender * 1_000 + value) } }
      }
    }
    broadcast.finish()
    let firstElements = await collect(first)
    #expect(firstElements.count == 1_000)
    #expect(firstElements == (await collect(second)))
    for sender in 0..<4 {  // each sender's own elements stay in its order
      let own = firstElements.filter { $0 / 1_000 == sender }
      #expect(own == Array(sender * 1_000..<sender * 1_000 + 250))
    }
  }

  /// `finish()` ends the streams at once, so an element that was not yet buffered when `send`
  /// returned would be lost here.
  @Test(.tags(.replacedLibraryDefect))
  func sendReturnsOnlyOnceEveryObserverHasTheElementBuffered() async {
    let broadcast = OpenAsyncBroadcast<String>()
    let observers = (0..<10).map { _ in broadcast.observe() }
    broadcast.send("a")
    broadcast.send("b")
    broadcast.finish()
    for observer in observers { #expect(await collect(observer) == ["a", "b"]) }
  }

  @Test func aNewObserverGetsOnlyLaterElements() async {
    let broadcast = OpenAsyncBroadcast<Int>()
    broadcast.send(1)
    let late = broadcast.observe()
    broadcast.send(2)
    broadcast.finish()
    #expect(await collect(late) == [2])
  }

  @Test func anObserverWhoseTaskIsCancelledIsRemoved() async {
    let broadcast = OpenAsyncBroadcast<Int>()
    let stream = broadcast.observe()
    let started = Gate()
    let observer = Task {
      for await _ in stream { started.open() }
    }
    broadcast.send(1)
    await started.wait()
    #expect(broadcast.observerCount == 1)
    observer.cancel()
    await observer.value
    #expect(broadcast.observerCount == 0)
  }

  @Test func anObserverThatDropsItsStreamIsRemoved() {
    let broadcast = OpenAsyncBroadcast<Int>()
    do {
      let stream = broadcast.observe()
      _ = stream
      #expect(broadcast.observerCount == 1)
    }
    #expect(broadcast.observerCount == 0)
    broadcast.send(1)  // nothing left to deliver to
    #expect(broadcast.observerCount == 0)
  }

  @Test func bufferingNewestKeepsOnlyTheNewestUnreadElements() async {
    let broadcast = OpenAsyncBroadcast<Int>()
    let latest = broadcast.observe(bufferingPolicy: .bufferingNewest(2))
    let everything = broadcast.observe()
    for value in 1...5 { broadcast.send(value) }
    broadcast.finish()
    #expect(await collect(latest) == [4, 5])
    #expect(await collect(everything) == [1, 2, 3, 4, 5])
  }

  @Test func aBroadcastWidePolicyAppliesToEveryObserver() async {
    let broadcast = OpenAsyncBroadcast<Int>(bufferingPolicy: .bufferingNewest(1))
    let observer = broadcast.observe()
    for value in 1...3 { broadcast.send(value) }
    broadcast.finish()
    #expect(await collect(observer) == [3])
  }
}

@Suite(.timeLimit(.minutes(1))) struct BroadcastFinishTests {
  @Test func finishDeliversEachObserversFinalElementThenEndsTheStream() async {
    let broadcast = OpenAsyncBroadcast<String>()
    let withFinal = broadcast.observe(final: "bye")
    let withoutFinal = broadcast.observe()
    broadcast.send("hello")
    #expect(!broadcast.didFinish)
    broadcast.finish()
    #expect(broadcast.didFinish)
    #expect(await collect(withFinal) == ["hello", "bye"])
    #expect(await collect(withoutFinal) == ["hello"])
  }

  @Test func observingAFinishedBroadcastYieldsOnlyTheFinalElement() async {
    let broadcast = OpenAsyncBroadcast<String>()
    broadcast.finish()
    #expect(await collect(broadcast.observe(final: "bye")) == ["bye"])
    #expect(await collect(broadcast.observe()) == [])
  }

  @Test func sendAfterFinishIsReportedAndChangesNothing() async {
    let recorder = DiagnosticRecorder()
    let broadcast = DiagnosticHandler.$current.withValue(recorder.handler) {
      StateBroadcast(1)
    }
    let observer = broadcast.observe()
    broadcast.finish()
    broadcast.send(2)
    broadcast.update { $0 = 3 }
    #expect(broadcast.current == 1)
    #expect(await collect(observer) == [1])
    #expect(recorder.kinds == [.sendAfterFinish, .sendAfterFinish])
  }

  @Test func finishingTwiceDeliversTheFinalElementOnce() async {
    let broadcast = OpenAsyncBroadcast<Int>()
    let observer = broadcast.observe(final: 0)
    broadcast.finish()
    broadcast.finish()
    #expect(await collect(observer) == [0])
  }

  @Test func releasingTheBroadcastFinishesIt() async {
    var broadcast: OpenAsyncBroadcast<Int>? = OpenAsyncBroadcast()
    let observer = broadcast!.observe(final: -1)
    broadcast!.send(1)
    broadcast = nil
    #expect(await collect(observer) == [1, -1])
  }

  @Test func anErasedViewDoesNotKeepTheBroadcastAliveOrLetOthersSend() async {
    var broadcast: OpenAsyncBroadcast<Int>? = OpenAsyncBroadcast()
    let view = broadcast!.erased()
    #expect(!(view is OpenAsyncBroadcast<Int>))
    let observer = view.observe(final: -1)
    broadcast!.send(1)
    broadcast = nil
    #expect(await collect(observer) == [1, -1])
    #expect(await collect(view.observe(final: -2)) == [-2])
  }
}

@Suite(.timeLimit(.minutes(1))) struct StateBroadcastTests {
  @Test func eachNewObserverGetsTheCurrentStateFirst() async {
    let broadcast = StateBroadcast("idle")
    let early = broadcast.observe()
    broadcast.send("loading")
    let late = broadcast.observe()
    broadcast.send("loaded")
    broadcast.finish()
    #expect(broadcast.current == "loaded")
    #expect(await collect(early) == ["idle", "loading", "loaded"])
    #expect(await collect(late) == ["loading", "loaded"])
    #expect(await collect(broadcast.observe()) == ["loaded"])
  }

  @Test func concurrentUpdatesNeverLoseAChange() async {
    let broadcast = StateBroadcast(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<500 { broadcast.update { $0 += 1 } } }
      }
    }
    #expect(broadcast.current == 4_000)
  }

  @Test func updateMayReadTheBroadcastAndObserveIt() async {
    let broadcast = StateBroadcast(1)
    var observer: AsyncStream<Int>?
    broadcast.update { value in
      observer = broadcast.observe()  // would deadlock if `update` held the lock
      value = broadcast.current + 1
    }
    broadcast.finish()
    #expect(await collect(observer!) == [1, 2])
  }

  /// A send from another thread that lands while the closure runs is not lost: the closure runs
  /// again on it. No lock is held while the closure runs, and the retries have no limit (each one
  /// means another change went through), so contention can neither deadlock nor stop the program.
  @Test func anUpdateOvertakenBySendRunsAgainOnTheNewerValue() async {
    let broadcast = StateBroadcast(0)
    let observer = broadcast.observe()
    let sent = DispatchSemaphore(value: 0)
    var runs = 0
    broadcast.update { value in
      runs += 1
      if runs == 1 {
        Thread {
          broadcast.send(10)
          sent.signal()
        }.start()
        sent.wait()  // another thread's send lands while this closure runs
      }
      value += 1
    }
    broadcast.finish()
    #expect(runs == 2)
    #expect(broadcast.current == 11)
    #expect(await collect(observer) == [0, 10, 11])
  }

  /// Updates of two broadcasts that update each other, on two threads at once, never deadlock: no
  /// lock is held while an update's closure runs.
  @Test func nestedUpdatesOfTwoBroadcastsOnTwoThreadsDoNotDeadlock() async {
    let a = StateBroadcast(0)
    let b = StateBroadcast(0)
    let done = DispatchGroup()
    for (first, second) in [(a, b), (b, a)] {
      done.enter()
      Thread {
        for _ in 0..<1_000 {
          first.update { value in
            second.update { $0 += 1 }; value += 1
          }
        }
        done.leave()
      }.start()
    }
    done.wait()
    #expect(a.current + b.current >= 4_000)
  }

  @Test func aSendFromInsideAnUpdateIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      let broadcast = StateBroadcast(0)
      broadcast.update { _ in broadcast.send(1) }
    }
  }

  @Test func aNestedUpdateIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      let broadcast = StateBroadcast(0)
      broadcast.update { _ in broadcast.update { $0 += 1 } }
    }
  }

  @Test func bufferingNewestZeroIsAPreconditionFailureWhereItIsGiven() async {
    await #expect(processExitsWith: .failure) {
      _ = OpenAsyncBroadcast<Int>(bufferingPolicy: .bufferingNewest(0))
    }
  }

  @Test func aLatestOnlyObserverGetsTheNewestState() async {
    let broadcast = StateBroadcast(0)
    let observer = broadcast.observe(bufferingPolicy: .bufferingNewest(1))
    for value in 1...10 { broadcast.send(value) }
    broadcast.finish()
    #expect(await collect(observer) == [10])
  }

  /// The first engine's broadcasts released dropped elements while holding their lock.
  @Test func elementsThatLeaveABroadcastAreReleasedOutsideItsLock() async {
    let broadcast = StateBroadcast<Tracked?>(nil)
    let released = Log<Int>()
    let latestOnly = broadcast.observe(bufferingPolicy: .bufferingNewest(1))
    for number in 1...3 {
      // Each element's deinit reads the broadcast, which takes its lock: done under the lock, it
      // would deadlock. Element 1 leaves as the replaced current value and as a dropped element.
      broadcast.send(
        Tracked(number) {
          released.append(number); _ = broadcast.observerCount
        })
    }
    broadcast.finish()
    var seen: [Int?] = []
    for await element in latestOnly { seen.append(element?.number) }
    #expect(seen == [3])
    #expect(released.all.contains(1))
  }
}

/// An element that runs `onDeinit` when it is released.
final class Tracked: Sendable {
  let number: Int
  let onDeinit: @Sendable () -> Void

  init(_ number: Int, onDeinit: @escaping @Sendable () -> Void) {
    self.number = number
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }
}
