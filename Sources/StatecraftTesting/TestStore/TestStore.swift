import CustomDump
import IssueReporting
import Statecraft

/// Tests a store, a running declarative machine or a running statechart exhaustively, as The
/// Composable Architecture's `TestStore` does: every action's state change is asserted, every
/// action an effect sends back is received, and every effect has finished by the end of the test.
///
/// ```swift
/// struct SearchState: Equatable { var query = ""; var results: [String] = [] }
/// enum SearchAction: Equatable, Sendable { case queryChanged(String), results([String]) }
///
/// struct SearchEnvironment {
///   var clock: any Clock<Duration>
///   var search: @Sendable (String) async throws -> [String]
///   static func mock(_ clock: some Clock<Duration>) -> Self {
///     Self(clock: clock, search: { _ in ["swift"] })
///   }
/// }
///
/// func searchReducer(
///   state: inout SearchState, action: SearchAction, environment: SearchEnvironment
/// ) -> Effect<SearchAction> {
///   switch action {
///   case .queryChanged(let query):
///     state.query = query
///     return .run { send in
///       try await environment.clock.sleep(for: .milliseconds(300))   // typing pauses
///       await send(.results(try await environment.search(query)))
///     }
///     .cancellable(id: "search", cancelInFlight: true)
///   case .results(let results):
///     state.results = results
///     return .none
///   }
/// }
/// ```
///
/// ```swift
/// import Clocks
/// import StatecraftTesting
/// import Testing
///
/// @MainActor
/// @Test func searchShowsResultsOnceTypingPauses() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: SearchState(), environment: .mock(clock), reducer: searchReducer)
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
///   back, and the state change it made. What happened is asserted in the order it happened:
///   actions effects sent back, and state changes no action made
///   (``receiveStateChange(assert:fileID:filePath:line:column:)``).
/// - ``finish(fileID:filePath:line:column:)``, or releasing the test store, fails the test for
///   every action received but not asserted and every effect still running. An effect still
///   running is reported at the test's line that started it (the `send`, or `finish` if no call
///   of the test did), naming the action that started it and the effect's own line. Releasing the
///   store reports to the test that released it, its `withKnownIssue` and issue reporters
///   included.
/// - ``exhaustivity`` `.off` checks only what the test asserts.
/// - The owner's diagnostics (an effect that throws, an event with no transition) fail the test at
///   the line of the code that caused them.
///
/// **No sleeping, no yielding until it works.** The test store runs every task of its owner (its
/// effects, side effects, invocations and timers) on an executor of its own, which knows when it
/// has nothing left to run. Before `receive` looks for an action, and before `finish` checks what
/// is still running, the test store waits until that executor is idle and the main actor has run
/// what was queued on it: at that point every effect has finished or is suspended, on a clock that
/// has not reached its deadline, on a stream the test has not fed, or on something outside
/// Statecraft. `send` returns once the action's effects have gone as far as they can, so a test
/// that advances its clock next finds them waiting on it. Time comes from the clock you inject:
/// swift-clocks' `TestClock`, ``SettlingTestClock``, or ``InstantClock`` for time that passes
/// instantly.
///
/// Where it stops:
/// - Child tasks of an effect (`async let`, task groups) run on the test store's executor. A new
///   unstructured task (`Task {}` as much as `Task.detached`) does not: it inherits no executor.
///   Neither does work an actor with a custom executor runs, a callback of a system framework, a
///   thread, or a real clock. The test store does not wait for that work; when it comes back with
///   an action, that action is there for a later `receive`.
/// - Main-actor code in an effect is waited for one hop at a time: a `@MainActor` effect that
///   suspends and resumes on the main actor twice without sending anything may still be running.
/// - swift-clocks' `ImmediateClock` yields through detached tasks on every sleep: use
///   ``InstantClock`` instead.
/// - The executor is serial: effects that need to run in parallel (one waiting on a semaphore that
///   another signals) deadlock, and CPU-heavy effects take turns.
/// - Effects that never stop working (a loop that polls with `Task.yield()`) cannot settle: after
///   100,000 steps the test store reports them, rather than hang.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How much the test store insists on. `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  let subject: TestStoreSubject<State, Action>
  private let executor: TestExecutor
  private let recorder: TestStoreRecorder
  private let callSite: CallSite
  private var readRecords = 0
  /// The owner's state as of the last record read.
  private var lastKnownState: State
  /// What happened and was not asserted yet, in the order it happened: actions effects sent back,
  /// with the state changes they made, and state changes that no action made.
  private var pending: [Pending] = []
  private var nextReceivedID = 0
  /// Effects started and not yet finished or cancelled, by their number.
  private var inFlight: [UInt64: InspectedEffect] = [:]
  /// What started each effect in flight: the test's call during which it started, and the action
  /// being processed then.
  private var origins: [UInt64: EffectOrigin] = [:]
  /// The test's call being served (a `send`, a `receive`, `finish`…): effects that start now are
  /// that call's, and an unfinished one is reported at its line.
  private var currentCall: CallSite?
  /// The action processed last, to name the action that started an effect.
  private var currentAction: String?
  /// What the step's first `received` record was, to pair it with the step's `stateUpdated`.
  private var lastMessage: LastMessage = .none
  /// While `send` runs: the state change its own action made.
  private var sending: Sending?
  /// What a non-exhaustive test store skipped, as its messages: for tests of the test store.
  package private(set) var skippedAssertions: [String] = []

  private enum Pending {
    case action(Received)
    case change(before: State, after: State)

    var isAction: Bool {
      if case .action = self { true } else { false }
    }
  }

  private struct Received {
    let id: Int
    let action: Action
    let callSite: CallSite?
    var before: State
    var after: State
  }

  private enum LastMessage {
    case none
    case sent
    /// An action received, by its ``Received/id``: a `receive` may have taken it out since.
    case received(Int)
    case other
  }

  private struct EffectOrigin {
    /// The line of the test's call during which the effect started, if one was being served.
    var call: CallSite?
    /// The action that was being processed, described.
    var action: String?
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
    let recorder = TestStoreRecorder(executor: executor)
    self.executor = executor
    self.recorder = recorder
    self.callSite = callSite
    #if DEBUG
      self.subject = make(executor, recorder).checkedOutsideDeinit()
    #else
      self.subject = make(executor, recorder)
    #endif
    self.lastKnownState = subject.currentState()
  }

  // Not an `isolated deinit`: an isolated deinit runs without the task-local values of the code
  // that released the store (swiftlang/swift#77249), and the test's issue reporters, Swift
  // Testing's current test and `withKnownIssue` are all task-local values. A plain deinit runs
  // synchronously where the last reference went, in the test's own task: what it reports reaches
  // that test, as `finish()` would.
  deinit {
    // The owner is the main actor's: its effects are cancelled there, outside the deinit.
    let cancel = subject.cancelEffects
    TestStoreDeinit.$isRunning.withValue(true) {
      withMainActorState {
        drainRecords()
        checkCompletion(at: nil)
      }
    }
    Task { @MainActor in cancel() }
  }

  /// Runs `body`, which reads and writes the test store's own state, from the deinit, on whatever
  /// thread released the store.
  ///
  /// Safe although the main actor may not be the running executor: a deinitialising object has no
  /// other reference, so nothing else can reach the state `body` touches: the test store's own
  /// fields, its recorder (which takes a lock), and the subject's `action` and `state`, which only
  /// cast. What needs the owner itself (cancelling its effects) is sent to the main actor. Debug
  /// builds check it: the subject's closures that reach the owner stop the test if the deinit
  /// calls them (see ``TestStoreSubject/checkedOutsideDeinit()``).
  private nonisolated func withMainActorState(_ body: @MainActor () -> Void) {
    withoutActuallyEscaping(body) { body in
      unsafeBitCast(body, to: (() -> Void).self)()
    }
  }

  /// The owner's current state.
  public var state: State { subject.currentState() }

  // MARK: Sending

  /// Sends an action and asserts the state change it makes: `assert` turns the state before the
  /// action into the state expected after it. Without `assert`, the state must not change.
  ///
  /// ```swift
  /// let store = TestStore(initialState: SearchState(), environment: .mock(TestClock()), reducer: searchReducer)
  /// await store.send(.queryChanged("sw")) { $0.query = "sw" }
  /// await store.skipInFlightEffects()   // the debounced search waits on the clock: not tested here
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
    await settle(at: callSite)
    checkNothingPending(before: "sending an action", at: callSite)
    let before = subject.currentState()
    sending = Sending()
    await subject.send(action, callSite)
    let afterSend = subject.currentState()
    // The action's effects run as far as they can before `send` returns: a test that advances a
    // clock next finds them waiting on it.
    await settle(at: callSite)
    let change = sending?.change ?? (before, afterSend)
    sending = nil
    assertChange(assert, before: change.before, after: change.after, at: callSite)
  }

  // MARK: Receiving

  /// Asserts that the next action an effect sent back is `expected`, and the state change it made.
  /// If none has arrived, the test store first lets every effect run as far as it can.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: SearchState(), environment: .mock(clock), reducer: searchReducer)
  /// await store.send(.queryChanged("sw")) { $0.query = "sw" }
  /// await clock.advance(by: .milliseconds(300))
  /// await store.receive(.results(["swift"])) { $0.results = ["swift"] }
  /// ```
  public func receive(
    _ expected: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expected }, describing: describe(expected),
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
  /// let clock = TestClock()
  /// let store = TestStore(initialState: SearchState(), environment: .mock(clock), reducer: searchReducer)
  /// await store.send(.queryChanged("sw")) { $0.query = "sw" }
  /// await clock.advance(by: .milliseconds(300))
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
    matching matches: (Action) -> Bool, describing expected: String,
    unexpected: (Action) -> String,
    assert: ((inout State) throws -> Void)?, callSite: CallSite
  ) async {
    await settle(at: callSite)
    if exhaustivity == .on {
      // What happened before the next action must have been asserted first.
      while case .change(let before, let after)? = pending.first {
        pending.removeFirst()
        reportUnassertedChange(before: before, after: after, at: callSite)
      }
      guard case .action(let next)? = pending.first else {
        failReceivedNone(expected, at: callSite)
        return
      }
      pending.removeFirst()
      guard matches(next.action) else {
        fail("Received unexpected action: \(describe(next.action))\(unexpected(next.action))", at: callSite)
        return
      }
      assertChange(assert, before: next.before, after: next.after, at: callSite)
    } else {
      let found = pending.firstIndex { item in
        if case .action(let received) = item { matches(received.action) } else { false }
      }
      guard let found, case .action(let next) = pending[found] else {
        let actions = pending.compactMap { item -> String? in
          if case .action(let received) = item { describe(received.action) } else { nil }
        }
        guard !actions.isEmpty else { return failReceivedNone(expected, at: callSite) }
        fail(
          "Expected to receive \(expected), but received none; received \(actions.joined(separator: ", ")).",
          at: callSite)
        return
      }
      for item in pending[..<found] { skip(item, at: callSite) }
      pending.removeSubrange(...found)
      assertChange(assert, before: next.before, after: next.after, at: callSite)
    }
  }

  private func failReceivedNone(_ expected: String, at callSite: CallSite) {
    fail(
      """
      Expected to receive \(expected), but received none. Every effect has run as far as it can: \
      it may wait on a clock to advance, on a stream to be fed, or on work outside the test store.
      """, at: callSite)
  }

  /// Asserts a state change that no action made: a statechart's delayed transition, which its
  /// clock fires.
  ///
  /// ```swift
  /// enum Player: Hashable, Sendable { case active, playing, paused }
  /// enum Control: Hashable, Sendable { case play }
  ///
  /// enum Charts {
  ///   static let player = Statechart<Player, Control, EmptyChartContext>(initial: .active) {
  ///     StateNode(.active, initial: .playing) {
  ///       StateNode(.playing) { After(.seconds(30), target: .paused) }
  ///       StateNode(.paused) { OnEvent(.play, target: .playing) }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(chart: Charts.player, clock: clock)
  /// await clock.advance(by: .seconds(30))
  /// await store.receiveStateChange { $0.configuration = [.active, .paused] }
  /// ```
  public func receiveStateChange(
    assert: (inout State) throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: callSite)
    let found = pending.firstIndex { !$0.isAction }
    guard let found, case .change(let before, let after) = pending[found] else {
      fail("Expected a state change that no action made, but the state did not change.", at: callSite)
      return
    }
    if exhaustivity == .on, found > 0, case .action(let first) = pending[0] {
      fail(
        """
        Expected a state change that no action made, but an action came first: \
        \(describe(first.action)). Receive it first with receive(_:).
        """, at: callSite)
      return
    }
    for item in pending[..<found] { skip(item, at: callSite) }
    pending.removeSubrange(...found)
    withoutActuallyEscaping(assert) { assert in
      assertChange(assert, before: before, after: after, at: callSite)
    }
  }

  // MARK: Finishing

  /// Lets every effect run as far as it can, then fails the test for each action received but not
  /// asserted, each state change not asserted, and each effect still running, unless
  /// ``exhaustivity`` is off.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: SearchState(), environment: .mock(clock), reducer: searchReducer)
  /// await store.send(.queryChanged("sw")) { $0.query = "sw" }
  /// await clock.advance(by: .milliseconds(300))
  /// await store.receive(.results(["swift"])) { $0.results = ["swift"] }
  /// await store.finish()   // passes: nothing left unasserted, no effect still running
  /// ```
  ///
  /// Unlike The Composable Architecture's `finish()`, it takes no timeout: an effect that cannot go
  /// further fails the test at once instead of being waited for. The test store stays usable after
  /// it: what it reported is not reported again. Releasing the test store checks the same, without
  /// waiting.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: callSite)
    checkCompletion(at: callSite)
  }

  /// Lets every effect run as far as it can, then drops every action received and not asserted
  /// yet. With `strict`, it fails if there is none.
  ///
  /// ```swift
  /// @MainActor
  /// @Test func searchChecksOnlyTheResultsItShows() async {
  ///   let store = TestStore(initialState: SearchState(), environment: .mock(InstantClock()), reducer: searchReducer)
  ///   await store.send(.queryChanged("sw")) { $0.query = "sw" }
  ///   await store.skipReceivedActions()   // drops .results(["swift"]) without asserting it
  ///   #expect(store.state.results == ["swift"])
  /// }
  /// ```
  ///
  /// The state changes those actions made stay made: ``state`` reads the state after them.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: callSite)
    let actions = pending.filter(\.isAction)
    if actions.isEmpty, strict {
      fail("There were no received actions to skip.", at: callSite)
    }
    for action in actions { skip(action, at: callSite) }
    pending.removeAll(where: \.isAction)
  }

  /// Cancels every effect still running, and stops expecting it to finish. With `strict`, it
  /// fails if there is none.
  ///
  /// ```swift
  /// @MainActor
  /// @Test func leavingSearchCancelsItsPendingSearch() async {
  ///   let store = TestStore(initialState: SearchState(), environment: .mock(TestClock()), reducer: searchReducer)
  ///   await store.send(.queryChanged("sw")) { $0.query = "sw" }
  ///   await store.skipInFlightEffects()   // the search, still waiting on the clock, is cancelled
  ///   await store.finish()                 // passes: no effect is left running
  /// }
  /// ```
  ///
  /// A statechart keeps its time: its pending delayed transitions and sends still fire when its
  /// clock reaches them.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(at: callSite)
    if inFlight.isEmpty, strict {
      fail("There were no in-flight effects to skip.", at: callSite)
    }
    let skipped = inFlight.values.sorted { $0.number < $1.number }
    for effect in skipped {
      skip("Skipped an in-flight effect: \(describe(effect)).", at: callSite)
    }
    subject.cancelEffects()
    for effect in skipped {
      inFlight[effect.number] = nil
      origins[effect.number] = nil
    }
    let tracked = Set(inFlight.keys)
    // A chart sets its timer again, as a new task: that is the chart keeping its time, not an
    // effect the test must see finish.
    subject.restartTimers()
    await settle(at: callSite)
    for number in inFlight.keys where !tracked.contains(number) {
      inFlight[number] = nil
      origins[number] = nil
    }
  }

  // MARK: Settling

  /// Waits until every effect has run as far as it can (the test store's executor has nothing to
  /// run, and the main actor has run what was queued on it, with nothing new happening since),
  /// then reads what happened.
  private func settle(at callSite: CallSite) async {
    // Records read from here on come from this call: effects that start in them are its own.
    drainRecords()
    currentCall = callSite
    let settled = await TestExecutors.settle([executor])
    drainRecords()
    if !settled, !Task.isCancelled {
      fail(
        """
        Effects kept running through \(TestExecutors.stepLimit) steps without settling, such as a \
        loop that polls: the test store cannot tell when they are done. Still running:
        \(inFlight.values.sorted { $0.number < $1.number }.map { "  • \(describe($0))" }.joined(separator: "\n"))
        """, at: callSite)
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
        currentAction = describe(action)
        if sending?.sawAction == false {
          sending?.sawAction = true
          lastMessage = .sent
          continue
        }
        nextReceivedID += 1
        pending.append(
          .action(
            Received(
              id: nextReceivedID, action: action, callSite: record.callSite, before: lastKnownState,
              after: lastKnownState)))
        // A step's state change is its first action's: a chart's later ones are what the step
        // raised or sent itself, before its `stateUpdated`. After a chart's timer message, the
        // first action is the delayed send that the timer fired.
        switch lastMessage {
        case .none, .other: lastMessage = .received(nextReceivedID)
        case .sent, .received: break
        }
      case .stateUpdated(let before, let after):
        guard let before = subject.state(before.value), let after = subject.state(after.value) else {
          continue
        }
        attribute(before: before, after: after)
        lastKnownState = after
        lastMessage = .none
      case .effectStarted(let effect):
        inFlight[effect.number] = effect
        origins[effect.number] = EffectOrigin(call: currentCall, action: currentAction)
      case .effectFinished(let effect), .effectCancelled(let effect):
        inFlight[effect.number] = nil
        origins[effect.number] = nil
      case .diagnostic(let diagnostic):
        // Reported here, on the test's task, rather than by the owner's diagnostics handler: the
        // owner's own tasks carry none of the test's task-locals.
        fail(diagnostic.description, at: diagnostic.callSite ?? record.callSite ?? callSite)
      }
    }
  }

  /// Gives a state change to what made it: the action being sent, the action received last, or
  /// no action at all.
  private func attribute(before: State, after: State) {
    switch lastMessage {
    case .sent:
      sending?.change = (before, after)
      return
    case .received(let id):
      let index = pending.lastIndex { item in
        if case .action(let received) = item { received.id == id } else { false }
      }
      if let index, case .action(var received) = pending[index] {
        received.before = before
        received.after = after
        pending[index] = .action(received)
        return
      }
    // The action was received and asserted before its change arrived: the change is on its own.
    case .none, .other:
      break
    }
    if before != after { pending.append(.change(before: before, after: after)) }
  }

  // MARK: Checking

  private func assertChange(
    _ assert: ((inout State) throws -> Void)?, before: State, after: State, at callSite: CallSite
  ) {
    var expected = exhaustivity == .on ? before : after
    do {
      // The expected state shares the store's observation: its changes are not the store's.
      try withFieldObservationMuted { try assert?(&expected) }
    } catch {
      fail("The assertion closure threw: \(error)", at: callSite)
      return
    }
    if expected != after {
      let difference =
        diff(expected, after, format: .proportional).map {
          "\n\n\($0.indent(by: 2))\n\n(Expected: −, Actual: +)"
        } ?? ""
      fail(
        assert == nil && exhaustivity == .on
          ? "State was not expected to change, but a change occurred:\(difference)"
          : "A state change does not match expectation:\(difference)",
        at: callSite)
      return
    }
    if exhaustivity == .on, assert != nil, expected == before {
      fail(
        """
        Expected state to change, but no change occurred. The trailing closure made no observable \
        modifications to state. If no change to state is expected, omit the trailing closure.
        """, at: callSite)
      return
    }
    // Non-exhaustive, showing skipped assertions: what the change did that the assertion did not
    // say is a skipped assertion. The closure runs again on the state before, where what it
    // expects may not hold: an issue it reports there is not the test's.
    guard case .off(showSkippedAssertions: true) = exhaustivity else { return }
    var asserted = before
    withExpectedIssue(isIntermittent: true) { try withFieldObservationMuted { try assert?(&asserted) } }
    if asserted != after, let difference = diff(asserted, after, format: .proportional) {
      skip(
        "A state change was not asserted:\n\n\(difference.indent(by: 2))\n\n(Asserted: −, Actual: +)",
        at: callSite)
    }
  }

  /// In exhaustive mode, nothing may be pending when the test sends an action.
  private func checkNothingPending(before what: String, at callSite: CallSite) {
    reportPending(at: callSite) { count, s in "Must handle \(count) received action\(s) before \(what):" }
  }

  /// What ``finish(fileID:filePath:line:column:)`` and releasing the test store check.
  ///
  /// - Parameter finishing: The line of `finish`, or `nil` when the store is released.
  private func checkCompletion(at finishing: CallSite?) {
    let callSite = finishing ?? currentCall ?? self.callSite
    reportPending(at: callSite) { count, s in "The store received \(count) unexpected action\(s):" }
    for effect in inFlight.values.sorted(by: { $0.number < $1.number }) {
      let origin = origins[effect.number]
      let startedBy = origin?.action.map { " by \($0)" } ?? ""
      let during = origin?.call.map { ", during the test's call at \($0)" } ?? ""
      let message = """
        An effect is still running: \(describe(effect))\(startedBy)\(during). It must finish \
        before the end of the test: advance the clock it waits on, feed or finish the stream it \
        reads, send the action that cancels it, or skip it with skipInFlightEffects().
        """
      // At the test's line that started it, where a TCA user looks for it; or else at `finish`.
      let line = origin?.call ?? callSite
      if exhaustivity == .on {
        fail(message, at: line)
      } else {
        skip(message, at: line)
      }
    }
    inFlight = [:]
    origins = [:]
  }

  /// Reports what is pending, in order, and forgets it: each state change no action made, and the
  /// actions received, listed under `heading` (given their count, and its plural ending).
  private func reportPending(at callSite: CallSite, heading: (_ count: Int, _ plural: String) -> String) {
    var actions: [Received] = []
    for item in pending {
      switch item {
      case .change(let before, let after): reportUnassertedChange(before: before, after: after, at: callSite)
      case .action(let received): actions.append(received)
      }
    }
    pending = []
    guard !actions.isEmpty else { return }
    guard exhaustivity == .on else {
      for action in actions { skip(.action(action), at: callSite) }
      return
    }
    let list = actions.map { "  • \(describe($0.action))\(origin($0.callSite))" }.joined(separator: "\n")
    fail(
      """
      \(heading(actions.count, actions.count == 1 ? "" : "s"))

      \(list)

      Assert \(actions.count == 1 ? "it" : "them") with receive(_:), or skip \(actions.count == 1 ? "it" : "them") with skipReceivedActions().
      """, at: callSite)
  }

  private func reportUnassertedChange(before: State, after: State, at callSite: CallSite) {
    let difference = diff(before, after, format: .proportional) ?? ""
    let message =
      "The state changed without an action, such as by a delayed transition, and the change was not asserted:\n\n\(difference.indent(by: 2))\n\nAssert it with receiveStateChange(assert:)."
    if exhaustivity == .on { fail(message, at: callSite) } else { skip(message, at: callSite) }
  }

  // MARK: Reporting

  private func fail(_ message: String, at callSite: CallSite) {
    reportIssue(
      message, fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line,
      column: callSite.column)
  }

  /// Skips a pending item in non-exhaustive mode.
  private func skip(_ item: Pending, at callSite: CallSite) {
    switch item {
    case .action(let received): skip("Skipped receiving \(describe(received.action)).", at: callSite)
    case .change(let before, let after): reportUnassertedChange(before: before, after: after, at: callSite)
    }
  }

  /// A skipped assertion of a non-exhaustive test store: a known issue with
  /// `showSkippedAssertions`, nothing otherwise.
  private func skip(_ message: String, at callSite: CallSite) {
    guard case .off(showSkippedAssertions: true) = exhaustivity else { return }
    skippedAssertions.append(message)
    withExpectedIssue(
      fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line, column: callSite.column
    ) {
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
