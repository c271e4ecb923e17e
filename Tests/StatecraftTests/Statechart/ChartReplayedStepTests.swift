import Statecraft
import StatecraftCharts
import Testing

/// A journal's replay of a chart's step, from its event and the chart's time after it, reaches
/// the snapshot the running chart reached, whether the chart's clock fired one timer in the step
/// or caught up with every timer due.
@Suite("Statechart: a replayed step")
struct ChartReplayedStepTests {
  enum S: Hashable, Sendable { case waiting }
  enum E: Hashable, Sendable { case tick(Int), poke }
  struct C: Hashable, Sendable { var log: [String] = [] }

  static let chart = Statechart<S, E, C>(initial: .waiting, context: C()) {
    StateNode(.waiting) {
      Entry(
        .send(.tick(1), delay: .seconds(1)), .send(.tick(2), delay: .seconds(2)),
        .send(.tick(3), delay: .seconds(3)))
      OnEvent(.tick(1), actions: [.assign { $0.log.append("tick 1") }])
      OnEvent(.tick(2), actions: [.assign { $0.log.append("tick 2") }])
      OnEvent(.tick(3), actions: [.assign { $0.log.append("tick 3") }])
      OnEvent(.poke, actions: [.assign { $0.log.append("poke") }])
    }
  }

  static let start = chart.initialTransition().snapshot

  @Test func aStepOfTheClockThatFiredOneTimerReplaysToTheSameSnapshot() {
    let taken = Self.chart.step(Self.start, event: nil, at: .seconds(5), oneTimerPerStep: true).snapshot
    #expect(taken.context.log == ["tick 1"])
    #expect(Self.chart.replayedStep(Self.start, event: nil, at: taken.time) == taken)
  }

  @Test func aStepOfTheClockThatCaughtUpWithEveryTimerReplaysToTheSameSnapshot() {
    let taken = Self.chart.step(Self.start, event: nil, at: .seconds(5)).snapshot
    #expect(taken.context.log == ["tick 1", "tick 2", "tick 3"])
    #expect(Self.chart.replayedStep(Self.start, event: nil, at: taken.time, firingEveryTimerDue: true) == taken)
  }

  @Test func onlyTheRecordedCatchUpTellsAStepOfEveryTimerDueFromOneOfTheFirst() {
    // Three timers due at one instant, the step's own time: either step ends at that time.
    let sameInstant = Statechart<S, E, C>(initial: .waiting, context: C()) {
      StateNode(.waiting) {
        Entry(
          .send(.tick(1), delay: .seconds(1)), .send(.tick(2), delay: .seconds(1)),
          .send(.tick(3), delay: .seconds(1)))
        OnEvent(.tick(1), actions: [.assign { $0.log.append("tick 1") }])
        OnEvent(.tick(2), actions: [.assign { $0.log.append("tick 2") }])
        OnEvent(.tick(3), actions: [.assign { $0.log.append("tick 3") }])
      }
    }
    let start = sameInstant.initialTransition().snapshot
    let caughtUp = sameInstant.step(start, event: nil, at: .seconds(1)).snapshot
    let first = sameInstant.step(start, event: nil, at: .seconds(1), oneTimerPerStep: true).snapshot
    #expect(caughtUp.time == first.time)
    #expect(caughtUp.context.log == ["tick 1", "tick 2", "tick 3"])
    #expect(first.context.log == ["tick 1"])
    #expect(sameInstant.replayedStep(start, event: nil, at: .seconds(1), firingEveryTimerDue: true) == caughtUp)
    #expect(sameInstant.replayedStep(start, event: nil, at: .seconds(1)) == first)
  }

  @Test func anEventsStepFiresTheTimersDueBeforeItAtItsTime() {
    let taken = Self.chart.step(Self.start, event: .poke, at: .milliseconds(2_500)).snapshot
    #expect(taken.context.log == ["tick 1", "tick 2", "poke"])
    #expect(Self.chart.replayedStep(Self.start, event: .poke, at: taken.time) == taken)
  }
}
