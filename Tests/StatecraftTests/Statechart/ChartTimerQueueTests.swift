import Clocks
import Statecraft
import StatecraftEngine
import StatecraftTesting
import Testing

/// A chart's timers, kept in a queue whose every step costs O(log n) in the timers pending, fire
/// as a sorted list would fire them: by due time, then in the order they were set, and cancelling
/// by id or by leaving a state removes exactly theirs.
@Suite("Statechart: timers")
struct ChartTimerQueueTests {
  enum Event: DSLCompatible, Hashable, Sendable {
    case set(id: Int, delay: Int)
    case cancel(Int)
    case fired(Int)
    case toggle
  }

  struct Context: Hashable, Sendable {
    var fired: [Int] = []
  }

  /// Delayed sends under 7 ids, and a region whose state has a delayed transition that leaving
  /// it cancels.
  static let chart = Statechart<String, Event, Context>("timers", initial: "running", context: Context()) {
    StateNode(parallel: "running") {
      StateNode("sends") {
        OnEvent(Event.set(id:delay:)) { id, delay in
          [.send(.fired(id), delay: .seconds(delay), id: "id\(id % 7)")]
        }
        OnEvent(Event.cancel) { id in [.cancel("id\(id)")] }
        OnEvent(Event.fired) { id in [.assign { $0.fired.append(id) }] }
      }
      StateNode("pulse", initial: "waiting") {
        StateNode("waiting") {
          After(.seconds(3), target: "waiting", actions: [.assign { $0.fired.append(-1) }])
          OnEvent(.toggle, target: "resting")
        }
        StateNode("resting") { OnEvent(.toggle, target: "waiting") }
      }
    }
  }

  /// The reference: a list kept sorted by inserting, as the chart once did.
  struct Model {
    struct Timer { var due: Duration; var sequence: Int; var id: Int?; var event: Int }
    var timers: [Timer] = []
    var time = Duration.zero
    var next = 0
    var fired: [Int] = []
    var waiting = true

    mutating func schedule(_ event: Int, id: Int?, after delay: Duration) {
      timers.append(Timer(due: time + delay, sequence: next, id: id, event: event))
      next += 1
      timers.sort { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
    }

    mutating func advance(by duration: Duration) {
      let end = time + duration
      while let first = timers.first, first.due <= end {
        timers.removeFirst()
        time = max(time, first.due)
        fired.append(first.event)
        // The pulse's delayed transition re-enters its state, which sets it again.
        if first.event == -1 { schedule(-1, id: nil, after: .seconds(3)) }
      }
      time = end
    }
  }

