import Foundation
import Statecraft
import Testing

/// The pure step function, feature by feature.
@Suite("Statechart: the step function")
struct StatechartStepTests {
  enum S: Hashable, Sendable, Codable {
    case idle, active, playing, paused, resume, shallowResume, stopped
    case media, volume, muted, unmuted, balance, left, right
  }
  enum E: Hashable, Sendable, Codable { case play, pause, stop, mute, unmute, pan, resume, tick, seek(Int) }
  struct C: Hashable, Sendable, Codable {
    var log: [String] = []
    var plays = 0
  }

  static func log(_ entry: String) -> ChartAction<S, E, C> { .assign { $0.log.append(entry) } }

  static let player = Statechart<S, E, C>(initial: .idle, context: C()) {
    StateNode(.idle) {
      Entry(log("enter idle"))
      Exit(log("exit idle"))
      OnEvent(.play, target: .active, actions: [log("play")])
    }
    StateNode(.active, initial: .playing) {
      Entry(log("enter active"), .assign { $0.plays += 1 })
      Exit(log("exit active"))
      StateNode(.playing) {
        Entry(log("enter playing"))
        Exit(log("exit playing"))
        OnEvent(.pause, target: .paused)
      }
      StateNode(.paused) {
        OnEvent(.play, target: .playing)
        After(.seconds(10), target: .stopped)
      }
      StateNode(history: .resume, .deep)
      OnEvent(.stop, target: .stopped)
      OnEvent(.mute, target: .idle)
    }
    StateNode(final: .stopped)
  }

  @Test func theInitialTransitionEntersTheInitialState() {
    let step = Self.player.initialTransition()
    #expect(step.snapshot.configuration == [.idle])
    #expect(step.snapshot.context.log == ["enter idle"])
    #expect(step.effects.isEmpty)
  }

  @Test func entryAndExitRunParentsFirstOnEntryAndChildrenFirstOnExit() {
    var snapshot = Self.player.initialTransition().snapshot
    snapshot = Self.player.transition(from: snapshot, on: .play).snapshot
    #expect(snapshot.configuration == [.active, .playing])
    #expect(snapshot.context.log == ["enter idle", "exit idle", "play", "enter active", "enter playing"])
    snapshot = Self.player.transition(from: snapshot, on: .mute).snapshot
    #expect(snapshot.context.log.suffix(3) == ["exit playing", "exit active", "enter idle"])
  }

  @Test func anUnhandledEventChangesNothing() {
    let snapshot = Self.player.initialTransition().snapshot
    let step = Self.player.transition(from: snapshot, on: .pause)
    #expect(!step.handled)
    #expect(step.snapshot == snapshot)
  }

  @Test func aDelayedTransitionFiresAfterItsDelayAndIsCancelledOnExit() {
    var snapshot = Self.player.initialTransition().snapshot
    snapshot = Self.player.transition(from: snapshot, on: .play).snapshot
    snapshot = Self.player.transition(from: snapshot, on: .pause).snapshot
    #expect(snapshot.timers.count == 1)
    snapshot = Self.player.advance(snapshot, by: .seconds(9)).snapshot
    #expect(snapshot.isIn(.paused))
    let resumed = Self.player.transition(from: snapshot, on: .play).snapshot
    #expect(resumed.timers.isEmpty)
    let stopped = Self.player.advance(snapshot, by: .seconds(1)).snapshot
    #expect(stopped.configuration == [.stopped])
    #expect(stopped.isDone)
    #expect(stopped.time == .seconds(10))
  }

  @Test func aDoneChartIgnoresEvents() {
    var snapshot = Self.player.initialTransition().snapshot
    snapshot = Self.player.transition(from: snapshot, on: .play).snapshot
    snapshot = Self.player.transition(from: snapshot, on: .stop).snapshot
    #expect(snapshot.isDone)
    let step = Self.player.transition(from: snapshot, on: .play)
    #expect(!step.handled)
    #expect(step.snapshot == snapshot)
  }

  @Test func snapshotsRoundTripThroughJSON() throws {
    var snapshot = Self.player.initialTransition().snapshot
    snapshot = Self.player.transition(from: snapshot, on: .play).snapshot
    snapshot = Self.player.transition(from: snapshot, on: .pause).snapshot
    snapshot = Self.player.advance(snapshot, by: .seconds(4)).snapshot
    let data = try JSONEncoder().encode(snapshot)
    let restored = try JSONDecoder().decode(ChartSnapshot<S, E, C>.self, from: data)
    #expect(restored == snapshot)
    // The timer resumes with the time it had left: 6 of its 10 seconds.
    #expect(!Self.player.advance(restored, by: .seconds(5)).snapshot.isDone)
    #expect(Self.player.advance(restored, by: .seconds(6)).snapshot.isDone)
  }
}
