import Clocks
import IssueReporting
import Statecraft
import StatecraftTesting
import XCTest

/// The test store under XCTest: the same API, and failures reported at the caller's line.
final class TestStoreXCTests: XCTestCase {
  enum Action: Equatable, Sendable { case tick, ticked }

  @MainActor
  func testAStoreUnderXCTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) { (count: inout Int, action: Action) -> Effect<Action> in
      switch action {
      case .tick:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.ticked)
        }
      case .ticked:
        count += 1
        return .none
      }
    }
    await store.send(.tick)
    await clock.advance(by: .seconds(1))
    await store.receive(.ticked) { $0 = 1 }
    await store.finish()
  }

  @MainActor
  func testAFailureIsReportedAtTheLineOfTheSend() async {
    let collector = IssueCollector()
    var line: UInt = 0
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: 0) { (count: inout Int, _: Action) -> Effect<Action> in
        count += 1
        return .none
      }
      await store.send(.tick) { $0 = 2 }; line = #line
    }
    XCTAssertEqual(collector.lines, [line])
  }

  /// Releasing the store with an effect running reports to the test that owns it, under XCTest.
  @MainActor
  func testReleasingTheStoreReportsToTheTestThatOwnsIt() async {
    let collector = IssueCollector()
    var line: UInt = 0
    let clock = TestClock()
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: 0) { (_: inout Int, _: Action) -> Effect<Action> in
        .run { _ in try await clock.sleep(for: .seconds(1)) }
      }
      await store.send(.tick); line = #line
    }
    XCTAssertEqual(collector.lines, [line])
  }
}
