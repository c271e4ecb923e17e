import PropertyBased
import Statecraft
import Testing

/// A step that meets only plain transitions skips the interpreter: random event sequences through
/// a chart that mixes plain transitions with everything that is not plain give the same snapshots,
/// handled flags and effects as the interpreter alone.
@Suite("Statechart: plain steps", .timeLimit(.minutes(1)))
struct ChartPlainStepTests {
  enum S: Hashable, Sendable, Codable {
    case top, regions, a, a1, a2, b, b1, b2, b3, inner, inner1, inner2, history, away, done
  }
  enum E: Hashable, Sendable, Codable, CaseIterable { case a, b, c, d, e, f, g }
  struct C: Hashable, Sendable, Codable { var count = 0 }

  /// Plain transitions (guarded or not, targetless, into a compound state's default) beside
  /// transitions with actions, a state with entry actions, an eventless transition, a transition
  /// out of the parallel state, a history state and a final state.
  static let chart = Statechart<S, E, C>(initial: .top, context: C()) {
    StateNode(.top) {
      StateNode(parallel: .regions) {
        StateNode(.a) {
          StateNode(.a1) {
            OnEvent(.a, target: .a2)
            OnEvent(.b, target: .a2, guard: { $0.isIn(.b2) })
          }
          StateNode(.a2) {
            OnEvent(.a, target: .a1)
            OnEvent(.c, actions: [.assign { $0.count += 1 }])
          }
          OnEvent(.e)
        }
        StateNode(.b) {
          StateNode(.b1) {
            OnEvent(.b, target: .b2)
            OnEvent(.f, target: .inner)
          }
          StateNode(.b2) {
            OnEvent(.b, target: .b3, guard: { $0.context.count % 2 == 1 })
            OnEvent(.b, target: .b1)
          }
          StateNode(.b3) {
            Entry(.assign { $0.count += 10 })
            OnEvent(.b, target: .b1)
          }
          StateNode(.inner) {
            StateNode(.inner1) { OnEvent(.a, target: .inner2) }
            StateNode(.inner2) {
              Always(target: .inner1, guard: { $0.context.count > 3 })
              OnEvent(.a, target: .inner1)
            }
            OnEvent(.f, target: .b1)
          }
          StateNode(history: .history, .deep)
        }
      }
      OnEvent(.d, target: .away)
    }
    StateNode(.away) {
      OnEvent(.d, target: .history)
      OnEvent(.a, target: .top)
      OnEvent(.g, target: .done)
    }
    StateNode(final: .done)
  }

  static let events = Gen.int(in: 0...(E.allCases.count - 1)).array(of: 0...60)

  @Test func plainStepsAgreeWithTheInterpreter() async {
    var plainSteps = 0
    var otherSteps = 0
    await propertyCheck(count: 300, input: Self.events) { codes in
      var snapshot = Self.chart.initialTransition().snapshot
      for event in codes.map({ E.allCases[$0] }) {
        if Self.chart.plainStep(snapshot, event: event, at: snapshot.time) != nil {
          plainSteps += 1
        } else {
          otherSteps += 1
        }
        let step = Self.chart.transition(from: snapshot, on: event)
        let reference = Self.chart.interpretedTransition(from: snapshot, on: event)
        #expect(step.snapshot == reference.snapshot, "after \(event) in \(snapshot)")
        #expect(step.snapshot.configuration == reference.snapshot.configuration)
        #expect(step.handled == reference.handled, "after \(event) in \(snapshot)")
        #expect("\(step.effects)" == "\(reference.effects)")
        snapshot = reference.snapshot
      }
    }
    // Both paths ran, so that the comparison means something.
    #expect(plainSteps > 1_000)
    #expect(otherSteps > 1_000)
  }

  @Test func anEventThatMeetsOnlyPlainTransitionsTakesThePlainPath() throws {
    let snapshot = Self.chart.initialTransition().snapshot
    #expect(snapshot.configuration == [.top, .regions, .a, .a1, .b, .b1])
    let step = try #require(Self.chart.plainStep(snapshot, event: .a, at: snapshot.time))
    #expect(step.handled)
    #expect(step.snapshot.configuration == [.top, .regions, .a, .a2, .b, .b1])
    // Unhandled: the same snapshot.
    let unhandled = try #require(Self.chart.plainStep(snapshot, event: .c, at: snapshot.time))
    #expect(!unhandled.handled)
    #expect(unhandled.snapshot == snapshot)
  }

  @Test func anythingThatIsNotPlainGoesToTheInterpreter() {
    let start = Self.chart.initialTransition().snapshot
    // a2's transition on `.c` has actions; its transition on `.a` is plain.
    let inA2 = Self.chart.transition(from: start, on: .a).snapshot
    #expect(Self.chart.plainStep(inA2, event: .c, at: inA2.time) == nil)
    #expect(Self.chart.plainStep(inA2, event: .a, at: inA2.time) != nil)
    // `.d` leaves the parallel state, whose regions are then exited together.
    let inB2 = Self.chart.transition(from: start, on: .b).snapshot
    #expect(inB2.isIn(.b2))
    #expect(Self.chart.plainStep(start, event: .d, at: start.time) == nil)
    // b2's first transition enters b3, which has entry actions.
    #expect(Self.chart.plainStep(inB2, event: .b, at: inB2.time) == nil)
  }

  @Test func aWherePredicateOnTheWayGoesToTheInterpreter() {
    let chart = Statechart<S, E, EmptyChartContext>(initial: .a1) {
      StateNode(.a1) { OnEvent(.a, target: .a2) }
      StateNode(.a2) { OnEvent(where: { $0 == .a }, target: .a1) }
    }
    let start = chart.initialTransition().snapshot
    #expect(chart.plainStep(start, event: .a, at: start.time) != nil)
    let inA2 = chart.transition(from: start, on: .a).snapshot
    #expect(chart.plainStep(inA2, event: .a, at: inA2.time) == nil)
    #expect(chart.transition(from: inA2, on: .a).snapshot.configuration == [.a1])
  }

  @Test func aStepMovesTheChartsTimeAsTheInterpreterDoes() throws {
    let snapshot = Self.chart.initialTransition().snapshot
    let step = try #require(Self.chart.plainStep(snapshot, event: .a, at: .seconds(5)))
    #expect(step.snapshot.time == .seconds(5))
  }
}
