import CustomDump
import IssueReporting
import Statecraft

/// Tests a store, a running declarative machine or a running statechart exhaustively, as The
/// Composable Architecture's `TestStore` does: every action's state change is asserted, every
/// action an effect sends back is received, and every effect has finished by the end of the test.
///
/// ```swift
/// @Test func search() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: SearchState(), reducer: searchReducer, environment: .mock(clock))
///   await store.send(.queryChanged("sw")) { $0.query = "sw" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.results(["swift"])) { $0.results = ["swift"] }
/// }
/// ```
///
/// - ``send(_:assert:fileID:filePath:line:column:)`` sends an action; the closure turns the state
///   before it into the state expected after it. A mismatch fails the test with a diff, at the
///   line of the `send`.
/// - ``receive(_:assert:fileID:filePath:line:column:)`` asserts the next action an effect sent
///   back, and the state change it made.
/// - ``finish(fileID:filePath:line:column:)``, or releasing the test store, fails the test for
///   every action received but not asserted and every effect still running, naming each and the
///   line that started it.
/// - ``exhaustivity`` `.off` checks only what the test asserts.
///
/// **No sleeping, no yielding until it works.** The test store runs every task of its owner (its
/// effects, side effects, invocations and timers) on an executor of its own, which knows when it
/// has nothing left to run. Before `receive` looks for an action, and before `finish` checks what
/// is still running, the test store waits until that executor is idle and the main actor has run
/// what was queued on it: at that point every effect has finished or is suspended, on a clock that
/// has not reached its deadline, on a stream the test has not fed, or on something outside
/// Statecraft. `send` returns once the action's effects have gone as far as they can, so a test
/// that advances its clock next finds them waiting on it. Time comes from the clock you inject:
/// swift-clocks' `TestClock`, or ``InstantClock`` for time that passes instantly.
///
/// Where it stops: work an effect hands to something that is not a task of its own (a
/// `Task.detached`, a callback of a system framework, a thread, a real clock) is not on the test
/// store's executor. The test store does not wait for it; when it comes back with an action, that
/// action is there for a later `receive`. swift-clocks' `ImmediateClock` is such a case: every
/// sleep yields through detached background tasks. Use ``InstantClock`` instead.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How much the test store insists on. `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  private let subject: TestStoreSubject<State, Action>
  private let executor: TestExecutor
  private let recorder: TestStoreRecorder
  private let callSite: CallSite
  private var readRecords = 0
  private var lastKnownState: State
  /// Actions effects sent back, not yet received, with the state changes they made.
  private var received: [Received] = []
  /// State changes that no action made, such as a chart's delayed transition.
  private var unpromptedChanges: [(before: State, after: State)] = []
  /// Effects started and not yet finished or cancelled, by their number.
  private var inFlight: [UInt64: InspectedEffect] = [:]
  /// What the last `received` record was, to pair it with the `stateUpdated` that follows.
  private var lastMessage: LastMessage = .none
  /// While `send` runs: the state change its own action made.
  private var sending: Sending?
  private var isFinished = false
  /// What a non-exhaustive test store skipped, as its messages: for tests of the test store.
  package private(set) var skippedAssertions: [String] = []

  private struct Received {
    let action: Action
    let callSite: CallSite?
    var before: State
    var after: State
  }

  private enum LastMessage {
    case none
    case sent
    case received(Int)
    case other
  }

  private struct Sending {
    var sawAction = false
    var change: (before: State, after: State)?
  }

  /// Creates a test store over `subject`, created by `make` with the test store's executor,
  /// inspector and diagnostics handler in effect.
  init(
    callSite: CallSite,
    make: (_ executor: TestExecutor, _ recorder: TestStoreRecorder) -> TestStoreSubject<State, Action>
  ) {
    let executor = TestExecutor()
    let recorder = TestStoreRecorder()
    self.executor = executor
    self.recorder = recorder
    self.callSite = callSite
    self.subject = make(executor, recorder)
    self.lastKnownState = subject.currentState()
  }

  isolated deinit {
    if !isFinished {
      drainRecords()
      checkCompletion(at: callSite)
    }
    subject.cancelEffects()
  }

  /// The owner's current state.
  public var state: State { subject.currentState() }

  // MARK: Sending

  /// Sends an action and asserts the state change it makes: `assert` turns the state before the
  /// action into the state expected after it. Without `assert`, the state must not change.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// In exhaustive mode every action effects sent back must have been received first.
  public func send(
    _ action: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard checkNotFinished(at: callSite) else { return }
    await settle()
    drainRecords()
    checkNothingPending(before: "sending an action", at: callSite)
    let before = subject.currentState()
    sending = Sending()
    await subject.send(action, callSite)
    // The action's effects run as far as they can before `send` returns: a test that advances a
    // clock next finds them waiting on it.
    await settle()
    drainRecords()
    let change = sending?.change ?? (before, subject.currentState())
    sending = nil
    assertChange(assert, before: change.before, after: change.after, at: callSite)
  }

  // MARK: Receiving

  /// Asserts that the next action an effect sent back is `expected`, and the state change it made.
  /// If none has arrived, the test store first lets every effect run as far as it can.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.timerTicked) { $0.ticks = 1 }
  /// ```
  public func receive(
    _ expected: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expected }, describing: expected,
      unexpected: { received in
        diff(expected, received, format: .proportional).map {
          "\n\n\($0.indent(by: 2))\n\n(Expected: −, Received: +)"
        } ?? ""
      },
      assert: assert,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next action an effect sent back satisfies `matches`, and the state change it
  /// made.
  ///
  /// ```swift
  /// await store.receive(where: { if case .results = $0 { true } else { false } }) {
  ///   $0.results = ["swift"]
  /// }
  /// ```
  public func receive(
    where matches: (Action) -> Bool,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      matching: matches, describing: "an action matching the predicate",
      unexpected: { received in "\n\n\(String(customDumping: received).indent(by: 2))" },
      assert: assert,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func receive(
    matching matches: (Action) -> Bool, describing expected: Any,
    unexpected: (Action) -> String,
    assert: ((inout State) throws -> Void)?, callSite: CallSite
  ) async {
    guard checkNotFinished(at: callSite) else { return }
    await settle()
    drainRecords()
    checkNoUnpromptedChanges(at: callSite)
    guard !received.isEmpty else {
      fail(
        """
        Expected to receive \(describe(expected)), but received none. Every effect has run as far \
        as it can: it may wait on a clock to advance, on a stream to be fed, or on work outside \
        the test store.
        """, at: callSite)
      return
    }
    let index: Int
    if exhaustivity == .on {
      guard matches(received[0].action) else {
        let next = received.removeFirst()
        fail("Received unexpected action: \(describe(next.action))\(unexpected(next.action))", at: callSite)
        return
      }
      index = 0
    } else {
      guard let found = received.firstIndex(where: { matches($0.action) }) else {
        fail(
          "Expected to receive \(describe(expected)), but received none; received \(received.map { describe($0.action) }.joined(separator: ", ")).",
          at: callSite)
        return
      }
      for skipped in received[..<found] {
        skip("Skipped receiving \(describe(skipped.action)).", at: callSite)
      }
      index = found
    }
    let next = received[index]
    received.removeSubrange(...index)
    assertChange(assert, before: next.before, after: next.after, at: callSite)
  }

  /// Asserts a state change that no action made: a statechart's delayed transition, which its
  /// clock fires.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(30))
  /// await store.receiveStateChange { $0.configuration = [.active, .paused] }
  /// ```
  public func receiveStateChange(
    assert: (inout State) throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard checkNotFinished(at: callSite) else { return }
    await settle()
    drainRecords()
    guard !unpromptedChanges.isEmpty else {
      fail("Expected a state change that no action made, but the state did not change.", at: callSite)
      return
    }
    let change = unpromptedChanges.removeFirst()
    withoutActuallyEscaping(assert) { assert in
      assertChange(assert, before: change.before, after: change.after, at: callSite)
    }
  }

  // MARK: Finishing

  /// Lets every effect run as far as it can, then fails the test for each action received but not
  /// asserted and each effect still running, unless ``exhaustivity`` is off.
  ///
  /// Releasing the test store checks the same, without waiting.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard checkNotFinished(at: callSite) else { return }
    await settle()
    drainRecords()
    checkCompletion(at: callSite)
    isFinished = true
  }

  /// Drops every action received and not asserted yet. With `strict`, it fails if there is none.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    drainRecords()
    if received.isEmpty, strict {
      fail("There were no received actions to skip.", at: callSite)
    }
    for action in received { skip("Skipped receiving \(describe(action.action)).", at: callSite) }
    if let last = received.last { lastKnownState = last.after }
    received = []
  }

  /// Cancels every effect still running, and stops expecting it to finish. With `strict`, it
  /// fails if there is none.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    drainRecords()
    if inFlight.isEmpty, strict {
      fail("There were no in-flight effects to skip.", at: callSite)
    }
    for effect in inFlight.values.sorted(by: { $0.number < $1.number }) {
      skip("Skipped an in-flight effect: \(describe(effect)).", at: callSite)
    }
    subject.cancelEffects()
    await settle()
    drainRecords()
    inFlight = [:]
  }

  // MARK: Settling

  /// Waits until every effect has run as far as it can: the test store's executor has nothing to
  /// run, and the main actor has run what was queued on it, with nothing new happening since.
  private func settle() async {
    while true {
      await executor.waitUntilIdle()
      let mark = (recorder.count, executor.jobsRun)
      // Runs what the main actor has queued: effects' main-actor steps, such as sending an action
      // back to a store. What they start lands on the executor or in the records.
      await Task.yield()
      if executor.isIdle, mark == (recorder.count, executor.jobsRun) { return }
    }
  }

  /// Reads the records that arrived since the last call.
  private func drainRecords() {
    let records = recorder.records(from: readRecords)
    readRecords += records.count
    for record in records {
      switch record.kind {
      case .received(let value):
        guard let action = subject.action(value.value) else {
          lastMessage = .other
          continue
        }
        if sending?.sawAction == false {
          sending?.sawAction = true
          lastMessage = .sent
          continue
        }
        received.append(
          Received(action: action, callSite: record.callSite, before: lastKnownState, after: lastKnownState))
        lastMessage = .received(received.count - 1)
      case .stateUpdated(let before, let after):
        guard let before = subject.state(before.value), let after = subject.state(after.value) else {
          continue
        }
        switch lastMessage {
        case .sent:
          sending?.change = (before, after)
        case .received(let index):
          received[index].before = before
          received[index].after = after
        case .none, .other:
          if before != after { unpromptedChanges.append((before, after)) }
        }
        lastKnownState = after
        lastMessage = .none
      case .effectStarted(let effect):
        inFlight[effect.number] = effect
      case .effectFinished(let effect), .effectCancelled(let effect):
        inFlight[effect.number] = nil
      case .diagnostic:
        break
      }
    }
  }

  // MARK: Checking

  private func assertChange(
    _ assert: ((inout State) throws -> Void)?, before: State, after: State, at callSite: CallSite
  ) {
    lastKnownState = after
    var expected = exhaustivity == .on ? before : after
    do {
      try assert?(&expected)
    } catch {
      fail("The assertion closure threw: \(error)", at: callSite)
      return
    }
    if expected != after {
      let difference = diff(expected, after, format: .proportional).map {
        "\n\n\($0.indent(by: 2))\n\n(Expected: −, Actual: +)"
      } ?? ""
      fail(
        assert == nil && exhaustivity == .on
          ? "State was not expected to change, but a change occurred:\(difference)"
          : "A state change does not match expectation:\(difference)",
        at: callSite)
      return
    }
    guard exhaustivity != .on else { return }
    // Non-exhaustive: what the change did that the assertion did not say is a skipped assertion.
    var asserted = before
    try? assert?(&asserted)
    if asserted != after, let difference = diff(asserted, after, format: .proportional) {
      skip(
        "A state change was not asserted:\n\n\(difference.indent(by: 2))\n\n(Asserted: −, Actual: +)",
        at: callSite)
    }
  }

  /// In exhaustive mode, nothing may be pending when the test sends an action.
  private func checkNothingPending(before what: String, at callSite: CallSite) {
    checkNoUnpromptedChanges(at: callSite)
    guard !received.isEmpty else { return }
    let list = received.map { "  • \(describe($0.action))\(origin($0.callSite))" }.joined(separator: "\n")
    if exhaustivity == .on {
      fail(
        """
        Must handle \(received.count) received action\(received.count == 1 ? "" : "s") before \(what):

        \(list)

        Assert \(received.count == 1 ? "it" : "them") with receive(_:), or skip \(received.count == 1 ? "it" : "them") with skipReceivedActions().
        """, at: callSite)
    } else {
      for action in received { skip("Skipped receiving \(describe(action.action)).", at: callSite) }
    }
    if let last = received.last { lastKnownState = last.after }
    received = []
  }

  private func checkNoUnpromptedChanges(at callSite: CallSite) {
    guard !unpromptedChanges.isEmpty else { return }
    for change in unpromptedChanges {
      let difference = diff(change.before, change.after, format: .proportional) ?? ""
      let message =
        "The state changed without an action, such as by a delayed transition, and the change was not asserted:\n\n\(difference.indent(by: 2))\n\nAssert it with receiveStateChange(assert:)."
      if exhaustivity == .on { fail(message, at: callSite) } else { skip(message, at: callSite) }
    }
    unpromptedChanges = []
  }

  /// What ``finish(fileID:filePath:line:column:)`` and releasing the test store check.
  private func checkCompletion(at callSite: CallSite) {
    checkNoUnpromptedChanges(at: callSite)
    if !received.isEmpty {
      let list = received.map { "  • \(describe($0.action))\(origin($0.callSite))" }.joined(separator: "\n")
      let message = """
        The store received \(received.count) unexpected action\(received.count == 1 ? "" : "s"):

        \(list)

        Assert \(received.count == 1 ? "it" : "them") with receive(_:), or skip \(received.count == 1 ? "it" : "them") with skipReceivedActions().
        """
      if exhaustivity == .on { fail(message, at: callSite) } else { skip(message, at: callSite) }
      received = []
    }
    for effect in inFlight.values.sorted(by: { $0.number < $1.number }) {
      let message = """
        An effect is still running: \(describe(effect)). It must finish before the end of the test: \
        advance the clock it waits on, feed or finish the stream it reads, send the action that \
        cancels it, or skip it with skipInFlightEffects().
        """
      if exhaustivity == .on {
        fail(message, at: effect.callSite ?? callSite)
      } else {
        skip(message, at: effect.callSite ?? callSite)
      }
    }
    inFlight = [:]
  }

  private func checkNotFinished(at callSite: CallSite) -> Bool {
    guard isFinished else { return true }
    fail("The test store was used after finish().", at: callSite)
    return false
  }

  // MARK: Reporting

  private func fail(_ message: String, at callSite: CallSite) {
    reportIssue(
      message, fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line,
      column: callSite.column)
  }

  /// A skipped assertion of a non-exhaustive test store: a known issue with
  /// `showSkippedAssertions`, nothing otherwise.
  private func skip(_ message: String, at callSite: CallSite) {
    skippedAssertions.append(message)
    guard case .off(showSkippedAssertions: true) = exhaustivity else { return }
    withExpectedIssue(fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line, column: callSite.column) {
      reportIssue(
        message, fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line,
        column: callSite.column)
    }
  }

  private func describe(_ value: Any) -> String {
    String(customDumping: value)
  }

  private func describe(_ effect: InspectedEffect) -> String {
    "effect #\(effect.number)" + (effect.id.map { " (id \(String(customDumping: $0.base)))" } ?? "")
      + (effect.callSite.map { ", started at \($0)" } ?? "")
  }

  private func origin(_ callSite: CallSite?) -> String {
    callSite.map { ", sent from \($0)" } ?? ""
  }
}

extension String {
  fileprivate func indent(by spaces: Int) -> String {
    let padding = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : padding + $0 }
      .joined(separator: "\n")
  }
}
