import Clocks
import Foundation
import Statecraft
import StatecraftTesting
import Testing

/// A snapshot from elsewhere is checked against the chart in every part, by `validate(_:)` and
/// when a running chart restores it; and no decodable snapshot makes the step function trap.
@Suite("Statechart: validating a snapshot", .timeLimit(.minutes(1)))
struct ChartSnapshotValidationTests {
  typealias Snapshot = ChartSnapshot<String, String, EmptyChartContext>

  static let editor = Statechart<String, String, EmptyChartContext>(
    "editor", initial: "editing", context: .init()
  ) {
    StateNode("editing", initial: "draft") {
      StateNode("draft") {
        After(.seconds(5), target: "saved")
        OnEvent("review", target: "reviewing")
      }
      StateNode("saved") { OnEvent("edit", target: "draft") }
      StateNode("reviewing", initial: "reading") {
        StateNode("reading") { OnEvent("comment", target: "commenting") }
        StateNode("commenting")
      }
      StateNode(history: "resume", .deep)
      OnEvent("close", target: "closed")
    }
    StateNode("closed") { OnEvent("reopen", target: "resume") }
  }

  /// The snapshot after `events`, from the initial one.
  static func snapshot(after events: String...) -> Snapshot {
    events.reduce(editor.initialTransition().snapshot) { editor.transition(from: $0, on: $1).snapshot }
  }

