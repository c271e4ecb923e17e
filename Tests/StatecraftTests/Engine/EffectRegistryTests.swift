import StatecraftEngine
import Testing

/// The effect registry's transitions, driven directly: no task runs in these tests.
@Suite("EffectRegistry", .timeLimit(.minutes(1)))
struct EffectRegistryTests {
  let context = OwnerServices(type: EffectRegistryTests.self, callSite: CallSite())
  let clock = EffectClock(SteppingClock())

  func handle(_ id: String?) -> EffectHandle {
    EffectHandle(
      id: id.map(EffectID.init), group: nil, number: context.nextEffectNumber(), callSite: nil,
      context: context)
  }

  func pending(_ id: String) -> EffectRegistry.PendingEffect {
    EffectRegistry.PendingEffect(handle: handle(id), priority: nil) { { _ in } }
  }

  @Test func cancelInFlightHandsBackTheEffectsUnderTheSameID() {
    var registry = EffectRegistry()
    let first = handle("search")
    let other = handle("other")
    #expect(registry.register(first, cancelInFlight: false)?.isEmpty == true)
    #expect(registry.register(other, cancelInFlight: false)?.isEmpty == true)
    let replaced = registry.register(handle("search"), cancelInFlight: true)
    #expect(replaced?.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
    #expect(registry.isRunning(id: "other"))
  }

  @Test func anEffectThatFinishedFreesItsID() {
    var registry = EffectRegistry()
    let effect = handle("stream")
    _ = registry.register(effect, cancelInFlight: false)
    #expect(registry.isRunning(id: "stream"))
    registry.unregister(effect)
    #expect(!registry.isRunning(id: "stream"))
    #expect(registry.cancel(id: "stream").isEmpty)
  }

  @Test func closingHandsBackEverythingAndRefusesNewEffects() {
    var registry = EffectRegistry()
    _ = registry.register(handle(nil), cancelInFlight: false)
    _ = registry.register(handle("a"), cancelInFlight: false)
    let closed = registry.close()
    #expect(closed.effects.count == 2)
    #expect(registry.register(handle(nil), cancelInFlight: false) == nil)
    guard
      case .closed = registry.throttle(
        id: "t", latest: true, effect: pending("t"), interval: .seconds(1),
        windowEnd: clock.deadline(after: .seconds(1)))
    else {
      Issue.record("a closed registry accepted a throttled effect")
      return
    }
  }

  @Test func aThrottledEffectStartsNowThenWaitsInItsWindow() {
    var registry = EffectRegistry()
    let end = clock.deadline(after: .seconds(1))
    guard
      case .startNow(let token) = registry.throttle(
        id: "t", latest: true, effect: pending("t"), interval: .seconds(1), windowEnd: end)
    else {
      Issue.record("the first throttled effect did not start at once")
      return
    }
    let second = pending("t")
    guard
      case .wait(replacing: nil) = registry.throttle(
        id: "t", latest: true, effect: second, interval: .seconds(1), windowEnd: end)
    else {
      Issue.record("an effect inside the window did not wait")
      return
    }
    let third = pending("t")
    guard
      case .wait(replacing: let replaced?) = registry.throttle(
        id: "t", latest: true, effect: third, interval: .seconds(1), windowEnd: end)
    else {
      Issue.record("with latest, a newer effect did not replace the waiting one")
      return
    }
    #expect(replaced === second.handle)
    guard
      case .start(let started, let nextToken, _) = registry.windowEnded(
        id: "t", token: token, now: clock.deadline(after: .seconds(1)))
    else {
      Issue.record("the waiting effect did not start when the window ended")
      return
    }
    #expect(started.handle === third.handle)
    #expect(registry.openWindowCount == 1, "the started effect opened the next window")
    guard case .none = registry.windowEnded(id: "t", token: nextToken, now: clock.deadline(after: .seconds(1)))
    else {
      Issue.record("a window with nothing waiting started something")
      return
    }
    #expect(registry.openWindowCount == 0, "a window that ended with nothing waiting was kept")
  }

  @Test func withoutLatestTheFirstWaitingEffectStaysAndLaterOnesAreDropped() {
    var registry = EffectRegistry()
    let end = clock.deadline(after: .seconds(1))
    _ = registry.throttle(id: "t", latest: false, effect: pending("t"), interval: .seconds(1), windowEnd: end)
    _ = registry.throttle(id: "t", latest: false, effect: pending("t"), interval: .seconds(1), windowEnd: end)
    guard
      case .drop = registry.throttle(
        id: "t", latest: false, effect: pending("t"), interval: .seconds(1), windowEnd: end)
    else {
      Issue.record("a third effect was not dropped")
      return
    }
  }

  @Test func cancellingTheIDCancelsTheWaitingEffectAndItsWindowEndsEmpty() {
    var registry = EffectRegistry()
    let end = clock.deadline(after: .seconds(1))
    guard
      case .startNow(let token) = registry.throttle(
        id: "t", latest: true, effect: pending("t"), interval: .seconds(1), windowEnd: end)
    else { return }
    let waiting = pending("t")
    _ = registry.throttle(id: "t", latest: true, effect: waiting, interval: .seconds(1), windowEnd: end)
    #expect(registry.cancel(id: "t").contains { $0 === waiting.handle })
    guard case .none = registry.windowEnded(id: "t", token: token, now: clock.deadline(after: .seconds(1))) else {
      Issue.record("a cancelled effect started when its window ended")
      return
    }
    #expect(registry.openWindowCount == 0)
  }

  /// The first engine never removed throttle windows.
  @Test func windowsOfManyIDsAreAllRemovedOnceTheyEnd() {
    var registry = EffectRegistry()
    let end = clock.deadline(after: .seconds(1))
    var tokens: [(String, UInt64)] = []
    for index in 0..<10_000 {
      let id = "id \(index)"
      guard
        case .startNow(let token) = registry.throttle(
          id: EffectID(id), latest: false, effect: pending(id), interval: .seconds(1), windowEnd: end)
      else { return }
      tokens.append((id, token))
    }
    #expect(registry.openWindowCount == 10_000)
    for (id, token) in tokens {
      _ = registry.windowEnded(id: EffectID(id), token: token, now: clock.deadline(after: .seconds(1)))
    }
    #expect(registry.openWindowCount == 0)
  }
}
