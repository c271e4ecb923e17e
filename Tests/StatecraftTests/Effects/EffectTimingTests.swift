import Clocks
import ConcurrencyExtras
import Statecraft
import StatecraftTesting
import Testing

extension MainSerialExecutorTests {
/// Effects that wait on a clock. `withMainSerialExecutor` runs every task on the main executor in
/// FIFO order, so `TestClock.advance` sees each sleeper registered: these tests are deterministic.
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

  static func makeStore(clock: TestClock<Duration>, latest: Bool = true) -> Store<[String], Action, Void> {
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
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.log("first, after a second"))
          },
          .send(.log("second")),
          .run { send in await send(.log("third")) }
        )
      }
    }
  }

  @Test("Seed defect: no debounce", .tags(.seedDefect))
  func debounceRunsOnlyTheLastEffectOfABurst() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Self.makeStore(clock: clock)
      store.send(.queryChanged("s"))
      await clock.advance(by: .milliseconds(100))
      store.send(.queryChanged("sw"))
      await clock.advance(by: .milliseconds(299))
      #expect(store.state == [])
      let last = store.send(.queryChanged("swift"))
      await clock.advance(by: .milliseconds(299))
      #expect(store.state == [])
      await clock.advance(by: .milliseconds(1))
      await last.finish()
      #expect(store.state == ["swift"])
    }
  }

  @Test func debounceCanBeCancelledByID() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Self.makeStore(clock: clock)
      let task = store.send(.queryChanged("s"))
      store.cancel("search")
      await clock.advance(by: .seconds(1))
      await task.finish()
      #expect(store.state == [])
    }
  }

  @Test("Seed defect: no throttle", .tags(.seedDefect))
  func throttleWithLatestRunsTheLastEffectOfTheWindow() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Self.makeStore(clock: clock, latest: true)
      store.send(.throttled("a"))
      await Task.megaYield()
      #expect(store.state == ["a"])
      await clock.advance(by: .milliseconds(100))
      store.send(.throttled("b"))
      await clock.advance(by: .milliseconds(100))
      let last = store.send(.throttled("c"))
      await clock.advance(by: .milliseconds(799))
      #expect(store.state == ["a"])
      await clock.advance(by: .milliseconds(1))
      await last.finish()
      #expect(store.state == ["a", "c"])
      await clock.advance(by: .seconds(5))
      await store.send(.throttled("d")).finish()
      #expect(store.state == ["a", "c", "d"])
    }
  }

  @Test func throttleWithoutLatestRunsTheFirstEffectOfTheWindow() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Self.makeStore(clock: clock, latest: false)
      store.send(.throttled("a"))
      await clock.advance(by: .milliseconds(100))
      let kept = store.send(.throttled("b"))
      await clock.advance(by: .milliseconds(100))
      let dropped = store.send(.throttled("c"))
      await clock.advance(by: .milliseconds(800))
      await kept.finish()
      await dropped.finish()
      #expect(store.state == ["a", "b"])
    }
  }

  @Test func throttledEffectWaitingForItsWindowCanBeCancelled() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Self.makeStore(clock: clock)
      await store.send(.throttled("a")).finish()
      let waiting = store.send(.throttled("b"))
      store.cancel("throttle")
      await clock.advance(by: .seconds(2))
      await waiting.finish()
      #expect(store.state == ["a"])
    }
  }

  @Test("Seed defect: nothing runs effects one after another", .tags(.seedDefect))
  func concatenateRunsChildrenOneAfterAnother() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Self.makeStore(clock: clock)
      let task = store.send(.concatenate)
      await Task.megaYield()
      #expect(store.state == [], "the second child ran before the first finished")
      await clock.advance(by: .seconds(1))
      await task.finish()
      #expect(store.state == ["first, after a second", "second", "third"])
    }
  }

  @Test func cancellingAConcatenationStopsItBeforeTheNextChild() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Store(initialState: [String]()) { (log: inout [String], action: Action) in
        switch action {
        case .concatenate:
          return Effect.concatenate(
            .run { _ in try await clock.sleep(for: .seconds(1)) },
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
      await Task.megaYield()
      store.cancel("chain")
      await clock.advance(by: .seconds(2))
      await task.finish()
      #expect(store.state == [])
    }
  }
}
}