  /// `snapshot` encoded, changed as JSON by `edit`, and decoded: what a corrupt file gives.
  static func corrupted(_ snapshot: Snapshot, _ edit: (inout [String: Any]) throws -> Void) throws -> Snapshot {
    var json = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot)) as? [String: Any])
    try edit(&json)
    return try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: json))
  }

  /// A `Duration` as JSON.
  static func json(_ duration: Duration) throws -> Any {
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(duration))
  }

  /// The problems that restoring `snapshot` into a running chart reports.
  static func restoreReports(_ snapshot: Snapshot) -> [Diagnostic] {
    let recorder = DiagnosticRecorder()
    _ = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStatechartSequence(editor, restoring: snapshot, clock: TestClock())
    }
    return recorder.diagnostics
  }

  @Test func everySnapshotTheChartReachesIsValid() {
    for events in [[], ["review"], ["review", "comment"], ["review", "close"], ["close", "reopen"]] {
      let snapshot = events.reduce(Self.editor.initialTransition().snapshot) {
        Self.editor.transition(from: $0, on: $1).snapshot
      }
      #expect(Self.editor.validate(snapshot).isEmpty, "after \(events)")
    }
    #expect(Self.editor.validate(Self.editor.advance(Self.snapshot(), by: .seconds(5)).snapshot).isEmpty)
  }

  /// Each way a snapshot can name states wrongly, with a word the problem must contain.
  static let wrongSnapshots: [(name: String, word: String, edit: @Sendable (inout [String: Any]) throws -> Void)] = [
    ("history records a state the chart lacks", "ghost", { $0["history"] = ["resume": ["ghost"]] }),
    ("history records two siblings", "2 recorded children", { $0["history"] = ["resume": ["draft", "saved"]] }),
    ("history records a state outside its parent", "closed", { $0["history"] = ["resume": ["closed"]] }),
    ("history records nothing", "no state", { $0["history"] = ["resume": [String]()] }),
    ("history names a state that is no history", "not a history state", { $0["history"] = ["draft": ["draft"]] }),
    ("two active top-level states", "top-level", { $0["configuration"] = ["editing", "draft", "closed"] }),
    ("a state the chart lacks", "ghost", { $0["configuration"] = ["editing", "ghost"] }),
    (
      "a compound state with two children", "2 active children",
      { $0["configuration"] = ["editing", "draft", "saved"] }
    ),
    (
      "a timer of a state the chart lacks", "ghost",
      { json in
        var timers = try #require(json["timers"] as? [[String: Any]])
        var kind = try #require(timers[0]["kind"] as? [String: Any])
        var after = try #require(kind["after"] as? [String: Any])
        after["state"] = "ghost"
        kind["after"] = after
        timers[0]["kind"] = kind
        json["timers"] = timers
      }
    ),
    (
      "a timer of a state that is not active", "not active",
      { json in
        json["configuration"] = ["editing", "saved"]
      }
    ),
    ("a time before zero", "time", { $0["time"] = try ChartSnapshotValidationTests.json(.seconds(-1)) }),
  ]

  @Test(arguments: wrongSnapshots.indices)
  func aSnapshotThatNamesStatesWronglyIsReportedByValidateAndOnRestore(_ index: Int) throws {
    let (name, word, edit) = Self.wrongSnapshots[index]
    // At `draft`, with its delayed transition's timer pending.
    let snapshot = try Self.corrupted(Self.snapshot(), edit)
    let problems = Self.editor.validate(snapshot)
    #expect(problems.contains { $0.kind == .invalidSnapshot && $0.message.contains(word) }, "\(name): \(problems)")
    let reported = Self.restoreReports(snapshot)
    #expect(reported.contains { $0.kind == .invalidSnapshot && $0.message.contains(word) }, "\(name): \(reported)")
  }

  /// Timers whose numbers repeat, or are not below the next number, are numbered again when
  /// decoded, in firing order: none is lost, and cancelling one cancels it alone.
  @Test func timersWhoseNumbersRepeatAreNumberedAgainWhenDecoded() throws {
    let chart = Statechart<String, String, EmptyChartContext>("sends", initial: "on", context: .init()) {
      StateNode("on") {
        OnEvent("set", actions: [.send("a", delay: .seconds(1), id: "a"), .send("b", delay: .seconds(2), id: "b")])
        OnEvent("cancel a", actions: [.cancel("a")])
        OnEvent("a")
        OnEvent("b", target: "got b")
      }
      StateNode("got b")
    }
    let set = chart.transition(from: chart.initialTransition().snapshot, on: "set").snapshot
    let repeated = try Self.corrupted(set) { json in
      var timers = try #require(json["timers"] as? [[String: Any]])
      for index in timers.indices { timers[index]["sequence"] = 7 }
      json["timers"] = timers
      json["nextTimerSequence"] = 3
    }
    #expect(repeated.timers.map(\.sequence) == [0, 1])
    #expect(repeated.timers.map(\.due) == [.seconds(1), .seconds(2)])
    let cancelled = chart.transition(from: repeated, on: "cancel a").snapshot
    #expect(cancelled.timers.map(\.due) == [.seconds(2)])
    #expect(chart.advance(cancelled, by: .seconds(2)).snapshot.isIn("got b"))
    // The next timer set gets a number after theirs.
    #expect(chart.transition(from: repeated, on: "set").snapshot.timers.map(\.sequence).sorted() == [0, 1, 2, 3])
  }

  @Test func theNextTimerNumberAtItsLimitDoesNotTrap() async throws {
    // At `saved`, with no timer: `edit` enters `draft`, which sets one.
    let saved = try Self.corrupted(Self.snapshot(after: "review", "close", "reopen", "close")) { json in
      json["configuration"] = ["editing", "saved"]
      json["history"] = [String: [String]]()
      json["nextTimerSequence"] = UInt64.max
    }
    #expect(Self.editor.validate(saved).isEmpty)
    let edited = Self.editor.transition(from: saved, on: "edit").snapshot
    #expect(edited.isIn("draft"))
    #expect(edited.timers.count == 1)
    // Another timer after it still fires in order.
    let later = Self.editor.advance(edited, by: .seconds(5)).snapshot
    #expect(later.isIn("saved"))

    let clock = TestClock()
    let running = AsyncStatechartSequence(Self.editor, restoring: saved, clock: clock)
    await running.send("edit")
    await clock.advance(by: .seconds(5))
    await running.send("edit")
    #expect(running.isIn("draft"))
  }

  @Test(arguments: [Duration.seconds(Int64.max), .seconds(Int64.max) * 8, .seconds(-Int64.max) * 8])
  func aChartTimeAtTheEdgeOfDurationDoesNotTrap(time: Duration) async throws {
    let saved = try Self.corrupted(Self.snapshot()) { json in
      json["configuration"] = ["editing", "saved"]
      json["timers"] = [Any]()
      json["time"] = try Self.json(time)
    }
    if time != ChartSnapshot<String, String, EmptyChartContext>.maximumTime {
      #expect(Self.editor.validate(saved).contains { $0.message.contains("time") })
    }
    // The step function sets a timer from that time, and moves time on: neither traps. The
    // timer's due time is cut at the chart's latest time, which it has reached: it fires at once.
    let edited = Self.editor.transition(from: saved, on: "edit").snapshot
    #expect(edited.isIn("saved"))
    #expect(Self.editor.advance(edited, by: .seconds(Int64.max)).snapshot.isIn("saved"))
    // Nor does the running chart, whose clock starts from it, brought into range.
    let clock = TestClock()
    let running = AsyncStatechartSequence(Self.editor, restoring: saved, clock: clock)
    var snapshots = running.makeAsyncIterator()
    await running.send("edit")
    await clock.advance(by: .seconds(10))
    // The timer's step runs in the chart's own task: wait for its snapshot.
    var reachedSaved = false
    while let next = await snapshots.next() {
      if next.isIn("saved") { reachedSaved = true; break }
    }
    #expect(reachedSaved)
    #expect(running.snapshot.time >= .zero)
  }
}
