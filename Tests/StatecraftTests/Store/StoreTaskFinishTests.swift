import Statecraft
import StatecraftTesting
import Testing

/// What `StoreTask.finish()` and `finishEffects()` wait for when effects are cancelled: a
/// cancelled effect delivers nothing, so they never wait for it, even if its operation ignores the
/// cancellation.
@MainActor
@Suite("StoreTask: finishing cancelled effects", .timeLimit(.minutes(1)))
struct StoreTaskFinishTests {
  @Test func effectReplacedByCancelInFlightNoLongerHoldsUpFinish() async {
    let slow = UncooperativeEffect()
    let store = StoreCancellationTests.makeStore { tag in
      tag == "first"
        ? slow.effect(tag).cancellable(id: "search", cancelInFlight: true)
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
}
