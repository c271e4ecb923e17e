import Clocks
import Foundation
import Statecraft
import StatecraftTesting
import Testing

/// The media player of the Statecharts article: parallel regions, deep history, a timer.
@Suite("Media player chart", .timeLimit(.minutes(1)))
struct MediaPlayerChartTests {
  enum Player: Hashable, Sendable, Codable {
    case off, active, media, playback, playing, paused, audio, unmuted, muted, resume, standby, ejected
  }
  enum Control: Hashable, Sendable, Codable {
    case powerOn, play, pause, mute, unmute, volumeUp, standby, wake, eject
  }
  struct Settings: Hashable, Sendable, Codable { var volume = 5 }

  static let player = Statechart<Player, Control, Settings>("player", initial: .off, context: Settings()) {
    StateNode(.off) {
      OnEvent(.powerOn, target: .active)
    }
    StateNode(.active, initial: .media) {  // compound
      StateNode(parallel: .media) {  // two regions, both active
        StateNode(.playback, initial: .playing) {
          StateNode(.playing) {
            Entry(.output("startAudio"))
            Exit(.output("stopAudio"))
            OnEvent(.pause, target: .paused)
            After(.seconds(30), target: .paused, actions: [.output("autoPause")])
          }
          StateNode(.paused) { OnEvent(.play, target: .playing) }
        }
        StateNode(.audio, initial: .unmuted) {
          StateNode(.unmuted) {
            OnEvent(.mute, target: .muted)
            OnEvent(
              .volumeUp, guard: { $0.context.volume < 10 },
              actions: [.assign { $0.volume += 1 }, .output("volumeChanged")])
          }
          StateNode(.muted) { OnEvent(.unmute, target: .unmuted) }
        }
      }
      StateNode(history: .resume, .deep)  // remembers both regions
      OnEvent(.standby, target: .standby)
      OnEvent(.eject, target: .ejected)
    }
    StateNode(.standby) { OnEvent(.wake, target: .resume) }
    StateNode(final: .ejected)  // ends the chart
  }

  @Test func theStepFunctionDrivesThePlayer() {
    let player = Self.player
    var snapshot = player.initialTransition().snapshot  // [off]
    #expect(snapshot.configuration == [.off])
    let step = player.transition(from: snapshot, on: .powerOn)
    #expect(step.snapshot.isIn(.playing))  // true; ancestors are active too
    #expect(step.snapshot.isIn(.active))
    guard case .output(let output, _, _) = step.effects.first else {
      Issue.record("expected an output, got \(step.effects)")
      return
    }
    #expect(output == "startAudio")
    snapshot = player.advance(step.snapshot, by: .seconds(30)).snapshot  // the auto-pause fires
    #expect(snapshot.isIn(.paused))
  }

  @Test func deepHistoryBringsBothRegionsBack() {
    let player = Self.player
    var snapshot = player.initialTransition().snapshot
    for control in [Control.powerOn, .volumeUp, .mute, .pause, .standby] {
      snapshot = player.transition(from: snapshot, on: control).snapshot
    }
    #expect(snapshot.configuration == [.standby])
    snapshot = player.transition(from: snapshot, on: .wake).snapshot
    #expect(snapshot.configuration == [.active, .media, .playback, .paused, .audio, .muted])
    #expect(snapshot.context.volume == 6)
  }

  @Test func runningThePlayer() async {
    let audio = Log<String>()
    let running = AsyncStatechartSequence(Self.player, clock: TestClock()) { output, settings in
      if output == "startAudio" { audio.append("play at \(settings.volume)") }
    }
    await running.send(.powerOn)
    #expect(running.isIn(.playing))
    #expect(audio.all == ["play at 5"])
    await running.send(.eject)
    #expect(running.isDone)
  }

  @Test(arguments: player.shortestPaths(events: [.powerOn, .pause, .mute, .standby, .wake, .eject]))
  func theRunningPlayerFollowsEachPath(_ path: ChartPath<Player, Control, Settings>) async {
    let running = AsyncStatechartSequence(Self.player, clock: TestClock())
    for event in path.events { await running.send(event) }
    #expect(running.snapshot.configuration == path.snapshot.configuration)
  }

  /// The test-store test of the Testing article.
  @MainActor
  @Test func thePlayerPausesItselfAfterThirtySeconds() async {
    let player = Self.player
    let clock = TestClock()
    let store = TestStore(chart: player, clock: clock)
    await store.send(.powerOn) {
      $0.configuration = [.active, .media, .playback, .playing, .audio, .unmuted]
    }
    await store.send(.volumeUp) { $0.context.volume = 6 }
    await clock.advance(by: .seconds(30))
    await store.receiveStateChange {
      $0.configuration = [.active, .media, .playback, .paused, .audio, .unmuted]
    }
    await store.send(.eject) { $0.configuration = [.ejected] }
    await store.finish()
  }

  @Test func theDefinitionIsValidAndLintsClean() {
    #expect(Self.player.validate().isEmpty)
    #expect(
      Self.player.lint(events: [.powerOn, .play, .pause, .mute, .unmute, .volumeUp, .standby, .wake, .eject]).isEmpty)
  }
}
