import Clocks
import IssueReporting
import Statecraft
import StatecraftTesting
import Synchronization
import Testing

/// The exact text of each kind of failure a test store reports: failure messages are API. Diffs
/// come from swift-custom-dump, whose unchanged lines start with a figure space (U+2007).
@MainActor
@Suite("TestStore: failure messages", .timeLimit(.minutes(1)))
struct TestStoreMessageTests {
  struct Counter: Equatable {
    var count = 0
    var label = ""
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementLater
    case incremented
    case wait
  }

  static func reducer(_ clock: TestClock<Duration>) -> (inout Counter, Action) -> Effect<Action> {
    { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .run { send in await send(.incremented) }
      case .incremented:
        state.count += 1
        return .none
      case .wait:
        return .run { _ in try await clock.sleep(for: .seconds(10)) }
      }
    }
  }

  /// The messages of the issues `body` reports, instead of failing the test.
  func issues(_ body: () async -> Void) async -> [String] {
    let collector = IssueCollector()
    await withIssueReporters([collector]) { await body() }
    return collector.messages
  }

  @Test func failuresAreReportedAtTheLineOfTheCall() async {
    let collector = IssueCollector()
    var lines: [UInt] = []
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.increment) { $0.count = 5 }; lines.append(#line)
      await store.receive(.incremented); lines.append(#line)
      await store.send(.wait) { $0.count = 7 }; lines.append(#line)
      await store.skipInFlightEffects()
    }
    #expect(collector.lines == lines)
  }

  @Test func aStateMismatch() async {
    let messages = await issues {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(
      messages == [
        """
        A state change does not match expectation:

          \u{2007} TestStoreMessageTests.Counter(
          −   count: 2,
          +   count: 1,
          \u{2007}   label: ""
          \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func aStateChangeWithoutAnExpectation() async {
    let messages = await issues {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.increment)
    }
    #expect(
      messages == [
        """
        State was not expected to change, but a change occurred:

          \u{2007} TestStoreMessageTests.Counter(
          −   count: 0,
          +   count: 1,
          \u{2007}   label: ""
          \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func anUnexpectedAction() async {
    let messages = await issues {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.incrementLater)
      await store.receive(.increment) { $0.count = 1 }
    }
    #expect(
      messages == [
        """
        Received unexpected action: TestStoreMessageTests.Action.incremented

          − TestStoreMessageTests.Action.increment
          + TestStoreMessageTests.Action.incremented

        (Expected: −, Received: +)
        """
      ])
  }

  @Test func anActionExpectedButNotReceived() async {
    let messages = await issues {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.increment) { $0.count = 1 }
      await store.receive(.incremented) { $0.count = 2 }
    }
    #expect(
      messages == [
        """
        Expected to receive TestStoreMessageTests.Action.incremented, but received none. Every \
        effect has run as far as it can: it may wait on a clock to advance, on a stream to be fed, \
        or on work outside the test store.
        """
      ])
  }

  /// Reported at the test's `send` that started it, as a TCA user expects, naming the action and
  /// the effect's own line.
  @Test func anUnfinishedEffect() async {
    let collector = IssueCollector()
    var sendLine: UInt = 0
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.wait); sendLine = #line
      await store.finish()
    }
    #expect(
      collector.messages == [
        """
        An effect is still running: effect #1, started at \
        StatecraftTestingTests/TestStoreMessageTests.swift:37:21 by TestStoreMessageTests.Action.wait, \
        during the test's call at StatecraftTestingTests/TestStoreMessageTests.swift:\(sendLine):23. It \
        must finish before the end of the test: advance the clock it waits on, feed or finish the \
        stream it reads, send the action that cancels it, or skip it with skipInFlightEffects().
        """
      ])
    #expect(collector.lines == [sendLine])
  }

  /// Releasing the store checks what `finish()` does, and the failure reaches the test that owns
  /// the store: its issue reporters, and Swift Testing's `withKnownIssue`.
  @Test func releasingTheStoreWithAnEffectRunningFailsTheTestThatOwnsIt() async {
    let collector = IssueCollector()
    var sendLine: UInt = 0
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.wait); sendLine = #line
    }
    #expect(collector.lines == [sendLine])
    #expect(collector.messages.first?.hasPrefix("An effect is still running: effect #1") == true)

    await withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.wait)
    }
  }

  @Test func anActionReceivedButNotAsserted() async {
    let messages = await issues {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.incrementLater)
      await store.finish()
    }
    #expect(
      messages == [
        """
        The store received 1 unexpected action:

          • TestStoreMessageTests.Action.incremented, sent from \
        StatecraftTestingTests/TestStoreMessageTests.swift:32:21

        Assert it with receive(_:), or skip it with skipReceivedActions().
        """
      ])
  }

  /// A failure reaches Swift Testing itself, not only a collector: were it lost (as IssueReporting
  /// could lose it in a release build), `withKnownIssue` would fail the test. `.ci/run` runs this
  /// suite in the release configuration too.
  @Test func aFailureIsRecordedBySwiftTesting() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.increment) { $0.count = 2 }
    }
  }

  @Test func anAssertionThatChangesNothing() async {
    let messages = await issues {
      let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
      await store.send(.incrementLater) { $0.count = 0 }
      await store.receive(.incremented) { $0.count = 1 }
    }
    #expect(
      messages == [
        """
        Expected state to change, but no change occurred. The trailing closure made no observable \
        modifications to state. If no change to state is expected, omit the trailing closure.
        """
      ])
  }

  /// An effect that never lets the test store's executor go idle is reported, not waited on for
  /// ever.
  @Test func effectsThatNeverSettle() async {
    let messages = await issues {
      let store = TestStore(initialState: Counter()) { (state: inout Counter, action: Action) in
        .run { _ in
          while !Task.isCancelled { await Task.yield() }
        }
      }
      await store.send(.wait)
    }
    #expect(messages.first?.hasPrefix("Effects kept running through 100000 steps without settling") == true)
  }

  /// A diagnostic of the store is reported at the line of the code that caused it.
  @Test func aDiagnosticOfTheStore() async {
    struct Failure: Error {}
    let collector = IssueCollector()
    var line: UInt = 0
    await withIssueReporters([collector]) {
      let store = TestStore(initialState: Counter()) { (state: inout Counter, action: Action) in
        .run { _ in throw Failure() }
      }
      line = #line - 2
      await store.send(.wait)
    }
    #expect(collector.lines == [line])
    #expect(collector.messages.first?.contains("Failure()") == true)
  }

  /// Without `showSkippedAssertions`, a non-exhaustive test store runs the assertion closure once,
  /// on the state after.
  @Test func aNonExhaustiveAssertionRunsOnce() async {
    let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
    store.exhaustivity = .off
    var runs = 0
    await store.send(.increment) {
      runs += 1; $0.count = 1
    }
    #expect(runs == 1)
  }

  /// `finish()` checks what is pending; the test store stays usable after it.
  @Test func aTestStoreIsUsableAfterFinish() async {
    let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
    await store.send(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func skippedAssertionsInNonExhaustiveMode() async {
    let store = TestStore(initialState: Counter(), reducer: Self.reducer(TestClock()))
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.incrementLater)
    await store.send(.increment)
    await store.finish()
    #expect(
      store.skippedAssertions == [
        "Skipped receiving TestStoreMessageTests.Action.incremented.",
        """
        A state change was not asserted:

          \u{2007} TestStoreMessageTests.Counter(
          −   count: 1,
          +   count: 2,
          \u{2007}   label: ""
          \u{2007} )

        (Asserted: −, Actual: +)
        """,
      ])
  }
}

/// An issue reporter that keeps the messages, and lines, of the issues reported to it.
final class IssueCollector: IssueReporter {
  private let recorded = Mutex<[(message: String, line: UInt)]>([])

  var messages: [String] { recorded.withLock { $0.map(\.message) } }
  var lines: [UInt] { recorded.withLock { $0.map(\.line) } }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    recorded.withLock { $0.append((text, line)) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) {
    let text = message() ?? ""
    recorded.withLock { $0.append(("expected: " + text, line)) }
  }
}
