import Statecraft
import StatecraftTesting
import Testing

/// Effects that wait on a clock, made deterministic without yielding and without a serial
/// executor: the store fixes each timer's deadline when it starts the effect, the clock wakes a
/// late sleeper whose deadline has passed at once, and each test waits for exactly the effects it
/// started, with `StoreTask.finish()`.
@MainActor
@Suite("Effect: timing", .timeLimit(.minutes(1)))
struct EffectTimingTests {
  enum Action: Sendable, Equatable {
    case queryChanged(String)
    case throttled(String)
    case performed(String)
    case concatenate
    case log(String)
  }

  static func makeStore(
    clock: SteppingClock, latest: Bool = true, firstChildRunning: Gate = Gate()
  ) -> Store<[String], Action, Void> {
    Store(initialState: []) { (log: inout [String], action: Action) in
      switch action {
      case .queryChanged(let query):
        return Effect.task { .performed(query) }
          .debounce(id: "search", for: .milliseconds(300), clock: clock)
      case .throttled(let value):
        return Effect.send(.performed(value))
          .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: latest)
      case .performed(let value), .log(let value):
        log.append(value)
        return .none
      case .concatenate:
        // The deadline is fixed here, when the reducer runs, like the store's own timers.
        let deadline = clock.deadline(after: .seconds(1))
        return .concatenate(
          .run { send in
            firstChildRunning.open()
            try await clock.sleep(until: deadline)
            await send(.log("first, after a second"))
          },
          .send(.log("second")),
          .run { send in await send(.log("third")) }
        )
      }
    }
  }

  /// SwiftTea had no debounce.
  @Test(.tags(.replacedLibraryDefect))
  func debounceRunsOnlyTheLastEffectOfABurst() async {
    let clock = SteppingClock()
    let store = Self.makeStore(clock: clock)
    let first = store.send(.queryChanged("s"))
    clock.advance(by: .milliseconds(100))
    let second = store.send(.queryChanged("sw"))
    clock.advance(by: .milliseconds(299))
    #expect(store.state == [])
    let last = store.send(.queryChanged("swift"))
    await first.finish()
    await second.finish()
    clock.advance(by: .milliseconds(299))
    #expect(store.state == [])
    clock.advance(by: .milliseconds(1))
    await last.finish()
    #expect(store.state == ["swift"])
  }

  @Test func debounceCanBeCancelledByID() async {
    let clock = SteppingClock()
    let store = Self.makeStore(clock: clock)
    let task = store.send(.queryChanged("s"))
    store.cancel("search")
    clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == [])
  }

  /// SwiftTea had no throttle.
  @Test(.tags(.replacedLibraryDefect))
  func throttleWithLatestRunsTheLastEffectOfTheWindow() async {
    let clock = SteppingClock()
    let store = Self.makeStore(clock: clock, latest: true)
    await store.send(.throttled("a")).finish()
    #expect(store.state == ["a"])
    clock.advance(by: .milliseconds(100))
    let replaced = store.send(.throttled("b"))
    clock.advance(by: .milliseconds(100))
    let last = store.send(.throttled("c"))
    await replaced.finish()
    clock.advance(by: .milliseconds(799))
    #expect(store.state == ["a"])
    clock.advance(by: .milliseconds(1))
    await last.finish()
    #expect(store.state == ["a", "c"])
    clock.advance(by: .seconds(5))
    await store.send(.throttled("d")).finish()
    #expect(store.state == ["a", "c", "d"])
  }

  @Test func throttleWithoutLatestRunsTheFirstEffectOfTheWindow() async {
    let clock = SteppingClock()
    let store = Self.makeStore(clock: clock, latest: false)
    store.send(.throttled("a"))
    clock.advance(by: .milliseconds(100))
    let kept = store.send(.throttled("b"))
    clock.advance(by: .milliseconds(100))
    let dropped = store.send(.throttled("c"))
    clock.advance(by: .milliseconds(800))
    await kept.finish()
    await dropped.finish()
    #expect(store.state == ["a", "b"])
  }

  @Test func throttledEffectWaitingForItsWindowCanBeCancelled() async {
    let clock = SteppingClock()
    let store = Self.makeStore(clock: clock)
    await store.send(.throttled("a")).finish()
    let waiting = store.send(.throttled("b"))
    store.cancel("throttle")
    clock.advance(by: .seconds(2))
    await waiting.finish()
    #expect(store.state == ["a"])
  }

  /// SwiftTea had nothing that ran effects one after another.
  @Test(.tags(.replacedLibraryDefect))
  func concatenateRunsChildrenOneAfterAnother() async {
    let clock = SteppingClock()
    let firstChildRunning = Gate()
    let store = Self.makeStore(clock: clock, firstChildRunning: firstChildRunning)
    let task = store.send(.concatenate)
    await firstChildRunning.wait()
    #expect(store.state == [], "the second child ran before the first finished")
    clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == ["first, after a second", "second", "third"])
  }

  @Test func cancellingAConcatenationStopsItBeforeTheNextChild() async {
    let clock = SteppingClock()
    let firstChildRunning = Gate()
    let store = Store(initialState: [String]()) { (log: inout [String], action: Action) in
      switch action {
      case .concatenate:
        let deadline = clock.deadline(after: .seconds(1))
        return Effect.concatenate(
          .run { _ in
            firstChildRunning.open()
            try await clock.sleep(until: deadline)
          },
          .send(.log("after the sleep"))
        )
        .cancellable(id: "chain")
      case .log(let entry):
        log.append(entry)
        return .none
      default:
        return .none
      }
    }
    let task = store.send(.concatenate)
    await firstChildRunning.wait()
    store.cancel("chain")
    clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state == [])
  }

  /// The first engine never removed throttle windows.
  @Test func throttleWindowsOfIDsUsedOnceAreRemovedWhenTheyEnd() async {
    let clock = SteppingClock()
    let store = Store(initialState: 0) { (count: inout Int, id: Int) in
      count += 1
      return Effect.run { _ in }.throttle(id: id, for: .seconds(1), clock: clock, latest: false)
    }
    for id in 0..<1_000 { store.send(id) }
    await store.finishEffects()
    #expect(store.openThrottleWindowCount == 1_000)
    clock.advance(by: .seconds(1))
    await store.throttleWindowsSettled()
    #expect(store.openThrottleWindowCount == 0, "windows that ended stayed in memory")
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
