import Statecraft
import StatecraftTesting
import Testing

/// Regressions found in review: each failed, or hung, before its fix.
@MainActor
@Suite("Store: review regressions", .timeLimit(.minutes(1)))
struct StoreReviewRegressionTests {
  @Test func effectReplacedByCancelInFlightNoLongerHoldsUpFinish() async {
    let slow = UncooperativeEffect()
    let store = StoreCancellationTests.makeStore { tag in
      tag == "first" ? slow.effect(tag).cancellable(id: "search", cancelInFlight: true)
        : Effect.task { .delivered(tag) }.cancellable(id: "search", cancelInFlight: true)
    }
    let first = store.send(.start("first"))
    await slow.started.wait()
    await store.send(.start("second")).finish()
    await first.finish()  // the first effect is stuck at its gate, but it was replaced
    slow.release.open()
    await slow.attemptedDelivery.wait()
    #expect(store.state == ["second"])
  }

  @Test func finishEffectsDoesNotWaitForACancelledEffectThatIgnoresCancellation() async {
    let slow = UncooperativeEffect()
    let store = StoreCancellationTests.makeStore { slow.effect($0).cancellable(id: "slow") }
    store.send(.start("x"))
    await slow.started.wait()
    let waiter = Task { await store.finishEffects() }
    store.cancel("slow")
    await waiter.value
    slow.release.open()
    await slow.attemptedDelivery.wait()
    #expect(store.state == [])
  }

  @Test func throttledEffectWaitingPastTheEndOfItsWindowIsNotLost() async {
    let clock = ManualClock()
    let store = Store(initialState: [String]()) { (log: inout [String], action: String) in
      if action.hasPrefix("ran ") {
        log.append(action)
        return .none
      }
      return Effect.send("ran \(action)")
        .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: false)
    }
    await store.send("A").finish()
    clock.set(.milliseconds(500))
    let waiting = store.send("B")
    clock.set(.milliseconds(1_001))  // B's window has ended, but B has not run yet
    store.send("C")
    clock.wakeSleepers()
    await waiting.finish()
    await store.finishEffects()
    #expect(store.state == ["ran A", "ran B"])
  }
}