  /// A small, seeded generator: the same operations every run.
  struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test(arguments: [1, 2, 3])
  func timersFireAsASortedListWouldFireThem(seed: UInt64) {
    var random = SplitMix64(state: seed)
    var snapshot = Self.chart.initialTransition().snapshot
    var model = Model()
    model.schedule(-1, id: nil, after: .seconds(3))
    for step in 0..<3_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        let delay = Int.random(in: 0..<20, using: &random)
        snapshot = Self.chart.transition(from: snapshot, on: .set(id: step, delay: delay)).snapshot
        model.schedule(step, id: step % 7, after: .seconds(delay))
        // A send with no delay is delivered within the step.
        model.advance(by: .zero)
      case 5:
        let id = Int.random(in: 0..<7, using: &random)
        snapshot = Self.chart.transition(from: snapshot, on: .cancel(id)).snapshot
        model.timers.removeAll { $0.id == id }
      case 6:
        snapshot = Self.chart.transition(from: snapshot, on: .toggle).snapshot
        model.waiting.toggle()
        if model.waiting {
          model.schedule(-1, id: nil, after: .seconds(3))
        } else {
          model.timers.removeAll { $0.event == -1 }
        }
      default:
        let duration = Duration.seconds(Int.random(in: 0..<4, using: &random))
        snapshot = Self.chart.advance(snapshot, by: duration).snapshot
        model.advance(by: duration)
      }
      #expect(snapshot.context.fired == model.fired, "step \(step)")
      #expect(snapshot.timers.map(\.due) == model.timers.map(\.due), "step \(step)")
      guard snapshot.context.fired == model.fired else { return }
    }
  }

  /// Many pending timers, one set per event, then all due at the same instant: they fire in the
  /// order they were set, and the queue is empty after.
  @Test func tenThousandTimersDueAtOnceFireInTheOrderTheyWereSet() {
    var snapshot = Self.chart.initialTransition().snapshot
    snapshot = Self.chart.transition(from: snapshot, on: .toggle).snapshot
    for id in 0..<10_000 {
      snapshot = Self.chart.transition(from: snapshot, on: .set(id: id, delay: 10)).snapshot
    }
    #expect(snapshot.timers.count == 10_000)
    let fired = Self.chart.advance(snapshot, by: .seconds(10)).snapshot
    #expect(fired.context.fired == Array(0..<10_000))
    #expect(fired.timers.isEmpty)
  }

  /// Cancelling one id among many pending leaves the others, in order.
  @Test func cancellingAnIdRemovesOnlyItsTimers() {
    var snapshot = Self.chart.initialTransition().snapshot
    snapshot = Self.chart.transition(from: snapshot, on: .toggle).snapshot
    for id in 0..<700 {
      snapshot = Self.chart.transition(from: snapshot, on: .set(id: id, delay: 1 + id % 5)).snapshot
    }
    snapshot = Self.chart.transition(from: snapshot, on: .cancel(3)).snapshot
    #expect(snapshot.timers.count == 600)
    let fired = Self.chart.advance(snapshot, by: .seconds(10)).snapshot.context.fired
    let expected = (0..<700).filter { $0 % 7 != 3 }.sorted { (1 + $0 % 5, $0) < (1 + $1 % 5, $1) }
    #expect(fired == expected)
  }

  /// A clock whose time moves 200 µs each time it is read, as if each read took that long: a
  /// chart on it falls further behind with every step. A sleep returns at once, the time moved to
  /// its deadline.
  final class RunningClock: Clock, Sendable {
    typealias Instant = SteppingClock.Instant

    private let time = CriticalState(Duration.zero)

    var now: Instant {
      time.withLock { time in
        time += .microseconds(200)
        return Instant(offset: time)
      }
    }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      time.withLock { $0 = max($0, deadline.offset) }
    }
  }

  /// A delayed transition back to its own state, with a delay shorter than a step takes, never
  /// catches up with its clock one timer per step: the chart then catches up in one step, as the
  /// step function does, where the chain that never settles is stopped and reported.
  @Test func timersThatFallDueFasterThanTheChartFiresThemAreStoppedAndReported() async {
    let ticker = Statechart<String, String, EmptyChartContext>("ticker", initial: "ticking", context: .init()) {
      StateNode("ticking") { After(.microseconds(1), target: "ticking") }
    }
    let (reported, report) = AsyncStream.makeStream(of: Diagnostic.self)
    let running = DiagnosticHandler.$current.withValue(DiagnosticHandler { report.yield($0) }) {
      AsyncStatechartSequence(ticker, clock: RunningClock())
    }
    await running.start()
    var diagnostics = reported.makeAsyncIterator()
    let diagnostic = await diagnostics.next()
    #expect(diagnostic?.kind == .actionFailed)
    #expect((diagnostic?.error as? ChartLivelock)?.cause == .timers)
    #expect(diagnostic?.message.hasPrefix("ticker: The chart fired") == true)
  }

  /// A backlog drains one timer per step: a ticker whose clock jumped far ahead catches up with
  /// every tick seen, and no livelock is reported.
  @Test func aBacklogOfTicksDrainsOneStepEach() async {
    let ticker = Statechart<String, String, Context>("ticker", initial: "ticking", context: Context()) {
      StateNode("ticking") {
        After(.milliseconds(1), target: "ticking", actions: [.assign { $0.fired.append($0.fired.count) }])
      }
    }
    let recorder = DiagnosticRecorder()
    let clock = TestClock()
    let running = DiagnosticHandler.$current.withValue(recorder.handler) {
      AsyncStatechartSequence(ticker, clock: clock)
    }
    var snapshots = running.makeAsyncIterator()
    await running.start()
    await clock.advance(by: .seconds(3))
    var steps = 0
    while let snapshot = await snapshots.next() {
      steps += 1
      if snapshot.context.fired.count == 3_000 { break }
    }
    // The first snapshot, then one per tick.
    #expect(steps == 3_001)
    #expect(recorder.kinds.isEmpty)
  }
}
